import { Router } from 'express';
import { documentRead, readParkedStreams, readProjectionLag, requireStaff } from '@shop/infra';
import type { QueryDeps } from '../deps.js';
import { ProjectionHealth } from '../openapi/response-schemas.js';

/**
 * The staff health view: how far behind each projection is and which streams are parked
 * because a projection rejected one of their events (decision 0111), with what it said.
 */
export function projectionHealthRoutes(deps: QueryDeps): Router {
  const router = Router();
  documentRead(deps.registry, {
    path: '/internal/projections/',
    summary: 'Lag of each projection and the streams parked on an event a projection rejected',
    tag: 'Operations',
    access: 'staff',
    response: ProjectionHealth,
  });
  router.get('/internal/projections/', async (req, res) => {
    requireStaff(req);
    const [lags, parked] = await Promise.all([readProjectionLag(deps.pool, deps.projections ?? []), readParkedStreams(deps.pool)]);
    res.json({
      projections: lags.map((lag) => ({
        name: lag.name,
        position: lag.position,
        lag_events: lag.lagEvents,
        lag_ms: lag.lagMs,
        parked_streams: parked.filter((row) => row.projection === lag.name).length,
      })),
      parked_streams: parked.map((row) => ({
        projection: row.projection,
        stream_id: row.streamId,
        applied_revision: row.appliedRevision,
        event_id: row.eventId,
        event_type: row.eventType,
        event_revision: row.eventRevision,
        error: row.error,
        parked_at: row.parkedAt,
        retry_requested_at: row.retryRequestedAt,
      })),
    });
  });
  return router;
}
