import { getPostgreSQLEventStore, pongoSingleStreamProjection, rebuildPostgreSQLProjections } from '@event-driven-io/emmett-postgresql';
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
 *   `projects` read model keeps them) from an empty table, with `rebuildPostgreSQLProjections`.
 *   (It also wrote a row per project event, our audit log's copy, until decision 0248 made the
 *   audit a read of the stream.) Pulling in pages of 1,000 with no pause between pages (its
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

/** Seconds to rebuild from an empty table and no checkpoint. */
async function rebuild(): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const types = (await client.query<{ event_type: string }>("SELECT DISTINCT message_type AS event_type FROM emt_messages WHERE stream_id LIKE 'project-%'")).rows.map((row) => row.event_type);
  (projectsDocuments as { canHandle: string[] }).canHandle = types;
  const started = performance.now();
  // From empty: no documents, no checkpoint (Emmett's own tables; created on first use).
  await client.query('DROP TABLE IF EXISTS emmett_projects');
  await client.query("DELETE FROM emt_processors WHERE processor_id LIKE '%emmett_%'").catch(() => undefined);
  await client.end();
  const consumer = rebuildPostgreSQLProjections({
    connectionString: url,
    projections: [projectsDocuments],
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

/** Every project stream has its document, or the figure means nothing. */
async function checkComplete(): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ streams: number; documents: number }>(
      `SELECT (SELECT count(DISTINCT stream_id)::int FROM emt_messages WHERE stream_id LIKE 'project-%') AS streams,
              (SELECT count(*)::int FROM emmett_projects) AS documents`,
    );
    const { streams, documents } = rows[0]!;
    if (documents !== streams) throw new Error(`Emmett's rebuild is incomplete: ${documents} of ${streams} documents`);
  } finally {
    await client.end();
  }
}

const what = process.argv[2];
if (what === 'load') await load();
else if (what === 'rebuild') console.log(JSON.stringify([await rebuild(), await rebuild()]));
else throw new Error('usage: emmett-rebuild.ts load|rebuild');
