import { evolveProject, initialProjectState, ProjectEvent, projectView, type ProjectStreamState } from '@shop/domain';
import { viewChanges, type FieldChange } from './changes.js';

export interface AuditEventData {
  type: string;
  data: Record<string, unknown>;
}

/**
 * What each event of one project changed, oldest first: the project's stream folded with the
 * domain's evolve, each event's change the difference of the views before and after it. Worked
 * out when a project's audit is read (one project, tens of events) rather than stored for every
 * event of every rebuild (docs/decisions/0100, 0248). The events hold the data as the store
 * reads it now, so after an erasure the changes hold no personal values either.
 */
export function auditChanges(rows: readonly AuditEventData[]): FieldChange[][] {
  let state: ProjectStreamState = initialProjectState();
  let before = projectView(state);
  return rows.map((row) => {
    state = evolveProject(state, ProjectEvent.parse({ type: row.type, data: row.data }));
    const after = projectView(state);
    const changes = viewChanges(before, after);
    before = after;
    return changes;
  });
}
