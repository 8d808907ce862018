import { activeTraceparent, type PoolClient, type StoredEvent } from '@shop/infra';
import type { FormerReaders } from './projection.js';

/** Taken by every transaction that writes live changes; held until it commits (docs/decisions/0170). */
const LIVE_CHANGES_LOCK = 7_170_001;

/**
 * Collects, per stream, what a batch changed: its newest applied revision, the read models it
 * touched, and who could read the stream before and may not now: the users and organizations the
 * projection the audience is read from (`projects`) named as it applied a transfer, so only that
 * batch's change tells them, however many batches apply the transfer (decision 0247).
 */
export class LiveChanges {
  private readonly streams = new Map<string, Change>();

  add(projection: string, events: readonly StoredEvent[], formerReaders?: ReadonlyMap<string, FormerReaders>): void {
    for (const event of events) {
      let found = this.streams.get(event.streamId);
      if (!found) {
        found = { revision: event.revision, readModels: new Set(), eventAt: event.metadata.occurredAt, formerUsers: new Set(), formerOrganizations: new Set() };
        this.streams.set(event.streamId, found);
      }
      found.readModels.add(projection);
      if (event.revision > found.revision) Object.assign(found, { revision: event.revision, eventAt: event.metadata.occurredAt });
    }
    for (const [stream, readers] of formerReaders ?? []) {
      const found = this.streams.get(stream);
      for (const user of readers.users) found?.formerUsers.add(user);
      for (const organization of readers.organizations) found?.formerOrganizations.add(organization);
    }
  }

  /**
   * Writes one `live_changes` row per stream and wakes every query-api process with a NOTIFY, in
   * the batch's transaction: PostgreSQL delivers the NOTIFY only once that transaction commits,
   * which is when the rows a browser will refetch are readable. The advisory lock, taken before
   * the ids are drawn and held until commit, makes ids visible in id order (no reader skips one).
   *
   * `before` is the batch's last other write (its revisions and checkpoints), sent in the same
   * statement as data-modifying CTEs that return a row count: one round trip fewer per batch
   * (decision 0289). The lock is taken after them, as when they were a statement of their own:
   * its CTE reads their counts, which makes PostgreSQL run them first.
   */
  async record(client: PoolClient, before: WriteBefore): Promise<void> {
    if (this.streams.size === 0) {
      await client.query(`WITH ${before.ctes} SELECT ${before.counts.join(' + ')}`, before.params);
      return;
    }
    const entries = [...this.streams];
    const at = before.params.length;
    await client.query(
      `WITH ${before.ctes},
       locked AS (SELECT pg_advisory_xact_lock(${LIVE_CHANGES_LOCK}) FROM (SELECT ${before.counts.join(' + ')}) AS written),
       added AS (
         INSERT INTO live_changes (stream_id, revision, read_models, event_at, former_readers, former_organizations, traceparent)
         SELECT t.stream_id, t.revision, string_to_array(t.read_models, ','), t.event_at, string_to_array(t.former_readers, ','), string_to_array(t.former_organizations, ','), $${at + 7}::text
           FROM locked, unnest($${at + 1}::text[], $${at + 2}::bigint[], $${at + 3}::text[], $${at + 4}::timestamptz[], $${at + 5}::text[], $${at + 6}::text[])
             AS t(stream_id, revision, read_models, event_at, former_readers, former_organizations)
         RETURNING id)
       SELECT pg_notify('shop_live_changes', max(id)::text) FROM added`,
      [
        ...before.params,
        entries.map(([stream]) => stream),
        entries.map(([, change]) => change.revision),
        entries.map(([, change]) => [...change.readModels].sort().join(',')),
        entries.map(([, change]) => change.eventAt),
        entries.map(([, change]) => [...change.formerUsers].join(',')),
        entries.map(([, change]) => [...change.formerOrganizations].join(',')),
        // The batch's span (decision 0400); null with tracing off.
        activeTraceparent() ?? null,
      ],
    );
  }
}

/** Data-modifying CTEs (`name AS (... RETURNING 1)`) run before the live rows, with the scalar counts that read them. */
export interface WriteBefore {
  ctes: string;
  counts: string[];
  params: unknown[];
}

interface Change {
  revision: number;
  readModels: Set<string>;
  eventAt: string;
  formerUsers: Set<string>;
  formerOrganizations: Set<string>;
}
