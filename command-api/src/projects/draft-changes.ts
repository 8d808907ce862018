import { seedProducts, validateProjectDraft, validationFailed, ruleViolation, type Project, type ProjectDraft, type ProjectNotes, type ProjectState } from '@shop/domain';
import { currentDraft, sameJson, type ProjectCommandInput } from './project-commands.js';
import type { ProjectUpdateBody } from './project-schemas.js';

/**
 * Fields a customer may not set on their own project: tax exemption and the shipping cost are
 * staff decisions (docs/decisions/0041). A customer's value is replaced by the project's current one.
 */
export function withStaffOnlyFieldsKept(draft: ProjectDraft, project: Project | null, isStaff: boolean): ProjectDraft {
  if (isStaff) return draft;
  const notes: ProjectNotes = { ...(draft.notes ?? {}) };
  delete notes.tax_exempt;
  if (project?.notes.tax_exempt !== undefined) notes.tax_exempt = project.notes.tax_exempt;
  return { ...draft, notes, shipping_cost: project?.shipping_cost ?? 0 };
}

/** The draft after applying the fields the request carries (absent fields keep their value). */
export function mergedDraft(project: Project, body: ProjectUpdateBody, isStaff: boolean): ProjectDraft {
  const current = currentDraft(project);
  const category = body.category === undefined ? current.category : body.category ?? undefined;
  const merged: ProjectDraft = {
    name: body.name ?? current.name,
    ...(category !== undefined ? { category } : {}),
    fabrics: body.fabrics ?? current.fabrics,
    additional_notes: body.additional_notes ?? current.additional_notes,
    notes: body.notes ?? current.notes,
    shipping_notes: body.shipping_notes ?? current.shipping_notes,
    shipping_cost: body.shipping_cost ?? current.shipping_cost,
  };
  return withStaffOnlyFieldsKept(merged, project, isStaff);
}

/** SaveDraft only when the request changes something: re-sending an unchanged body is harmless in any state. */
export function saveDraftIfChanged(project: Project, draft: ProjectDraft): ProjectCommandInput[] {
  return sameJson(draft, currentDraft(project)) ? [] : [{ type: 'SaveDraft', draft }];
}

/** Before review the whole project must be complete, with the SPEC §5 message per field. */
export function requireCompleteDraft(draft: ProjectDraft): void {
  const problems = validateProjectDraft(draft, seedProducts);
  if (problems.length > 0) throw validationFailed(problems);
}

/** The moves a customer makes with `state` on PUT /api/projects/{id}/: submit (D→R) and withdraw (R→D). */
export function customerStateMove(from: ProjectState, to: ProjectState | undefined, draft: ProjectDraft): ProjectCommandInput[] {
  if (to === undefined || to === from) return [];
  if (from === 'D' && to === 'R') {
    requireCompleteDraft(draft);
    return [{ type: 'SubmitForReview' }];
  }
  if (from === 'R' && to === 'D') return [{ type: 'ReturnToDraft', reason: 'Withdrawn by the customer' }];
  throw ruleViolation('ILLEGAL_TRANSITION', `A project in state ${from} cannot be moved to ${to} here.`);
}
