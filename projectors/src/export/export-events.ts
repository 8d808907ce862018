import type { Pool } from '@shop/infra/log-reading';
import { readTheLog } from '../reports/log-reader.js';
import { inPeriod } from '../reports/shop-calendar.js';
import { ActorRoles } from './actor-roles.js';
import { eventRow, type EventRow } from './event-rows.js';
import { NdjsonEvents, ParquetEvents } from './write-events.js';

export interface ExportOptions {
  format: 'parquet' | 'ndjson';
  out: string;
  /** Shop-calendar days of the events' recording, both inclusive; null for no bound. */
  from: string | null;
  to: string | null;
  asOf: Date | null;
  withPersonalData: boolean;
  onProgress?: (done: number, total: number) => void;
}

/** Writes one row per event in range (docs/decisions/0181); returns how many. */
export async function exportEvents(pool: Pool, options: ExportOptions): Promise<number> {
  const writer = options.format === 'parquet' ? new ParquetEvents(options.out) : new NdjsonEvents(options.out);
  const roles = new ActorRoles();
  let written = 0;
  let writing: Promise<void> = Promise.resolve();
  await readTheLog(pool, { asOf: options.asOf, onProgress: options.onProgress }, (events) => {
    const rows: EventRow[] = [];
    for (const event of events) {
      // Roles come from every account event, in range or not: a role is what the log says up to then.
      roles.observe(event);
      if (inPeriod(event.metadata.occurredAt, options)) rows.push(eventRow(event, roles.roleOf(event.metadata.actor), options.withPersonalData));
    }
    written += rows.length;
    writing = writing.then(() => writer.add(rows));
  });
  await writing;
  await writer.close();
  return written;
}
