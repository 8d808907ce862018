/**
 * Old event versions are upcast when read, never rewritten (DESIGN.md). An upcaster turns the
 * data of one event type from one schema version into the next; the registry chains them, so a
 * version-1 event read today passes through every step up to the current version. A type's
 * chain may end in one of three ways (docs/decisions/0355, 0371):
 * - `renameTo`: it is read as another type from the version it names;
 * - `split`: one stored event is read as several events of today's types, in order;
 * - `retire`: it is read as nothing, for a stated reason (its history stays in the log and the audit).
 */
export interface VersionedEvent {
  type: string;
  schemaVersion: number;
  data: Record<string, unknown>;
}

/** One event a split reads a stored one as: its type, that type's schema version, its data. */
export interface SplitPart {
  type: string;
  version: number;
  data: Record<string, unknown>;
}

interface UpcasterAt {
  type: string;
  /** The version this upcaster reads. */
  fromVersion: number;
}

/** A step of the chain: data of `fromVersion + 1`, or of `renameTo` (a rename). */
export interface DataUpcaster extends UpcasterAt {
  /** The type (and its schema version) this one is read as from now on: a rename. */
  renameTo?: { type: string; version: number };
  upcast: (data: Record<string, unknown>) => Record<string, unknown>;
}

/** The end of a chain: the stored event is read as the parts, each of a type listed in `into`. */
export interface SplitUpcaster extends UpcasterAt {
  split: { into: readonly string[]; parts: (data: Record<string, unknown>) => SplitPart[] };
}

/** The end of a chain: nothing of today reads this type; the reason says why it was let go. */
export interface RetireUpcaster extends UpcasterAt {
  retire: { reason: string };
}

export type Upcaster = DataUpcaster | SplitUpcaster | RetireUpcaster;

/** What happens today to a type stored at some time. */
export type EventTypeFate =
  | { type: string; fate: 'current'; version: number }
  | { type: string; fate: 'renamed'; fromVersion: number; to: string; toVersion: number }
  | { type: string; fate: 'split'; fromVersion: number; into: string[] }
  | { type: string; fate: 'retired'; fromVersion: number; reason: string };

const endsChain = (upcaster: Upcaster): boolean => !('upcast' in upcaster) || upcaster.renameTo !== undefined;

export class UpcasterRegistry {
  private readonly byKey = new Map<string, Upcaster>();
  private readonly current = new Map<string, number>();
  /** Types whose chain ends in a rename, a split or a retirement, with that upcaster. */
  private readonly ended = new Map<string, Upcaster>();

  constructor(upcasters: readonly Upcaster[]) {
    for (const upcaster of upcasters) {
      const key = keyOf(upcaster.type, upcaster.fromVersion);
      if (this.byKey.has(key)) throw new Error(`Two upcasters for ${key}`);
      this.byKey.set(key, upcaster);
      if (endsChain(upcaster)) this.ended.set(upcaster.type, upcaster);
    }
    for (const { type, fromVersion } of upcasters) {
      const end = this.ended.get(type);
      if (end && fromVersion > end.fromVersion) throw new Error(`Upcaster for ${keyOf(type, fromVersion)} after ${type} was ${fateWord(end)}`);
      if (!end) this.current.set(type, Math.max(this.current.get(type) ?? 1, fromVersion + 1));
    }
    for (const [type, version] of this.current) this.requireChain(type, version);
    for (const [type, end] of this.ended) {
      this.requireChain(type, end.fromVersion);
      this.readsAs(type);
    }
  }

  /** The version new events of this type are written with. */
  currentVersion(type: string): number {
    return this.current.get(type) ?? 1;
  }

  /** Every type an upcaster reads, with what happens to it now (current types without upcasters are not listed). */
  fates(): EventTypeFate[] {
    const types = [...new Set([...this.byKey.values()].map((upcaster) => upcaster.type))].sort();
    return types.map((type) => fateOf(type, this.ended.get(type)) ?? { type, fate: 'current', version: this.currentVersion(type) });
  }

  /**
   * The event through its chain of data steps and renames, in its current type and version; an
   * event already current comes back as it was. A type that is split or retired stops at that
   * end: `readAs` says what it is read as.
   */
  upcast<E extends VersionedEvent>(event: E): E {
    let { type, schemaVersion, data } = event;
    for (let upcaster = this.byKey.get(keyOf(type, schemaVersion)); upcaster && 'upcast' in upcaster; upcaster = this.byKey.get(keyOf(type, schemaVersion))) {
      data = upcaster.upcast(data);
      if (upcaster.renameTo) ({ type, version: schemaVersion } = upcaster.renameTo);
      else schemaVersion += 1;
    }
    return schemaVersion === event.schemaVersion && type === event.type ? event : { ...event, type, schemaVersion, data };
  }

  /** The events of today one stored event is read as: itself upcast, a split's parts (each upcast), or none. */
  readAs<E extends VersionedEvent>(event: E): E[] {
    return this.expand(this.upcast(event));
  }

  /**
   * An event already upcast (as the upcasting store gives it) at the end of its chain: a split's
   * parts (each read through its own chain), none for a retired type, else the event as it is.
   * It runs no data step: reading old versions stays the store's job.
   */
  expand<E extends VersionedEvent>(event: E): E[] {
    const end = this.byKey.get(keyOf(event.type, event.schemaVersion));
    if (end && 'retire' in end) return [];
    if (end && 'split' in end) {
      return end.split.parts(event.data).flatMap((part) => {
        if (!end.split.into.includes(part.type)) throw new Error(`${event.type} split into ${part.type}, which its upcaster does not list`);
        return this.readAs({ ...event, type: part.type, schemaVersion: part.version, data: part.data });
      });
    }
    return [event];
  }

  /** The types of today a stored type may be read as (none for a retired one); refuses a loop. */
  readsAs(type: string, seen: ReadonlySet<string> = new Set()): string[] {
    if (seen.has(type)) throw new Error(`Event types renamed or split in a loop: ${[...seen, type].join(' → ')}`);
    const end = this.ended.get(type);
    const next = new Set([...seen, type]);
    if (!end) return [type];
    if ('retire' in end) return [];
    if ('split' in end) return [...new Set(end.split.into.flatMap((into) => this.readsAs(into, next)))];
    return this.readsAs(end.renameTo!.type, next);
  }

  private requireChain(type: string, upTo: number): void {
    for (let from = 1; from < upTo; from++) if (!this.byKey.has(keyOf(type, from))) throw new Error(`No upcaster for ${keyOf(type, from)}`);
  }
}

function fateOf(type: string, end: Upcaster | undefined): EventTypeFate | undefined {
  if (!end) return undefined;
  if ('retire' in end) return { type, fate: 'retired', fromVersion: end.fromVersion, reason: end.retire.reason };
  if ('split' in end) return { type, fate: 'split', fromVersion: end.fromVersion, into: [...end.split.into] };
  return { type, fate: 'renamed', fromVersion: end.fromVersion, to: end.renameTo!.type, toVersion: end.renameTo!.version };
}

function fateWord(end: Upcaster): string {
  if ('retire' in end) return 'retired';
  if ('split' in end) return `split into ${end.split.into.join(', ')}`;
  return `renamed to ${end.renameTo!.type}`;
}

const keyOf = (type: string, version: number) => `${type}@${version}`;
