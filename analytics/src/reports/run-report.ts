import type { DomainEvent } from '@shop/domain';
import type { EventStore, StoredEvent } from '@shop/infra/log-reading';
import { readTheLog } from './log-reader.js';
import type { AnyReport, ReportEvent, ReportOptions, ReportRow } from './report.js';

/**
 * Runs a report's fold over the log as it was at `options.asOf` (or all of it): `initial`, then
 * `evolve` for every event in the log's order, then `rows`. Built-in and analysts' reports run
 * the same way, on the same reader.
 */
export async function runReport(eventStore: EventStore, report: AnyReport, options: ReportOptions, onProgress?: (done: number, total: number) => void): Promise<ReportRow[]> {
  let state: unknown = report.initial(options);
  await readTheLog(eventStore, { asOf: options.asOf, onProgress }, (events) => {
    for (const event of events) state = report.evolve(state, reportEvent(event));
  });
  return report.rows(state, options);
}

/**
 * The domain's event with where the log holds it. The store validated the event when it was
 * appended and the opener upcast it to today's version, so it is not parsed again here.
 */
export function reportEvent(stored: StoredEvent): ReportEvent {
  return {
    type: stored.type,
    data: stored.data,
    position: stored.globalPosition,
    streamId: stored.streamId,
    revision: stored.revision,
    occurredAt: stored.metadata.occurredAt,
    actor: stored.metadata.actor,
  } as unknown as DomainEvent & ReportEvent;
}
