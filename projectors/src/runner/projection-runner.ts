import type { EventStore, GlobalCheckpoint, Logger, Pool, StoredEvent, Subscription } from '@shop/infra';
import { isKnownEventType, typesReadAs } from '@shop/domain';
import { START } from '@shop/infra';
import { applyBatchToAll } from './apply-batch.js';
import { endWatch, isWatched, ServerRestartedError, startWatch } from './unflushed-watch.js';
import { defaultCatchUpReplay, measureBacklog, replayable, replayBacklog, shouldReplay, type Backlog, type CatchUpReplayPolicy } from './catch-up-replay.js';
import { upgradeOutdated, type BackgroundOutcome } from './background-rebuild.js';
import { advanceCheckpoints, earlier, loadCheckpoint } from './checkpoints.js';
import { applyParkingPoison, everyInterval, retryRequestedStreams } from './parked-streams.js';
import { ProjectionFailedError, type Projection } from './projection.js';
import { rebuildsTidied } from '../rebuild/rebuild.js';

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
 * What a committed batch did for one projection: its status after it, the batch, and each stream of
 * the batch with the revision the projection's transaction wrote for it (empty when the batch only
 * moved its checkpoint).
 */
export type ProgressListener = (status: ProjectionStatus, batch: StoredEvent[], revisions: ReadonlyMap<string, number>) => void;

/**
 * Feeds the projections from the event store's global order through ONE catch-up subscription:
 * the log is read once and each batch is applied to every projection in one transaction, which
 * also moves every projection's checkpoint (DESIGN.md; issue 11 item 6, issue 12). It starts at
 * the earliest stored checkpoint; a projection that was further on (just rebuilt, say) skips
 * what it has by its per-stream revisions. An event a projection throws on parks its stream for
 * that projection (logged, listed on /readyz, /metrics and the staff health view) and the batch
 * goes on without it; retries staff ask for are picked up on a timer. Only when parking itself
 * fails are the projections reported as failed; the subscription then tries the batch again.
 *
 * After downtime, a backlog long enough that rebuilding is faster than catching up batch by batch
 * (catch-up-replay.ts) is replayed in one pass in the background first; the subscription starts
 * from where that replay swapped in.
 */
export class ProjectionRunner {
  private subscription: Subscription | null = null;
  private readonly statuses = new Map<string, ProjectionStatus>();
  private readonly listeners = new Set<ProgressListener>();
  private stopRetries: (() => void) | null = null;
  private replaying: Promise<void> | null = null;
  private upgrading: Promise<void> | null = null;
  private stopped = false;
  /** The runner's row in the unflushed watches, written before the checkpoints are read (only with `unflushedBatches`). */
  private watch: string | null = null;
  private readonly restartListeners = new Set<() => void>();
  private restarting: Promise<void> | null = null;
  /** Events the last catch-up replay swapped in (null: none ran, or it gave way to the batch path). */
  lastReplay: { events: number; ms: number } | null = null;
  /** How the upgrade of projections an older version built ended (null: not over, or none ran). */
  lastUpgrade: BackgroundOutcome | null = null;

  constructor(
    private readonly deps: {
      pool: Pool;
      /**
       * Where each batch's transaction runs (decision 0289), when not on `pool`. Only the batches:
       * a catch-up replay or an upgrade holds locks on connections of its own and opens more, so it
       * stays on `pool`; on a pool this small it would wait for itself.
       */
      batchPool?: Pool;
      eventStore: EventStore;
      logger: Logger;
      batchSize?: number;
      retryIntervalMs?: number;
      /** When to replay a backlog instead of catching it up batch by batch; false: never. */
      catchUpReplay?: CatchUpReplayPolicy | false;
      /**
       * Nobody reads these projections' per-stream revisions but the runner itself (read-your-writes
       * waits on the read models only): a batch holding no event they handle then only moves their
       * checkpoints, in one statement, instead of a transaction writing a revision row per stream.
       * For the mail outbox, which handles a handful of event types in a log of project edits.
       */
      checkpointOnlyWhenUnhandled?: boolean;
      /**
       * Batches commit without waiting for the WAL flush (decision 0294): the read models and their
       * checkpoints can be made again from the log. A batch that finds the server restarted since the
       * checkpoints were read writes nothing, and the runner reads on from the stored checkpoints.
       */
      unflushedBatches?: boolean;
    },
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
    const from = await this.loadCheckpoints();
    const policy = this.deps.catchUpReplay ?? defaultCatchUpReplay;
    if (policy && replayable(this.projections)) {
      const backlog = await measureBacklog(this.deps.pool, from ?? START);
      if (backlog && shouldReplay(backlog, policy)) {
        // In the background: the shop serves (from the tables as they are) while it runs.
        this.replaying = this.replay(backlog).catch((error: unknown) => {
          // The stored checkpoints could not be read back: from the old ones, which is safe
          // (what a swapped-in replay applied is skipped by stream revision).
          this.deps.logger.warn({ err: error }, 'reading checkpoints after the replay failed');
          if (!this.stopped) this.subscribe(from);
        });
        return;
      }
    }
    this.subscribe(from);
  }

  /**
   * Projections an older version built are rebuilt in the background and swapped in, while the
   * subscription keeps their old tables following the log (docs/decisions/0215).
   */
  private upgrade(): void {
    this.upgrading = upgradeOutdated(this.deps, this.projections).then((outcome) => {
      this.lastUpgrade = outcome;
    });
  }

  private async replay(backlog: Backlog): Promise<void> {
    const started = Date.now();
    const events = await replayBacklog(this.deps, this.projections, backlog);
    if (events !== null) this.lastReplay = { events, ms: Date.now() - started };
    if (!this.stopped) this.subscribe(await this.loadCheckpoints());
  }

  /** Every projection's stored checkpoint; returns the earliest (where one subscription serves all). */
  private async loadCheckpoints(): Promise<GlobalCheckpoint | null> {
    // Before the checkpoints: a restart after this read is found by the next batch, never missed.
    if (this.deps.unflushedBatches) this.watch = await startWatch(this.deps.pool, this.watch);
    let from: GlobalCheckpoint | null = null;
    for (const projection of this.projections) {
      const checkpoint = await loadCheckpoint(this.deps.pool, projection.name);
      this.status(projection.name).checkpoint = checkpoint;
      from = from ? earlier(from, checkpoint) : checkpoint;
    }
    return from;
  }

  private subscribe(from: GlobalCheckpoint | null): void {
    this.follow(from);
    this.upgrade();
    const { pool, eventStore, logger } = this.deps;
    this.stopRetries = everyInterval(
      this.deps.retryIntervalMs ?? 1000,
      async () => {
        await retryRequestedStreams(pool, eventStore, this.projections, logger);
        // A restart while no batch runs would otherwise wait for the next append to be found.
        await this.checkServer();
      },
      (error) => logger.warn({ err: error }, 'retrying parked streams failed'),
    );
  }

  private follow(from: GlobalCheckpoint | null): void {
    const { pool, eventStore, logger } = this.deps;
    const batchPool = this.deps.batchPool ?? pool;

    this.subscription = eventStore.subscribeToAll({
      from: from ?? undefined,
      batchSize: this.deps.batchSize ?? 500,
      onBatch: async (batch) => {
        if (this.deps.checkpointOnlyWhenUnhandled && !this.handlesAny(batch)) {
          await advanceCheckpoints(batchPool, this.projections.map((projection) => projection.name), batch[batch.length - 1]!.checkpoint);
          for (const projection of this.projections) this.recordProgress(projection.name, batch, 0);
          return;
        }
        const { handled, revisions } = await applyParkingPoison(pool, logger, () =>
          applyBatchToAll(batchPool, this.projections, batch, { saveGlobalCheckpoint: true, unflushedWatch: this.watch ?? undefined }),
        );
        for (const projection of this.projections) this.recordProgress(projection.name, batch, handled.get(projection.name) ?? 0, revisions.get(projection.name));
      },
      onError: (error) => this.recordFailure(error),
    });
  }

  /**
   * The server restarted while batches were committed without a flush: what it lost is after the
   * stored checkpoints, so the subscription starts again from them, and whoever trusted the
   * revisions batches reported (read-your-writes) forgets them first.
   */
  private readFromStoredCheckpoints(): void {
    if (this.restarting || this.stopped) return;
    this.deps.logger.warn('the database server restarted: reading the log again from the stored checkpoints');
    for (const listener of this.restartListeners) listener();
    this.restarting = (async () => {
      await this.subscription?.stop();
      this.subscription = null;
      if (!this.stopped) this.follow(await this.loadCheckpoints());
    })()
      .catch((error: unknown) => {
        // The server is not back yet: try again shortly (nothing reads the log meanwhile).
        this.deps.logger.warn({ err: error }, 'reading checkpoints after a server restart failed');
        setTimeout(() => this.readFromStoredCheckpoints(), 1000).unref();
      })
      .finally(() => {
        this.restarting = null;
      });
  }

  /** Whether the server restarted since the checkpoints were read, when batches go unflushed (every second, and after a failed batch). */
  private async checkServer(): Promise<void> {
    if (this.watch === null || this.restarting) return;
    if (!(await isWatched(this.deps.pool, this.watch))) this.readFromStoredCheckpoints();
  }

  /** An event of an unknown type counts as handled: the batch goes the full way, which parks its stream (decision 0356). */
  private handlesAny(batch: StoredEvent[]): boolean {
    return batch.some((event) => !isKnownEventType(event.type) || typesReadAs(event.type).some((type) => this.projections.some((projection) => projection.handles.includes(type))));
  }

  private recordProgress(name: string, batch: StoredEvent[], applied: number, revisions: ReadonlyMap<string, number> = new Map()): void {
    const status = this.status(name);
    const last = batch[batch.length - 1]!;
    status.checkpoint = last.checkpoint;
    status.position = last.globalPosition;
    status.lastEventAt = last.metadata.occurredAt;
    status.eventsApplied += applied;
    status.failure = null;
    for (const listener of this.listeners) listener(status, batch, revisions);
  }

  private recordFailure(error: unknown): void {
    if (error instanceof ServerRestartedError) {
      this.readFromStoredCheckpoints();
      return;
    }
    if (error instanceof ProjectionFailedError) {
      // Parking did not hold: report it (readiness, metrics); the subscription tries the batch again.
      const status = this.status(error.projection);
      if (!status.failure) this.deps.logger.error({ projection: error.projection, eventId: error.event.id }, error.message);
      status.failure = error.message;
      return;
    }
    // Transient trouble (database restart, network): the subscription retries the batch.
    this.deps.logger.warn({ err: error }, 'projection batch failed, retrying');
    void this.checkServer().catch(() => undefined); // not back yet: the next check, or batch, finds it
  }

  /** Called after every committed batch, per projection (metrics, read-your-writes waiters). */
  onProgress(listener: ProgressListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called when the runner found the server restarted and reads again from its stored checkpoints (decision 0294). */
  onServerRestart(listener: () => void): () => void {
    this.restartListeners.add(listener);
    return () => this.restartListeners.delete(listener);
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
    this.stopped = true;
    // A replay cannot be cut short cleanly: it ends (swapped in, or given up) before the runner stops.
    await this.replaying;
    // Nor can an upgrade: its swap ends it, or its failure (the old version serves on).
    await this.upgrading;
    // And what a swapped-in rebuild drops after it returned (the old tables), before the pool closes.
    await rebuildsTidied();
    this.stopRetries?.();
    await this.restarting;
    await this.subscription?.stop();
    this.subscription = null;
    if (this.watch) await endWatch(this.deps.pool, this.watch).catch(() => undefined);
  }
}
