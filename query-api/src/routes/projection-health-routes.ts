import { Router } from 'express';
import { readParkedStreams, readProjectionLag, readProjectionVersions, type KafkaHealth, type ProjectionUpgrade } from '@shop/infra';
import { documentRead, requireStaff } from '@shop/http-shell';
import type { QueryDeps } from '../deps.js';
import { ProjectionHealth } from '../openapi/response-schemas.js';

/**
 * The staff health view: how far behind each projection is and which streams are parked
 * because a projection rejected one of their events (decision 0111), with what it said; the
 * version each projection runs and an upgrade of it running or failed (decision 0215); in the
 * scaled topology, the projector group's lag per partition, the relay's lag and the gaps filled
 * from the event store (decision 0385).
 */
export function projectionHealthRoutes(deps: QueryDeps): Router {
  const router = Router();
  documentRead(deps.registry, {
    path: '/internal/projections/',
    summary: 'Lag and version of each projection, its upgrade, the streams parked on an event a projection rejected, and the Kafka feed',
    tag: 'Operations',
    access: 'staff',
    response: ProjectionHealth,
  });
  router.get('/internal/projections/', async (req, res) => {
    requireStaff(req);
    const names = deps.projections ?? [];
    const [lags, parked, versions, kafka] = await Promise.all([
      readProjectionLag(deps.pool, names),
      readParkedStreams(deps.pool),
      readProjectionVersions(deps.pool, names),
      deps.kafkaHealth ? deps.kafkaHealth() : null,
    ]);
    res.json({
      projections: lags.map((lag) => ({
        name: lag.name,
        position: lag.position,
        lag_events: lag.lagEvents,
        lag_ms: lag.lagMs,
        parked_streams: parked.filter((row) => row.projection === lag.name).length,
        version: versions.find((row) => row.name === lag.name)?.version ?? null,
        upgrade: upgradeJson(versions.find((row) => row.name === lag.name)?.upgrade ?? null),
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
      kafka: kafka && kafkaJson(kafka),
    });
  });
  return router;
}

function upgradeJson(upgrade: ProjectionUpgrade | null) {
  if (!upgrade) return null;
  const { progress } = upgrade;
  return {
    from_version: upgrade.fromVersion,
    to_version: upgrade.toVersion,
    state: upgrade.state,
    error: upgrade.error,
    started_at: upgrade.startedAt,
    progress: progress && {
      phase: progress.phase,
      events_done: progress.eventsDone,
      events_total: progress.eventsTotal,
      events_per_second: Math.round(progress.eventsPerSecond),
      eta_seconds: Math.round(progress.etaSeconds),
    },
  };
}

function kafkaJson(kafka: KafkaHealth) {
  return {
    topic: kafka.topic,
    consumer_lag: kafka.consumerLag,
    consumer_lag_error: kafka.consumerLagError,
    relay: { lag_events: kafka.relay.lagEvents, lag_ms: kafka.relay.lagMs },
    gap_fills: {
      total: kafka.gapFills.total,
      events_filled: kafka.gapFills.eventsFilled,
      recent: kafka.gapFills.recent.map((fill) => ({
        projection: fill.projection,
        stream_id: fill.streamId,
        from_revision: fill.fromRevision,
        to_revision: fill.toRevision,
        events_filled: fill.eventsFilled,
        filled_at: fill.filledAt,
      })),
    },
  };
}
