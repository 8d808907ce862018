import { randomUUID } from 'node:crypto';
import { decideProject, evolveProject, initialProjectState, type ProjectCommand, type ProjectStreamState } from '@shop/domain';
import type { Pool } from '@shop/infra';

/**
 * Realistic project histories made by the domain's own decider (so every projection can read
 * them), bulk-loaded straight into the events table: a benchmark set-up, not a code path.
 * Each project: created, then draft saves, submitted, returned to draft, saved again.
 */
export function projectHistory(projectId: string, ownerId: string, events: number, at: string) {
  const actor = { userId: ownerId, isStaff: false };
  const draft = (n: number) => ({ name: `Project ${projectId.slice(0, 6)} v${n}`, fabrics: [{ id: 'f1', name: 'Linen', items: [{ product_id: 0, product_type: 'X', name: 'Seat', description: 'A seat cushion', quantity: 2, has_upholstery: false }] }] });
  const commands: ProjectCommand[] = [{ type: 'CreateProject', projectId, orderNumber: 1001, ownerId, draft: draft(0), at, actor }];
  for (let n = 1; commands.length < events; n++) {
    commands.push(n % 5 === 0 ? { type: 'SubmitForReview', at, actor } : n % 5 === 1 && n > 1 ? { type: 'ReturnToDraft', at, actor } : { type: 'SaveDraft', draft: draft(n), at, actor });
  }
  let state: ProjectStreamState = initialProjectState();
  const out: Array<{ type: string; data: Record<string, unknown> }> = [];
  for (const command of commands) {
    for (const event of decideProject(command, state)) {
      out.push(event as { type: string; data: Record<string, unknown> });
      state = evolveProject(state, event);
    }
  }
  return out.slice(0, events);
}

/** Loads `total` events as projects of `perProject` events each; returns the project ids. */
export async function loadEvents(pool: Pool, total: number, perProject = 10): Promise<string[]> {
  const at = '2026-06-01T12:00:00.000Z';
  const template = projectHistory('00000000-template', 'owner-template', perProject, at);
  const projects: string[] = [];
  const rows: unknown[][] = [[], [], [], [], [], [], []];
  const flush = async () => {
    if (rows[0]!.length === 0) return;
    // Each project's events are in one batch from revision 0: chained per stream as the append
    // chains them (shop_chain_hashes, decision 0345), so the loaded log verifies.
    await pool.query(
      `INSERT INTO events (event_id, stream_id, stream_revision, event_type, schema_version, data, metadata, recorded_at, event_hash)
       SELECT c.id, g.stream, c.n - 1, c.type, c.version, c.data, c.metadata, now(), c.hash
         FROM (SELECT stream, array_agg(id ORDER BY revision) AS ids, array_agg(type ORDER BY revision) AS types,
                      array_agg(version ORDER BY revision) AS versions, array_agg(data ORDER BY revision) AS data,
                      array_agg(metadata ORDER BY revision) AS metadata
                 FROM unnest($1::uuid[], $2::text[], $3::bigint[], $4::text[], $5::int[], $6::jsonb[], $7::jsonb[])
                      AS r(id, stream, revision, type, version, data, metadata)
                GROUP BY stream) AS g
        CROSS JOIN LATERAL unnest(g.ids, g.types, g.versions, g.data, g.metadata,
                                  shop_chain_hashes(NULL, g.stream, 0, g.ids, g.types, g.versions, g.data, g.metadata, now()))
                   WITH ORDINALITY AS c(id, type, version, data, metadata, hash, n)`,
      rows,
    );
    for (const column of rows) column.length = 0;
  };
  for (let p = 0; p * perProject < total; p++) {
    const projectId = randomUUID();
    const ownerId = `owner-${p % 500}`;
    projects.push(projectId);
    const count = Math.min(perProject, total - p * perProject);
    // Same history shape for every project, with its own ids.
    const json = JSON.stringify(template.slice(0, count)).replaceAll('00000000-template', projectId).replaceAll('owner-template', ownerId);
    for (const [revision, event] of (JSON.parse(json) as typeof template).entries()) {
      rows[0]!.push(randomUUID());
      rows[1]!.push(`project-${projectId}`);
      rows[2]!.push(revision);
      rows[3]!.push(event.type);
      rows[4]!.push(1);
      rows[5]!.push(JSON.stringify(event.data));
      rows[6]!.push(JSON.stringify({ actor: ownerId, correlationId: randomUUID(), causationId: null, occurredAt: at }));
    }
    if (rows[0]!.length >= 5000) await flush();
  }
  await flush();
  await pool.query('INSERT INTO streams (stream_id, revision) SELECT stream_id, max(stream_revision) FROM events GROUP BY stream_id ON CONFLICT (stream_id) DO UPDATE SET revision = EXCLUDED.revision');
  return projects;
}
