import { projectAudiences, type ProjectAudience } from '@shop/projectors/queries';
import { keepListening, type Listener, type ListenerHeartbeatOptions, type Logger, type Pool } from '@shop/infra';

/** One stream a projection batch changed (a `live_changes` row), with who may read it. */
export interface LiveChange {
  position: number;
  streamId: string;
  revision: number;
  readModels: string[];
  /** When the newest event of the change was appended (occurredAt). */
  eventAt: Date | null;
  /** For project streams: owner and organization; null for other streams or a project not found. */
  project: ProjectAudience | null;
  /** Users who could read the stream until this change (a transferred project's old owner). */
  formerReaders: string[];
  /** Organizations whose members could read it until this change (a transferred project's old one). */
  formerOrganizations: string[];
  /** The projection batch's trace context, when tracing was on there (decision 0400). */
  traceparent: string | null;
}

export interface ChangeFeedOptions {
  /** How often to look for changes without a NOTIFY (a lost one, a reconnecting listener). */
  pollMs?: number;
  /** How long changes are kept for resuming clients. */
  retentionMs?: number;
  /** How the LISTEN connection is checked for a silent death (listener-heartbeat.ts). */
  listenerHeartbeat?: ListenerHeartbeatOptions;
}

const CHANGES = 'shop_live_changes';
const SESSION_ENDED = 'shop_session_ended';
/** A rebuild swapped read-model tables in (projectors' swap-in.ts): every page reads again. The payload is the swap count. */
const RESET = 'shop_live_reset';
const PAGE = 2000;

/**
 * Follows `live_changes` for one query-api process: LISTEN wakes it when a projection batch
 * commits (any projector process, fed from the store or from Kafka), it reads the rows after
 * its cursor in id order and hands them on. Also relays ended sessions (logout, erasure,
 * password change) and removes rows older than the retention.
 */
export class ChangeFeed {
  private listener: Listener | null = null;
  private cursor = 0;
  private reading: Promise<void> | null = null;
  private readAgain = false;
  private stopped = false;
  /** The swap count (`live_swaps`) this process has told its streams of. */
  private swaps = 0;
  /** Set when the listener is back: a swap committed while it was away sent its NOTIFY to no one. */
  private swapCheckDue = false;
  private readonly timers: NodeJS.Timeout[] = [];
  /** Changes were committed (or may have been) while nobody took them, and were not read (decision 0290). */
  private behind = false;

  constructor(
    private readonly pool: Pool,
    private readonly logger: Logger,
    private readonly handlers: {
      changes: (changes: LiveChange[]) => void;
      sessionEnded: (sid: string) => void;
      reset: () => void;
      /** Whether anyone takes changes now (an open stream); without it, always. */
      wanted?: () => boolean;
    },
    private readonly options: ChangeFeedOptions = {},
  ) {}

  /** The id of the newest change this process has handed on. */
  get position(): number {
    return this.cursor;
  }

  async start(): Promise<void> {
    this.cursor = await this.head();
    await this.listen();
    // After LISTEN: a swap committing from now on is heard of; one before it is counted here.
    this.swaps = Math.max(this.swaps, await this.swapCount());
    this.timers.push(setInterval(() => this.wake(), this.options.pollMs ?? 1000));
    this.timers.push(setInterval(() => void this.removeOld(), 60_000));
    for (const timer of this.timers) timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers.splice(0)) clearInterval(timer);
    await this.listener?.stop();
    await this.reading;
  }

  /**
   * Reads what was added after the cursor; a wake during a read makes another read follow it.
   * While nobody takes changes nothing is read (after every batch that would be two statements
   * for no one): the feed only notes that it is behind, and `catchUp` moves it on.
   */
  wake(): void {
    if (this.stopped) return;
    if (this.handlers.wanted && !this.handlers.wanted()) {
      this.behind = true;
      return;
    }
    // This read (or the one it follows) reads everything after the cursor: nothing is left behind.
    this.behind = false;
    if (this.reading) {
      this.readAgain = true;
      return;
    }
    this.reading = this.readNew()
      .catch((error: unknown) => this.logger.warn({ err: error }, 'reading live changes failed; next poll tries again'))
      .finally(() => {
        this.reading = null;
        if (this.readAgain) {
          this.readAgain = false;
          this.wake();
        }
      });
  }

  /**
   * Before a first taker starts from `position`: when changes were left unread meanwhile, the
   * cursor moves to the newest committed change (ids become visible in id order, decision 0170),
   * which nobody was there to be told of. A swap missed while the listener was away is counted
   * too, so the taker is not told of a reset from before it came. A client resuming from earlier
   * still gets what it missed from `between`, which reads the table, not the cursor.
   */
  async catchUp(): Promise<void> {
    if (!this.behind) return;
    this.behind = false;
    if (this.swapCheckDue) {
      this.swaps = Math.max(this.swaps, await this.swapCount());
      this.swapCheckDue = false;
    }
    this.cursor = Math.max(this.cursor, await this.head());
  }

  /** The changes after `position` up to this process's cursor, for a client resuming there. */
  async between(position: number, through: number): Promise<LiveChange[]> {
    const found: LiveChange[] = [];
    for (let from = position; from < through; ) {
      const page = await this.read(from, through);
      if (page.length === 0) break;
      found.push(...page);
      from = page[page.length - 1]!.position;
    }
    return found;
  }

  /** Changes up to this id were removed: a client resuming before it must refetch everything. */
  async horizon(): Promise<number> {
    const { rows } = await this.pool.query<{ removed_through: string }>('SELECT removed_through FROM live_changes_horizon');
    return Number(rows[0]?.removed_through ?? 0);
  }

  private async readNew(): Promise<void> {
    if (this.swapCheckDue) {
      const count = await this.swapCount();
      this.swapCheckDue = false;
      this.swapped(count);
    }
    for (;;) {
      const page = await this.read(this.cursor, Number.MAX_SAFE_INTEGER);
      if (page.length === 0 || this.stopped) return;
      // Never back: a catch-up may have moved the cursor past this read's page meanwhile.
      this.cursor = Math.max(this.cursor, page[page.length - 1]!.position);
      this.handlers.changes(page);
      if (page.length < PAGE) return;
    }
  }

  private async read(after: number, through: number): Promise<LiveChange[]> {
    const { rows } = await this.pool.query<{ id: string; stream_id: string; revision: string; read_models: string[]; event_at: Date | null; former_readers: string[]; former_organizations: string[]; traceparent: string | null }>(
      `SELECT id, stream_id, revision, read_models, event_at, former_readers, former_organizations, traceparent FROM live_changes WHERE id > $1 AND id <= $2 ORDER BY id LIMIT ${PAGE}`,
      [after, through],
    );
    const audiences = await projectAudiences(this.pool, [...new Set(rows.map((row) => row.stream_id).filter((id) => id.startsWith('project-')))]);
    return rows.map((row) => ({
      position: Number(row.id),
      streamId: row.stream_id,
      revision: Number(row.revision),
      readModels: row.read_models,
      eventAt: row.event_at,
      project: audiences.get(row.stream_id) ?? null,
      formerReaders: row.former_readers,
      formerOrganizations: row.former_organizations,
      traceparent: row.traceparent,
    }));
  }

  private async head(): Promise<number> {
    const { rows } = await this.pool.query<{ head: string | null }>('SELECT max(id) AS head FROM live_changes');
    return Number(rows[0]?.head ?? 0);
  }

  /**
   * LISTENs for changes, ended sessions and swaps, and again whenever the connection is lost
   * (keepListening); the poll covers the gap. Once it is back, what was missed is made up: the
   * changes by a read, a swap by its count, read again at the next read (decision 0230).
   */
  private async listen(): Promise<void> {
    this.listener = await keepListening(
      this.pool,
      [CHANGES, SESSION_ENDED, RESET],
      {
        notice: (message) => {
          if (message.channel === CHANGES) this.wake();
          else if (message.channel === SESSION_ENDED && message.payload) this.handlers.sessionEnded(message.payload);
          else if (message.channel === RESET) this.swapped(Number(message.payload));
        },
        connected: (again) => {
          if (!again) return;
          this.swapCheckDue = true;
          this.wake();
        },
        lost: (error) => this.logger.warn({ err: error }, 'the live change listener is not listening; listening again'),
      },
      { heartbeat: this.options.listenerHeartbeat },
    );
    // Stopped while the first LISTEN was under way: nobody else would end it.
    if (this.stopped) await this.listener.stop();
  }

  /**
   * A swap is told to the streams once: by its NOTIFY, or by the count found moved after the
   * listener came back. A payload that is no count (a process of an older release) resets all the same.
   */
  private swapped(count: number): void {
    if (Number.isSafeInteger(count)) {
      if (count <= this.swaps) return;
      this.swaps = count;
    }
    this.handlers.reset();
  }

  private async swapCount(): Promise<number> {
    const { rows } = await this.pool.query<{ generation: string }>('SELECT generation FROM live_swaps');
    return Number(rows[0]?.generation ?? 0);
  }

  /** Keeps the table small; several processes doing it at once only repeat each other. */
  private async removeOld(): Promise<void> {
    const retentionMs = this.options.retentionMs ?? 15 * 60_000;
    await this.pool
      .query(
        `WITH gone AS (DELETE FROM live_changes WHERE recorded_at < now() - make_interval(secs => $1) RETURNING id)
         UPDATE live_changes_horizon SET removed_through = GREATEST(removed_through, (SELECT max(id) FROM gone))
          WHERE EXISTS (SELECT 1 FROM gone)`,
        [retentionMs / 1000],
      )
      .catch((error: unknown) => this.logger.warn({ err: error }, 'removing old live changes failed'));
  }
}
