import { Cents, Fabric, ProjectDraft, ProjectNotes, ProjectState, ShippingNotes } from '@shop/domain';
import { z } from 'zod';

/** Path ids: the ids we make are UUIDs; anything else is simply not found. */
export const IdParam = z.string().min(1).max(64);
export const ProjectParams = z.object({ id: IdParam });

/** The revision the client last saw; a stale one answers 409 instead of overwriting. */
export const RevisionField = z.number().int().min(-1).optional().describe('Stream revision the client last saw (optional optimistic lock)');

/** SPEC §3 update payload: id, name, category, state, fabrics, notes, shipping_notes, shipping_cost. */
export const ProjectUpdateFields = {
  id: z.string().max(64).optional(),
  name: ProjectDraft.shape.name.optional(),
  category: z.string().max(8).nullable().optional(),
  state: ProjectState.optional(),
  fabrics: z.array(Fabric).max(50).optional(),
  additional_notes: z.string().max(8000).optional(),
  notes: ProjectNotes.optional(),
  shipping_notes: ShippingNotes.optional(),
  shipping_cost: Cents.optional(),
  revision: RevisionField,
};
export const ProjectUpdateBody = z.object(ProjectUpdateFields);
export type ProjectUpdateBody = z.infer<typeof ProjectUpdateBody>;

/**
 * POST /api/projects/: the draft plus the organization it is for; or, with `copy_from`, a copy of
 * that project made by the SPEC §5 copy rule from the project as stored (the draft fields are then
 * not used: the copy is named "COPY OF: " + the source's name).
 */
export const ProjectCreateBody = ProjectDraft.extend({
  name: ProjectDraft.shape.name.default(''),
  fabrics: ProjectDraft.shape.fabrics.default([]),
  organization_id: z.string().max(64).nullable().optional(),
  copy_from: IdParam.optional().describe('Id of a project to copy (SPEC §5 copy rule); the draft fields are then ignored'),
});
