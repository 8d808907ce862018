import type { PoolClient, StoredEvent } from '@shop/infra';

/** Taken by every transaction that writes live changes; held until it commits (docs/decisions/0170). */
const LIVE_CHANGES_LOCK = 7_170_001;

/** The user a project's event stops from reading it: the old owner of a transfer (decision 0247). */
function formerReaderOf(event: StoredEvent): string | null {
  if (event.type !== 'ProjectTransferred') return null;
  const { fromUserId, toUserId } = event.data;
  return typeof fromUserId === 'string' && fromUserId !== toUserId ? fromUserId : null;
}

/**
 * Collects, per stream, what a batch changed: its newest applied revision, the read models it
 * touched, and the users who could read the stream before and no longer can.
 */
export class LiveChanges {
  private readonly streams = new Map<string, { revision: number; readModels: Set<string>; eventAt: string; formerReaders: Set<string> }>();

  add(projection: string, events: readonly StoredEvent[]): void {
    for (const event of events) {
      const former = formerReaderOf(event);
      const found = this.streams.get(event.streamId);
      if (!found) {
        const formerReaders = new Set(former ? [former] : []);
        this.streams.set(event.streamId, { revision: event.revision, readModels: new Set([projection]), eventAt: event.metadata.occurredAt, formerReaders });
        continue;
      }
      if (former) found.formerReaders.add(former);
      found.readModels.add(projection);
      if (event.revision > found.revision) Object.assign(found, { revision: event.revision, eventAt: event.metadata.occurredAt });
    }
  }

  /**
   * Writes one `live_changes` row per stream and wakes every query-api process with a NOTIFY, in
   * the batch's transaction: PostgreSQL delivers the NOTIFY only once that transaction commits,
   * which is when the rows a browser will refetch are readable. The advisory lock, taken before
   * the ids are drawn and held until commit, makes ids visible in id order (no reader skips one).
   */
  async record(client: PoolClient): Promise<void> {
    if (this.streams.size === 0) return;
    const entries = [...this.streams];
    await client.query(
      `WITH locked AS (SELECT pg_advisory_xact_lock(${LIVE_CHANGES_LOCK})),
       added AS (
         INSERT INTO live_changes (stream_id, revision, read_models, event_at, former_readers)
         SELECT t.stream_id, t.revision, string_to_array(t.read_models, ','), t.event_at, string_to_array(t.former_readers, ',')
           FROM locked, unnest($1::text[], $2::bigint[], $3::text[], $4::timestamptz[], $5::text[]) AS t(stream_id, revision, read_models, event_at, former_readers)
         RETURNING id)
       SELECT pg_notify('shop_live_changes', max(id)::text) FROM added`,
      [
        entries.map(([stream]) => stream),
        entries.map(([, change]) => change.revision),
        entries.map(([, change]) => [...change.readModels].sort().join(',')),
        entries.map(([, change]) => change.eventAt),
        entries.map(([, change]) => [...change.formerReaders].join(',')),
      ],
    );
  }
}
