import { Router } from 'express';
import { z } from 'zod';
import { readProjectionLag } from '@shop/infra';
import { documentRead, HttpError, parseRequest } from '@shop/http-shell';
import type { QueryDeps } from '../deps.js';
import { ReadModelLag } from '../openapi/response-schemas.js';

/**
 * A read model is "catching up" when it is behind the log by more than a moment: a write's own
 * events are usually applied within a few hundred milliseconds (and the writer's next read waits
 * for them, decision 0062), so a short lag of a few events is no news to anyone.
 */
const MOMENT_MS = 1_500;
const MANY_EVENTS = 100;

const LagQuery = z.object({
  query: z.object({
    read_models: z
      .string()
      .max(300)
      .optional()
      .describe('Comma-separated read-model names (projects, project_history, revenue, users, organizations, notifications); all when absent.'),
  }),
});

/**
 * How far the read models a page reads are behind the event log, so the page can say "catching
 * up: N events behind" and read again once they are not (docs/api-conventions.md "Catching up").
 * Public: it names no one and no amount; the web asks once per page and polls only while behind.
 */
export function readModelLagRoutes(deps: QueryDeps): Router {
  const router = Router();
  documentRead(deps.registry, {
    path: '/read-models/lag/',
    summary: 'Whether the named read models are catching up on the event log, and by how many events',
    tag: 'Operations',
    access: 'public',
    query: LagQuery.shape.query,
    response: ReadModelLag,
  });
  router.get('/read-models/lag/', async (req, res) => {
    const { query } = parseRequest(LagQuery, req);
    const known = deps.projections ?? [];
    const asked = query.read_models ? [...new Set(query.read_models.split(',').map((name) => name.trim()).filter(Boolean))] : known;
    const unknown = asked.filter((name) => !known.includes(name));
    if (unknown.length) throw new HttpError(400, `Unknown read model: ${unknown.join(', ')}. Known: ${known.join(', ')}.`);
    const lags = await readProjectionLag(deps.pool, asked);
    const behind = Math.max(0, ...lags.map((lag) => lag.lagEvents));
    const catchingUp = lags.some((lag) => lag.lagEvents > 0 && (lag.lagMs >= MOMENT_MS || lag.lagEvents >= MANY_EVENTS));
    res.set('Cache-Control', 'no-store').json({
      catching_up: catchingUp,
      events_behind: catchingUp ? behind : 0,
      read_models: lags.map((lag) => ({ name: lag.name, events_behind: lag.lagEvents, lag_ms: lag.lagMs })),
    });
  });
  return router;
}
