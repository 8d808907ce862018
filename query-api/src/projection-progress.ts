import type { Pool } from '@shop/infra';

/** A stream revision a read must see. */
export interface StreamRevision {
  streamId: string;
  revision: number;
}

export type WaitOutcome = 'reached' | 'timeout';

/**
 * What the projectors of this process committed for one projection in one batch: each stream of
 * the batch with the revision the projection has applied it through (what its transaction wrote to
 * `projection_stream_revisions`; a stream parked for it keeps its revision).
 */
export interface AppliedBatch {
  projection: string;
  revisions: ReadonlyMap<string, number>;
}

/** Enough for every stream a busy shop's sessions wrote in the last minutes; an evicted one costs one query. */
const REMEMBERED = 50_000;

/**
 * What this process has seen the projections apply, per (projection, stream), read from
 * `projection_stream_revisions`: the runner writes a row for every stream of every batch and
 * every projection, in the transaction that applies the batch, whether or not the projection
 * handles those events. Only reached revisions are remembered, and a projection's revision of a
 * stream only grows, so a revision once seen reached needs no second query: a session's reads
 * check its writes once per process, not once per read.
 */
export class ProjectionProgress {
  /** Per stream, per projection: looked up per stream, so a read's check builds no keys. */
  private readonly reached = new Map<string, Map<string, number>>();
  /** Waiters for a stream, woken when a batch with it was applied in this process. */
  private readonly waiters = new Map<string, Set<() => void>>();
  private followed = false;
  /** Streams forgotten so far (beyond REMEMBERED): a list once found all applied stays so until one is. */
  private forgotten = 0;
  /** Frozen lists of wanted revisions (a cached session's writes) found all applied, and `forgotten` then. */
  private readonly allApplied = new WeakMap<readonly StreamRevision[], { projections: readonly string[]; forgotten: number }>();

  constructor(
    private readonly pool: Pool,
    /** How often a read that is woken by batches still asks, in case a wake-up is missed. */
    private readonly followedPollMs = 250,
    /** How many streams' revisions are kept. */
    private readonly remembered = REMEMBERED,
  ) {}

  /**
   * Where the projectors run in this process (the embedded shop): a waiting read is woken as soon
   * as a batch holding one of its streams was committed, instead of at its next backoff step, and
   * the revisions that batch committed are remembered as if read from `projection_stream_revisions`
   * (decision 0289), so a read whose writes it applied goes on without asking PostgreSQL again. A
   * stream the batch did not bring to the wanted revision (parked, say) is asked about as before.
   */
  follow(onApplied: (listener: (batch: AppliedBatch) => void) => void, onLost?: (listener: () => void) => void): void {
    if (this.followed) return;
    this.followed = true;
    // Batches commit without a flush (decision 0294): after a server restart what they reported may be gone, so nothing remembered is trusted.
    onLost?.(() => this.forgetAll());
    onApplied(({ projection, revisions }) => {
      for (const [streamId, revision] of revisions) this.remember(projection, streamId, revision);
      for (const streamId of revisions.keys()) {
        const woken = this.waiters.get(streamId);
        if (!woken) continue;
        this.waiters.delete(streamId);
        for (const wake of woken) wake();
      }
    });
  }

  /** The revisions not yet known to be applied by every one of `projections`. */
  unseen(projections: readonly string[], wanted: readonly StreamRevision[]): StreamRevision[] {
    // A reached revision only grows: the same list, checked against the same projections, is still
    // all applied unless a stream was forgotten since (then it is checked, and maybe asked, again).
    const known = this.allApplied.get(wanted);
    if (known && known.projections === projections && known.forgotten === this.forgotten) return [];
    const missing = wanted.filter((want) => {
      const applied = this.reached.get(want.streamId);
      return !applied || projections.some((projection) => (applied.get(projection) ?? -1) < want.revision);
    });
    if (missing.length === 0 && Object.isFrozen(wanted)) this.allApplied.set(wanted, { projections, forgotten: this.forgotten });
    return missing;
  }

  /**
   * Waits until every one of `projections` has applied every wanted revision, polling with
   * backoff (5 ms doubling to 100 ms; when following the projectors here, woken by the batch
   * and polling only every 250 ms in case a wake-up is missed), for at most `maxWaitMs`. A
   * projection that parked one of the streams at or before the wanted revision
   * (docs/decisions/0111) will not get there until staff retry it: that answers `timeout` at once
   * instead of making every read wait the bound.
   */
  async waitFor(projections: readonly string[], wanted: readonly StreamRevision[], maxWaitMs: number): Promise<WaitOutcome> {
    const deadline = Date.now() + maxWaitMs;
    let pause = this.followed ? this.followedPollMs : 5;
    let missing = this.unseen(projections, wanted);
    while (missing.length > 0) {
      // Watched before asking, so a batch applied while the query runs still wakes this read.
      const applied = this.watch(missing);
      const parked = await this.refresh(projections, missing).catch((error: unknown) => {
        applied.cancel();
        throw error;
      });
      missing = this.unseen(projections, missing);
      const left = deadline - Date.now();
      if (missing.length === 0 || parked || left <= 0) {
        applied.cancel();
        if (missing.length === 0) break;
        return 'timeout';
      }
      await applied.within(Math.min(pause, left));
      pause = Math.max(pause, Math.min(pause * 2, 100));
      // The batch that woke this read may have told what it committed: no need to ask then.
      missing = this.unseen(projections, missing);
    }
    return 'reached';
  }

  /** The next applied batch holding one of the streams, or `ms` (only the timer when not following). */
  private watch(streams: readonly StreamRevision[]): { within: (ms: number) => Promise<void>; cancel: () => void } {
    let woken = false;
    let early: (() => void) | null = null;
    const wake = () => {
      woken = true;
      early?.();
    };
    const cancel = () => {
      for (const { streamId } of streams) {
        const set = this.waiters.get(streamId);
        set?.delete(wake);
        if (set?.size === 0) this.waiters.delete(streamId);
      }
    };
    if (this.followed) {
      for (const { streamId } of streams) {
        let set = this.waiters.get(streamId);
        if (!set) this.waiters.set(streamId, (set = new Set()));
        set.add(wake);
      }
    }
    const within = (ms: number) =>
      new Promise<void>((resolve) => {
        if (woken) return resolve();
        const timer = setTimeout(resolve, ms);
        early = () => {
          clearTimeout(timer);
          resolve();
        };
      }).finally(cancel);
    return { within, cancel };
  }

  /** Reads the projections' revisions of the streams; true when one of them is parked short of a wanted revision. */
  private async refresh(projections: readonly string[], wanted: readonly StreamRevision[]): Promise<boolean> {
    const { rows } = await this.pool.query<{ projection: string; stream_id: string; revision: number; parked_revision: number | null }>(
      `SELECT projection, stream_id, revision, parked_revision FROM projection_stream_revisions
        WHERE projection = ANY($1) AND stream_id = ANY($2)`,
      [projections, wanted.map((want) => want.streamId)],
    );
    const wantedOf = new Map(wanted.map((want) => [want.streamId, want.revision]));
    let parked = false;
    for (const row of rows) {
      this.remember(row.projection, row.stream_id, Number(row.revision));
      const revision = wantedOf.get(row.stream_id) ?? -1;
      if (row.parked_revision !== null && Number(row.parked_revision) <= revision && Number(row.revision) < revision) parked = true;
    }
    return parked;
  }

  /** Forgets every revision seen applied: the next check of each asks PostgreSQL. */
  private forgetAll(): void {
    this.reached.clear();
    this.forgotten++;
  }

  private remember(projection: string, streamId: string, revision: number): void {
    const applied = this.reached.get(streamId) ?? new Map<string, number>();
    if ((applied.get(projection) ?? -1) >= revision) return;
    applied.set(projection, revision);
    // Re-inserted so the Map's order is oldest-update first: the first stream is the one to forget.
    this.reached.delete(streamId);
    this.reached.set(streamId, applied);
    if (this.reached.size > this.remembered) {
      this.reached.delete(this.reached.keys().next().value!);
      this.forgotten++;
    }
  }
}
