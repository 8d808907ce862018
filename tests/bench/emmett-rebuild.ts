import {
  getPostgreSQLEventStore,
  pongoSingleStreamProjection,
  postgreSQLRawSQLProjection,
  rebuildPostgreSQLProjections,
} from '@event-driven-io/emmett-postgresql';
import pg from 'pg';
import { evolveProject, initialProjectState, type ProjectEvent, type ProjectStreamState } from '@shop/domain';

/**
 * The peer for the replay benchmark (replay-bench.ts): the same log rebuilt into an equivalent
 * read model by Emmett's PostgreSQL projections, in a process of its own (Emmett's driver swaps
 * node-postgres' global type parsers, which would change every other case in the bench's process).
 *
 * - `load`: appends every stream of our `events` table to Emmett's store in the same database,
 *   one `appendToStream` per stream with all its events, in the log's order of streams, one after another.
 * - `rebuild`: rebuilds, twice in this process (a process's first, then warm), the projects'
 *   folded states (a Pongo document per project, folded with the domain's own `evolve`, as our
 *   `projects` read model keeps them) and a row per project event (stream, revision, type, data,
 *   actor, time: our `project_history` audit log's content), each from an empty table, with
 *   `rebuildPostgreSQLProjections`. Pulling in pages of 1,000 with no pause between pages (its
 *   defaults, 100 and 50 ms, would make it wait more than it works). Prints the two times as JSON.
 */
const url = process.env.DATABASE_URL!;

async function load(): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ stream_id: string; types: string[]; data: string[]; metadata: string[] }>(
    `SELECT stream_id, array_agg(event_type ORDER BY stream_revision) AS types, array_agg(data::text ORDER BY stream_revision) AS data,
            array_agg(metadata::text ORDER BY stream_revision) AS metadata
       FROM events GROUP BY stream_id ORDER BY min(global_position)`,
  );
  await client.end();
  const store = getPostgreSQLEventStore(url, { schema: { autoMigration: 'CreateOrUpdate' } });
  try {
    let next = 0;
    const appendNext = async (): Promise<void> => {
      for (let i = next++; i < rows.length; i = next++) {
        const stream = rows[i]!;
        await store.appendToStream(
          stream.stream_id,
          stream.types.map((type, k) => ({ type, data: JSON.parse(stream.data[k]!) as Record<string, unknown>, metadata: JSON.parse(stream.metadata[k]!) as Record<string, unknown> })),
        );
      }
    };
    // One at a time: Emmett's reader orders by transaction but pages by global position, so
    // appends committed out of position order (concurrent ones) would be skipped by its rebuild.
    await appendNext();
  } finally {
    await store.close();
  }
}

type EmmettEvent = { type: string; data: Record<string, unknown>; metadata: { streamName: string; streamPosition: bigint; actor?: string; occurredAt?: string } };

const projectsDocuments = pongoSingleStreamProjection({
  collectionName: 'emmett_projects',
  canHandle: [] as string[], // all project events: filled below from the log
  initialState: () => initialProjectState(),
  evolve: (state: ProjectStreamState, event: EmmettEvent) => evolveProject(state, { type: event.type, data: event.data } as ProjectEvent),
} as unknown as Parameters<typeof pongoSingleStreamProjection>[0]);

const escape = (value: string | null | undefined) => (value == null ? 'NULL' : pg.Client.prototype.escapeLiteral(value));

const projectLog = postgreSQLRawSQLProjection({
  name: 'emmett_project_log',
  canHandle: [] as string[],
  evolve: (event: EmmettEvent) =>
    `INSERT INTO emmett_project_log (stream_id, revision, event_type, data, actor, occurred_at) VALUES (${escape(event.metadata.streamName)}, ${event.metadata.streamPosition},
       ${escape(event.type)}, ${escape(JSON.stringify(event.data))}, ${escape(event.metadata.actor)}, ${escape(event.metadata.occurredAt)})`,
  init: () => 'CREATE TABLE IF NOT EXISTS emmett_project_log (stream_id text NOT NULL, revision bigint NOT NULL, event_type text NOT NULL, data jsonb NOT NULL, actor text, occurred_at timestamptz, PRIMARY KEY (stream_id, revision))',
} as unknown as Parameters<typeof postgreSQLRawSQLProjection>[0]);

/** Seconds to rebuild both from empty tables and no checkpoint. */
async function rebuild(): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const types = (await client.query<{ event_type: string }>("SELECT DISTINCT message_type AS event_type FROM emt_messages WHERE stream_id LIKE 'project-%'")).rows.map((row) => row.event_type);
  for (const projection of [projectsDocuments, projectLog]) (projection as { canHandle: string[] }).canHandle = types;
  const started = performance.now();
  // From empty: no documents, no log rows, no checkpoint (Emmett's own tables; created on first use).
  await client.query('DROP TABLE IF EXISTS emmett_projects, emmett_project_log');
  await client.query("DELETE FROM emt_processors WHERE processor_id LIKE '%emmett_%'").catch(() => undefined);
  await client.end();
  const consumer = rebuildPostgreSQLProjections({
    connectionString: url,
    projections: [projectsDocuments, projectLog],
    pulling: { batchSize: 1000, pullingFrequencyInMs: 0 },
  } as unknown as Parameters<typeof rebuildPostgreSQLProjections>[0]);
  try {
    await consumer.start();
  } finally {
    await consumer.close();
  }
  const seconds = (performance.now() - started) / 1000;
  await checkComplete();
  return seconds;
}

/** Every project event has its row and every project stream its document, or the figure means nothing. */
async function checkComplete(): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ events: number; streams: number; rows: number; documents: number }>(
      `SELECT (SELECT count(*)::int FROM emt_messages WHERE stream_id LIKE 'project-%') AS events,
              (SELECT count(DISTINCT stream_id)::int FROM emt_messages WHERE stream_id LIKE 'project-%') AS streams,
              (SELECT count(*)::int FROM emmett_project_log) AS rows, (SELECT count(*)::int FROM emmett_projects) AS documents`,
    );
    const { events, streams, rows: logged, documents } = rows[0]!;
    if (logged !== events || documents !== streams) throw new Error(`Emmett's rebuild is incomplete: ${logged} of ${events} rows, ${documents} of ${streams} documents`);
  } finally {
    await client.end();
  }
}

const what = process.argv[2];
if (what === 'load') await load();
else if (what === 'rebuild') console.log(JSON.stringify([await rebuild(), await rebuild()]));
else throw new Error('usage: emmett-rebuild.ts load|rebuild');
