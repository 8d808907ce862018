/**
 * Old event versions are upcast when read, never rewritten (DESIGN.md). An upcaster turns the
 * data of one event type from one schema version into the next; the registry chains them, so a
 * version-1 event read today passes through every step up to the current version. An upcaster
 * may also rename the type (`renameTo`): the chain then goes on with the new type's upcasters
 * from the version it names (docs/decisions/0355).
 */
export interface VersionedEvent {
  type: string;
  schemaVersion: number;
  data: Record<string, unknown>;
}

export interface Upcaster {
  type: string;
  /** The version this upcaster reads; it answers data of version `fromVersion + 1`, or of `renameTo`. */
  fromVersion: number;
  /** The type (and its schema version) this one is read as from now on: a rename. */
  renameTo?: { type: string; version: number };
  upcast: (data: Record<string, unknown>) => Record<string, unknown>;
}

/** What happens today to a type stored at some time: read as it is, or read as another type. */
export type EventTypeFate = { type: string; fate: 'current'; version: number } | { type: string; fate: 'renamed'; fromVersion: number; to: string; toVersion: number };

export class UpcasterRegistry {
  private readonly byKey = new Map<string, Upcaster>();
  private readonly current = new Map<string, number>();
  private readonly renamed = new Map<string, Upcaster>();

  constructor(upcasters: readonly Upcaster[]) {
    for (const upcaster of upcasters) {
      const key = keyOf(upcaster.type, upcaster.fromVersion);
      if (this.byKey.has(key)) throw new Error(`Two upcasters for ${key}`);
      this.byKey.set(key, upcaster);
      if (upcaster.renameTo) this.renamed.set(upcaster.type, upcaster);
    }
    for (const upcaster of upcasters) {
      const { type, fromVersion } = upcaster;
      const rename = this.renamed.get(type);
      if (rename && fromVersion > rename.fromVersion) throw new Error(`Upcaster for ${keyOf(type, fromVersion)} after ${type} was renamed to ${rename.renameTo!.type}`);
      if (!rename) this.current.set(type, Math.max(this.current.get(type) ?? 1, fromVersion + 1));
    }
    for (const [type, version] of this.current) {
      for (let from = 1; from < version; from++) if (!this.byKey.has(keyOf(type, from))) throw new Error(`No upcaster for ${keyOf(type, from)}`);
    }
    for (const [type, rename] of this.renamed) {
      for (let from = 1; from < rename.fromVersion; from++) if (!this.byKey.has(keyOf(type, from))) throw new Error(`No upcaster for ${keyOf(type, from)}`);
      this.finalTypeOf(type);
    }
  }

  /** The version new events of this type are written with. */
  currentVersion(type: string): number {
    return this.current.get(type) ?? 1;
  }

  /** True when events of this type are read as another type today. */
  isRenamed(type: string): boolean {
    return this.renamed.has(type);
  }

  /** Every type an upcaster reads, with what happens to it now (current types without upcasters are not listed). */
  fates(): EventTypeFate[] {
    const types = [...new Set([...this.byKey.values()].map((upcaster) => upcaster.type))].sort();
    return types.map((type) => {
      const rename = this.renamed.get(type);
      return rename
        ? { type, fate: 'renamed', fromVersion: rename.fromVersion, to: rename.renameTo!.type, toVersion: rename.renameTo!.version }
        : { type, fate: 'current', version: this.currentVersion(type) };
    });
  }

  /** The event in its current type and version; an event already current comes back as it was. */
  upcast<E extends VersionedEvent>(event: E): E {
    let { type, schemaVersion, data } = event;
    for (let upcaster = this.byKey.get(keyOf(type, schemaVersion)); upcaster; upcaster = this.byKey.get(keyOf(type, schemaVersion))) {
      data = upcaster.upcast(data);
      if (upcaster.renameTo) ({ type, version: schemaVersion } = upcaster.renameTo);
      else schemaVersion += 1;
    }
    return schemaVersion === event.schemaVersion && type === event.type ? event : { ...event, type, schemaVersion, data };
  }

  /** Where a chain of renames ends; refuses a loop. */
  private finalTypeOf(type: string, seen = new Set<string>()): string {
    if (seen.has(type)) throw new Error(`Event types renamed in a loop: ${[...seen, type].join(' → ')}`);
    const rename = this.renamed.get(type);
    return rename ? this.finalTypeOf(rename.renameTo!.type, seen.add(type)) : type;
  }
}

const keyOf = (type: string, version: number) => `${type}@${version}`;
