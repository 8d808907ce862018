/**
 * Old event versions are upcast when read, never rewritten (DESIGN.md). An upcaster turns the
 * data of one event type from one schema version into the next; the registry chains them, so a
 * version-1 event read today passes through every step up to the current version.
 */
export interface VersionedEvent {
  type: string;
  schemaVersion: number;
  data: Record<string, unknown>;
}

export interface Upcaster {
  type: string;
  /** The version this upcaster reads; it answers data of version `fromVersion + 1`. */
  fromVersion: number;
  upcast: (data: Record<string, unknown>) => Record<string, unknown>;
}

export class UpcasterRegistry {
  private readonly byKey = new Map<string, Upcaster>();
  private readonly current = new Map<string, number>();

  constructor(upcasters: readonly Upcaster[]) {
    for (const upcaster of upcasters) {
      const key = keyOf(upcaster.type, upcaster.fromVersion);
      if (this.byKey.has(key)) throw new Error(`Two upcasters for ${key}`);
      this.byKey.set(key, upcaster);
      this.current.set(upcaster.type, Math.max(this.current.get(upcaster.type) ?? 1, upcaster.fromVersion + 1));
    }
    for (const [type, version] of this.current) {
      for (let from = 1; from < version; from++) if (!this.byKey.has(keyOf(type, from))) throw new Error(`No upcaster for ${keyOf(type, from)}`);
    }
  }

  /** The version new events of this type are written with. */
  currentVersion(type: string): number {
    return this.current.get(type) ?? 1;
  }

  /** The event in its current version; an event already current comes back as it was. */
  upcast<E extends VersionedEvent>(event: E): E {
    let { schemaVersion, data } = event;
    for (let upcaster = this.byKey.get(keyOf(event.type, schemaVersion)); upcaster; upcaster = this.byKey.get(keyOf(event.type, schemaVersion))) {
      data = upcaster.upcast(data);
      schemaVersion += 1;
    }
    return schemaVersion === event.schemaVersion ? event : { ...event, schemaVersion, data };
  }
}

const keyOf = (type: string, version: number) => `${type}@${version}`;
