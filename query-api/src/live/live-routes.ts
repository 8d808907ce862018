import { Router } from 'express';
import { z } from 'zod';
import { documentRead, errorResponse, HttpError, parseRequest, requireUser } from '@shop/http-shell';
import type { QueryDeps } from '../deps.js';

const LiveQuery = z.object({
  last_event_id: z.string().max(40).optional().describe('Resume after this change position, for clients that cannot send the Last-Event-ID header'),
});

/**
 * GET /api/live/: Server-Sent Events saying which read models changed for what the caller may
 * read (docs/api-conventions.md "Live updates", docs/decisions/0170-0172).
 */
export function liveRoutes(deps: QueryDeps): Router {
  const router = Router();
  documentRead(deps.registry, {
    path: '/live/',
    summary: 'Server-Sent Events: which of the read models the caller may read changed, after the projection committed (resumable by Last-Event-ID)',
    tag: 'Live',
    access: 'user',
    query: LiveQuery,
    response: z.string(),
    responses: {
      200: { description: '`text/event-stream`: `ready`, `change`, `reset` and `closed` messages, heartbeat comments', content: { 'text/event-stream': { schema: z.string() } } },
      429: errorResponse('This session or this process holds as many live streams as it may.'),
      503: errorResponse('This process does not push live changes.'),
    },
  });
  router.get('/live/', async (req, res) => {
    const user = requireUser(req);
    const { query } = parseRequest(z.object({ query: LiveQuery }), req);
    if (!deps.live) throw new HttpError(503, 'Live updates are not available from this server.');
    await deps.live.open(req, res, user, req.get('Last-Event-ID') ?? query.last_event_id);
  });
  return router;
}
