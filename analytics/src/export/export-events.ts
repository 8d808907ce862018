import type { EventStore, Pool, StoredEvent } from '@shop/infra/log-reading';
import { readTheLog } from '../reports/log-reader.js';
import { inPeriod } from '../reports/shop-calendar.js';
import { ActorRoles, type ActorRole } from './actor-roles.js';
import { eventRow, type ChainColumns, type EventRow } from './event-rows.js';
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

/**
 * The recorded time and chain hash of a page's events, one query per page: the log readers do not
 * carry them, and an export is not worth slowing those for. Both belong to the PostgreSQL log (its
 * hash chain, decision 0347): with EventStoreDB the export refuses to start (decision 0421).
 */
async function chainColumns(pool: Pool, positions: number[]): Promise<Map<number, ChainColumns>> {
  const result = await pool.query<{ position: string; recorded_at: string | null; chain_hash: string }>(
    `SELECT global_position::text AS position, to_char(recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS recorded_at,
            encode(event_hash, 'hex') AS chain_hash
       FROM events WHERE global_position = ANY($1::bigint[])`,
    [positions],
  );
  return new Map(result.rows.map((row) => [Number(row.position), { recordedAt: row.recorded_at, chainHash: row.chain_hash }]));
}

/** Writes one row per event in range (docs/decisions/0181); returns how many. */
export async function exportEvents({ pool, eventStore }: { pool: Pool; eventStore: EventStore }, options: ExportOptions): Promise<number> {
  const writer = options.format === 'parquet' ? new ParquetEvents(options.out) : new NdjsonEvents(options.out);
  const roles = new ActorRoles();
  let written = 0;
  let writing: Promise<void> = Promise.resolve();
  await readTheLog(eventStore, { asOf: options.asOf, onProgress: options.onProgress }, (events) => {
    const inRange: Array<{ event: StoredEvent; role: ActorRole }> = [];
    for (const event of events) {
      // Roles come from every account event, in range or not: a role is what the log says up to then.
      roles.observe(event);
      if (inPeriod(event.metadata.occurredAt, options)) inRange.push({ event, role: roles.roleOf(event.metadata.actor) });
    }
    written += inRange.length;
    writing = writing.then(async () => {
      const chain = await chainColumns(pool, inRange.map(({ event }) => event.globalPosition));
      const rows: EventRow[] = inRange.map(({ event, role }) => eventRow(event, chain.get(event.globalPosition)!, role, options.withPersonalData));
      await writer.add(rows);
    });
  });
  await writing;
  await writer.close();
  return written;
}
