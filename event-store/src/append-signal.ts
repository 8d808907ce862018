import { randomUUID } from 'node:crypto';
import type { Pool } from '@shop/infra';

export const NOTIFY_CHANNEL = 'shop_events';

/**
 * After a NOTIFY, how long later appends wait to share the next one (decision 0278). Each NOTIFY
 * is a statement and a commit of its own, and wakes every listening connection of the database,
 * whatever channel it listens on; one per append was most of what a listening process paid.
 */
const NOTIFY_SPACING_MS = 10;

/**
 * Wakes readers after an append has committed, without a NOTIFY inside the append's own
 * transaction (that serialises every writer on PostgreSQL's notify-queue lock at commit).
 * Subscribers in this process are woken at once; other processes get one NOTIFY per burst:
 * the first append after a quiet spell notifies at once, and appends during the NOTIFY or the
 * `spacingMs` after it only mark that one more must follow then (so another process hears of an
 * append within `spacingMs` and a round trip). Polling stays on in the subscriptions, so a lost
 * NOTIFY costs one poll interval, never an event.
 *
 * The NOTIFY carries this signal's `token` (decision 0282): it also reaches this pool's own
 * LISTEN connections, whose subscribers were woken in-process already, and they ignore it by the
 * token. The token is per signal, so per pool, not per process: a store on another pool of the
 * same process is not woken in-process and still hears it.
 */
export class AppendSignal {
  /** The NOTIFY payload that says "from this signal": random, so no other signal sends it. */
  readonly token = randomUUID();
  private readonly local = new Set<() => void>();
  private inFlight = false;
  private again = false;

  constructor(
    private readonly pool: Pool,
    private readonly spacingMs = NOTIFY_SPACING_MS,
  ) {}

  /** Whether a `shop_events` notification came from this signal (its subscribers were woken already). */
  sentByMe(payload: string | undefined): boolean {
    return payload === this.token;
  }

  /** Calls `wake` after every append through this pool in this process; returns the unsubscribe. */
  onAppend(wake: () => void): () => void {
    this.local.add(wake);
    return () => this.local.delete(wake);
  }

  appended(): void {
    for (const wake of this.local) wake();
    if (this.inFlight) {
      this.again = true;
      return;
    }
    this.inFlight = true;
    void this.notifyOthers();
  }

  private async notifyOthers(): Promise<void> {
    do {
      this.again = false;
      // A closed pool (shutdown) or a busy server: subscribers still poll.
      await this.pool.query('SELECT pg_notify($1, $2)', [NOTIFY_CHANNEL, this.token]).catch(() => undefined);
      // Unref'd: a process that is done may exit meanwhile (the others poll).
      await new Promise((resolve) => setTimeout(resolve, this.spacingMs).unref());
    } while (this.again);
    this.inFlight = false;
  }
}

const signals = new WeakMap<Pool, AppendSignal>();

/** One signal per pool, so every store on the same database in this process shares it. */
export function appendSignalFor(pool: Pool): AppendSignal {
  let signal = signals.get(pool);
  if (!signal) signals.set(pool, (signal = new AppendSignal(pool)));
  return signal;
}
