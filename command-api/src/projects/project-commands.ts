import {
  actsForOwner,
  DomainError,
  projectDecider,
  projectView,
  type Actor,
  type Project,
  type ProjectCommand,
  type ProjectDraft,
  type ProjectStreamState,
} from '@shop/domain';
import { handleCommands } from '@shop/infra';
import { notFound, type SessionUser } from '@shop/http-shell';
import { actorOf, membershipsFor } from '../actor.js';
import type { RouteDeps } from '../deps.js';
import { projectStream } from '../streams.js';

type Omitted<C> = C extends unknown ? Omit<C, 'at' | 'actor'> : never;
export type ProjectCommandInput = Omitted<ProjectCommand>;

export interface ProjectCommandRun {
  user: SessionUser;
  correlationId: string;
  expectedRevision?: number | undefined;
}

/**
 * Loads a project, lets `plan` choose the commands from its current state, decides them all as
 * the caller (with their membership of the project's organization) and appends them together.
 * A stream without a live project answers 404 before anything is decided.
 */
export async function runProjectCommands(
  deps: Pick<RouteDeps, 'eventStore' | 'clock' | 'ids'>,
  projectId: string,
  run: ProjectCommandRun,
  plan: (project: Project, actor: Actor) => ProjectCommandInput[] | Promise<ProjectCommandInput[]>,
) {
  const at = deps.clock.now().toISOString();
  // Who may touch the project is settled before its input or its revision is judged: a stranger
  // learns nothing from a 400 or a 409 (docs/decisions/0080-authorization-matrix.md).
  const authorize = async (state: ProjectStreamState) => {
    if (state.status !== 'existing') throw notFound('This project');
    const actor = actorOf(run.user, await membershipsFor(deps.eventStore, run.user, state.project.organization_id));
    if (!actor.isStaff && !actsForOwner(actor, state.project)) throw new DomainError('forbidden', 'NOT_YOUR_PROJECT', 'This project belongs to someone else.');
    return { project: state.project, actor };
  };
  const result = await handleCommands(
    deps,
    projectDecider,
    projectStream(projectId),
    async (state: ProjectStreamState) => {
      const { project, actor } = await authorize(state);
      const commands = await plan(project, actor);
      return commands.map((command) => ({ ...command, at, actor }) as ProjectCommand);
    },
    { actor: run.user.userId, correlationId: run.correlationId, expectedRevision: run.expectedRevision, authorize: async (state) => void (await authorize(state)) },
  );
  return { view: projectView(result.state)!, revision: result.revision, events: result.events };
}

/** The draft body a project holds now, in the shape commands take. */
export function currentDraft(project: Project): ProjectDraft {
  return {
    name: project.name,
    ...(project.category !== null ? { category: project.category } : {}),
    fabrics: project.fabrics,
    additional_notes: project.additional_notes,
    notes: project.notes,
    shipping_notes: project.shipping_notes,
    shipping_cost: project.shipping_cost,
  };
}

/** Same content, whatever the key order. */
export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, canonical(v)]),
    );
  }
  return value;
}
