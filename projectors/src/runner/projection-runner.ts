import type { EventStore, GlobalCheckpoint, Logger, Pool, StoredEvent, Subscription } from '@shop/infra';
import { applyBatch } from './apply-batch.js';
import { loadCheckpoint } from './checkpoints.js';
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
 * Feeds each projection from the event store's global order, each on its own catch-up
 * subscription starting at its stored checkpoint. An event a projection throws on parks its
 * stream for that projection (logged, listed on /readyz, /metrics and the staff health view)
 * and the projection goes on with the other streams; retries staff ask for are picked up on a
 * timer. Only when parking itself fails does the projection stop and report the failure.
 */
export class ProjectionRunner {
  private readonly subscriptions = new Map<string, Subscription>();
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
    for (const projection of this.projections) {
      const from = await loadCheckpoint(this.deps.pool, projection.name);
      this.status(projection.name).checkpoint = from;
      this.subscriptions.set(projection.name, this.subscribe(projection, from));
    }
    const { pool, eventStore, logger } = this.deps;
    this.stopRetries = everyInterval(this.deps.retryIntervalMs ?? 1000, () => retryRequestedStreams(pool, eventStore, this.projections, logger), (error) =>
      logger.warn({ err: error }, 'retrying parked streams failed'),
    );
  }

  private subscribe(projection: Projection, from: GlobalCheckpoint): Subscription {
    const subscription = this.deps.eventStore.subscribeToAll({
      from,
      batchSize: this.deps.batchSize ?? 500,
      onBatch: async (batch) => {
        if (this.status(projection.name).failure) throw new Error(`projection ${projection.name} has stopped`);
        const applied = await applyParkingPoison(this.deps.pool, this.deps.logger, () => applyBatch(this.deps.pool, projection, batch));
        this.recordProgress(projection.name, batch, applied);
      },
      onError: (error) => this.recordFailure(projection, error),
    });
    return subscription;
  }

  private recordProgress(name: string, batch: StoredEvent[], applied: number): void {
    const status = this.status(name);
    const last = batch[batch.length - 1]!;
    status.checkpoint = last.checkpoint;
    status.position = last.globalPosition;
    status.lastEventAt = last.metadata.occurredAt;
    status.eventsApplied += applied;
    for (const listener of this.listeners) listener(status, batch);
  }

  private recordFailure(projection: Projection, error: unknown): void {
    const status = this.status(projection.name);
    if (error instanceof ProjectionFailedError) {
      if (status.failure) return;
      status.failure = error.message;
      this.deps.logger.error({ projection: projection.name, eventId: error.event.id }, error.message);
      // Stop feeding it: retrying the same event would fail the same way.
      void this.subscriptions.get(projection.name)?.stop();
      return;
    }
    // Transient trouble (database restart, network): the subscription retries the batch.
    this.deps.logger.warn({ projection: projection.name, err: error }, 'projection batch failed, retrying');
  }

  /** Called after every applied batch (metrics, read-your-writes waiters). */
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
    await Promise.all([...this.subscriptions.values()].map((subscription) => subscription.stop()));
    this.subscriptions.clear();
  }
}
