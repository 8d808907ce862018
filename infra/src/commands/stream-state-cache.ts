/**
 * Folded stream states this process has seen, keyed by stream id, so a command reads only the
 * events after the cached revision instead of the whole stream (Equinox calls this a rolling
 * state cache). The state is never trusted blindly: the handler always reads forward from the
 * cached revision and appends with the revision it ends at, so a state another process moved on
 * is caught up or the append fails; it never decides on stale data. Bounded: the least recently
 * used streams are dropped first.
 */
export class StreamStateCache {
  private readonly entries = new Map<string, CachedState>();

  constructor(private readonly maxStreams = 10_000) {}

  get(streamId: string, decider: object): CachedState | undefined {
    const entry = this.entries.get(streamId);
    if (!entry || entry.decider !== decider) return undefined;
    // Re-inserted: a Map iterates in insertion order, so the first key is the least recently used.
    this.entries.delete(streamId);
    this.entries.set(streamId, entry);
    return entry;
  }

  set(streamId: string, entry: CachedState): void {
    this.entries.delete(streamId);
    this.entries.set(streamId, entry);
    if (this.entries.size > this.maxStreams) this.entries.delete(this.entries.keys().next().value!);
  }

  delete(streamId: string): void {
    this.entries.delete(streamId);
  }
}

export interface CachedState {
  /** The decider that folded it (a stream id is folded by one decider; this makes sure). */
  decider: object;
  state: unknown;
  /** The revision of the last event folded into `state`. */
  revision: number;
}
