import type { PoolClient, StoredEvent } from '@shop/infra';
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
   */
  async record(client: PoolClient): Promise<void> {
    if (this.streams.size === 0) return;
    const entries = [...this.streams];
    await client.query(
      `WITH locked AS (SELECT pg_advisory_xact_lock(${LIVE_CHANGES_LOCK})),
       added AS (
         INSERT INTO live_changes (stream_id, revision, read_models, event_at, former_readers, former_organizations)
         SELECT t.stream_id, t.revision, string_to_array(t.read_models, ','), t.event_at, string_to_array(t.former_readers, ','), string_to_array(t.former_organizations, ',')
           FROM locked, unnest($1::text[], $2::bigint[], $3::text[], $4::timestamptz[], $5::text[], $6::text[])
             AS t(stream_id, revision, read_models, event_at, former_readers, former_organizations)
         RETURNING id)
       SELECT pg_notify('shop_live_changes', max(id)::text) FROM added`,
      [
        entries.map(([stream]) => stream),
        entries.map(([, change]) => change.revision),
        entries.map(([, change]) => [...change.readModels].sort().join(',')),
        entries.map(([, change]) => change.eventAt),
        entries.map(([, change]) => [...change.formerUsers].join(',')),
        entries.map(([, change]) => [...change.formerOrganizations].join(',')),
      ],
    );
  }
}

interface Change {
  revision: number;
  readModels: Set<string>;
  eventAt: string;
  formerUsers: Set<string>;
  formerOrganizations: Set<string>;
}
