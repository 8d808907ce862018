import type { EventStore, GlobalCheckpoint, Logger, Pool, StoredEvent, Subscription } from '@shop/infra';
import { applyBatchToAll } from './apply-batch.js';
import { earlier, loadCheckpoint } from './checkpoints.js';
import { applyParkingPoison, everyInterval, retryRequestedStreams } from './parked-streams.js';
import { ProjectionFailedError, type Projection } from './projection.js';

export interface ProjectionStatus {
  name: string;
  checkpoint: GlobalCheckpoint | null;
  /** Global position of the last event this projection has passed. */
  position: number;
  /** occurredAt of the last event passed, for lag in milliseconds. */
  lastEventAt: string | null;
  eventsApplied: number;
  failure: string | null;
}

/**
 * Feeds the projections from the event store's global order through ONE catch-up subscription:
 * the log is read once and each batch is applied to every projection in one transaction, which
 * also moves every projection's checkpoint (DESIGN.md; issue 11 item 6, issue 12). It starts at
 * the earliest stored checkpoint; a projection that was further on (just rebuilt, say) skips
 * what it has by its per-stream revisions. An event a projection throws on parks its stream for
 * that projection (logged, listed on /readyz, /metrics and the staff health view) and the batch
 * goes on without it; retries staff ask for are picked up on a timer. Only when parking itself
 * fails are the projections reported as failed; the subscription then tries the batch again.
 */
export class ProjectionRunner {
  private subscription: Subscription | null = null;
  private readonly statuses = new Map<string, ProjectionStatus>();
  private readonly listeners = new Set<(status: ProjectionStatus, batch: StoredEvent[]) => void>();
  private stopRetries: (() => void) | null = null;

  constructor(
    private readonly deps: { pool: Pool; eventStore: EventStore; logger: Logger; batchSize?: number; retryIntervalMs?: number },
    readonly projections: readonly Projection[],
  ) {
    for (const projection of projections) {
      this.statuses.set(projection.name, {
        name: projection.name,
        checkpoint: null,
        position: 0,
        lastEventAt: null,
        eventsApplied: 0,
        failure: null,
      });
    }
  }

  async start(): Promise<void> {
    let from: GlobalCheckpoint | null = null;
    for (const projection of this.projections) {
      const checkpoint = await loadCheckpoint(this.deps.pool, projection.name);
      this.status(projection.name).checkpoint = checkpoint;
      from = from ? earlier(from, checkpoint) : checkpoint;
    }
    const { pool, eventStore, logger } = this.deps;
    this.subscription = eventStore.subscribeToAll({
      from: from ?? undefined,
      batchSize: this.deps.batchSize ?? 500,
      onBatch: async (batch) => {
        const handled = await applyParkingPoison(pool, logger, () => applyBatchToAll(pool, this.projections, batch, { saveGlobalCheckpoint: true }));
        for (const projection of this.projections) this.recordProgress(projection.name, batch, handled.get(projection.name) ?? 0);
      },
      onError: (error) => this.recordFailure(error),
    });
    this.stopRetries = everyInterval(this.deps.retryIntervalMs ?? 1000, () => retryRequestedStreams(pool, eventStore, this.projections, logger), (error) =>
      logger.warn({ err: error }, 'retrying parked streams failed'),
    );
  }

  private recordProgress(name: string, batch: StoredEvent[], applied: number): void {
    const status = this.status(name);
    const last = batch[batch.length - 1]!;
    status.checkpoint = last.checkpoint;
    status.position = last.globalPosition;
    status.lastEventAt = last.metadata.occurredAt;
    status.eventsApplied += applied;
    status.failure = null;
    for (const listener of this.listeners) listener(status, batch);
  }

  private recordFailure(error: unknown): void {
    if (error instanceof ProjectionFailedError) {
      // Parking did not hold: report it (readiness, metrics); the subscription tries the batch again.
      const status = this.status(error.projection);
      if (!status.failure) this.deps.logger.error({ projection: error.projection, eventId: error.event.id }, error.message);
      status.failure = error.message;
      return;
    }
    // Transient trouble (database restart, network): the subscription retries the batch.
    this.deps.logger.warn({ err: error }, 'projection batch failed, retrying');
  }

  /** Called after every applied batch, per projection (metrics, read-your-writes waiters). */
  onProgress(listener: (status: ProjectionStatus, batch: StoredEvent[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  status(name: string): ProjectionStatus {
    const status = this.statuses.get(name);
    if (!status) throw new Error(`Unknown projection ${name}`);
    return status;
  }

  allStatuses(): ProjectionStatus[] {
    return [...this.statuses.values()];
  }

  async stop(): Promise<void> {
    this.stopRetries?.();
    await this.subscription?.stop();
    this.subscription = null;
  }
}
