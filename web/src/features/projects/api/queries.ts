import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '../../../lib/query-keys';
import { fetchFabrics, fetchProducts, type Catalogue } from './catalogue';
import { fetchProject, fetchTimeline, type ProjectDetail } from './projects';

/** Cache keys of the editor's and summary's reads; a project's sit under the customer's project key. */
const projectKeys = {
  catalogue: ['catalogue', 'editor'] as const,
  /** The project as the editor opens it, at least at `afterRevision` when this browser wrote it. */
  detail: (id: string, afterRevision: number | undefined) => [...queryKeys.project(id), 'detail', afterRevision ?? null] as const,
  /** The project followed while shown (useFollowedProject). */
  followed: (id: string) => [...queryKeys.project(id), 'followed'] as const,
  /** Keyed by the project's state too: a state change adds a step, so it is a new timeline. */
  timeline: (id: string, state: string | undefined) => [...queryKeys.project(id), 'timeline', state ?? null] as const,
};

/** Products and fabrics (SPEC §4; `isFetching` is the fetching flag). They change only with a deploy: read once per visit. */
export function useEditorCatalogue(enabled: boolean) {
  return useQuery({
    queryKey: projectKeys.catalogue,
    queryFn: async (): Promise<Catalogue> => {
      const [products, fabrics] = await Promise.all([fetchProducts(), fetchFabrics()]);
      return { ...products, fabrics: fabrics.fabrics };
    },
    staleTime: Infinity,
    enabled,
  });
}

/**
 * The project the editor opens. The editor store then holds it as the customer's draft, so this
 * read is only the way in: it is not kept once unused (gcTime 0), and opening the project again
 * reads it again, as the server may have changed it meanwhile.
 */
export function useProjectDetail(id: string, afterRevision: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: projectKeys.detail(id, afterRevision),
    queryFn: () => fetchProject(id, afterRevision),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * The project as the server has it now, while the summary or editor shows it: read again on every
 * visit (the store keeps the project between visits) and whenever the live push invalidates it.
 * `afterRevision` keeps it from reading older than this browser's own last write.
 */
export function useFollowedProject(id: string, afterRevision: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: projectKeys.followed(id),
    queryFn: () => fetchProject(id, afterRevision),
    enabled,
    // Only so the read that opened the project (seeded below) is not read again at once.
    staleTime: 2_000,
    refetchOnMount: 'always',
  });
}

/** The read that opens a project is the followed project's first answer too. */
export function useSeedFollowedProject(): (id: string, project: ProjectDetail) => void {
  const client = useQueryClient();
  return useCallback((id, project) => client.setQueryData(projectKeys.followed(id), project), [client]);
}

export function useProjectTimeline(id: string | null, state: string | undefined) {
  return useQuery({ queryKey: projectKeys.timeline(id ?? '', state), queryFn: () => fetchTimeline(id!), enabled: id !== null });
}

/**
 * What a write from the editor or the summary changes: the project list is dropped, so it is read
 * afresh when opened (no deleted or renamed row shows meanwhile), and the project's reads are invalidated.
 */
export function useAfterProjectWrite(): () => void {
  const client = useQueryClient();
  return useCallback(() => {
    client.removeQueries({ queryKey: queryKeys.projectList });
    void client.invalidateQueries({ queryKey: queryKeys.projects });
  }, [client]);
}
