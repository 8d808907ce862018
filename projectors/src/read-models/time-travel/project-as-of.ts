import { evolveProject, initialProjectState, projectView, readDomainEvents, type ProjectEvent, type ProjectStreamState, type ProjectView } from '@shop/domain';
import type { EventStore } from '@shop/infra';
import { atOf } from '../event-stamp.js';

export interface ProjectAsOf {
  view: ProjectView | null;
  /** Revision of the last event folded in; -1 when the project did not exist yet. */
  revision: number;
}

/**
 * Staff time travel: the project exactly as it was at `asOf`, folded from its stream with the
 * domain's evolve up to the last event that had happened by then. Like the audit beside it
 * (project-audit/audit-log.ts) it folds a stream on request: it is defined as that fold, and it is
 * rare. It lives on the read side so the query API reaches the event store only through read-side
 * modules.
 */
export async function projectAsOf(eventStore: EventStore, streamId: string, asOf: Date): Promise<ProjectAsOf> {
  let state: ProjectStreamState = initialProjectState();
  let revision = -1;
  for (const event of await eventStore.readStream(streamId)) {
    if (Date.parse(atOf(event)) > asOf.getTime()) break;
    for (const read of readDomainEvents(event)) state = evolveProject(state, read as ProjectEvent);
    revision = event.revision;
  }
  return { view: projectView(state), revision };
}
