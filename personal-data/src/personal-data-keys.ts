import { randomBytes } from 'node:crypto';
import { keepListening, type Listener, type Pool } from '@shop/infra';
import { processKeyEncryptionKeys, type KeyEncryptionKeys } from './key-encryption-keys.js';

/** A person's data key, or 'erased' once it was destroyed. */
export type DataKey = Buffer | 'erased';

/** A data key made for a person, wrapped, not yet stored. */
export interface NewDataKey {
  personId: string;
  dataKey: Buffer;
  wrapped: Buffer;
  kekId: string;
}

/** How many streams' subjects a process remembers for its sealed appends (~100 bytes each). */
const REMEMBERED_SUBJECTS = 100_000;

/** Where an erasure tells every process to forget a cached key (LISTEN/NOTIFY). */
const ERASED_CHANNEL = 'personal_data_erased';

interface KeyRow {
  person_id: string;
  data_key: Buffer | null;
  kek_id: string | null;
}

/**
 * The per-person data keys and which person each stream's personal data belongs to, in their own
 * tables (migrations personal-data-keys, wrapped-personal-data-keys). Keys reach the tables only
 * wrapped under a key-encryption key kept outside PostgreSQL (docs/decisions/0162).
 *
 * Once `listen` runs, opened keys are cached in this process: an erasure anywhere NOTIFYs, and
 * every listening process forgets that person's key (and everything, if its listening connection
 * drops). Without `listen` every look-up goes to the table, as before.
 */
export class PersonalDataKeys {
  private readonly cache = new Map<string, DataKey>();
  /**
   * Streams' recorded subjects as this process last wrote or read them, for sealed appends on
   * PostgreSQL only: their statement checks the subject under the stream's lock (decision 0245),
   * so a transfer made elsewhere costs a retry, never a field sealed for the wrong person.
   */
  private readonly subjects = new Map<string, string>();
  /** Counts invalidations: a look-up that overlapped one does not cache what it read. */
  private generation = 0;
  private listener: Promise<Listener> | null = null;
  private current: Listener | null = null;
  /** The key-encryption key the database says wraps new keys, as last read. */
  private wrappingKek: string | null = null;

  constructor(
    private readonly pool: Pool,
    private readonly kek?: KeyEncryptionKeys,
    /** How long after a failed LISTEN or a lost connection it first listens again (keepListening). */
    private readonly options: { relistenMs?: number } = {},
  ) {}

  private get keks(): KeyEncryptionKeys {
    return this.kek ?? processKeyEncryptionKeys();
  }

  /** Keys of these persons; a person with no row has never had personal data encrypted. */
  async keysOf(personIds: readonly string[]): Promise<Map<string, DataKey>> {
    const answer = new Map<string, DataKey>();
    const missing: string[] = [];
    for (const id of new Set(personIds)) {
      const cached = this.cache.get(id);
      if (cached) answer.set(id, cached);
      else missing.push(id);
    }
    if (missing.length === 0) return answer;
    const generation = this.generation;
    const result = await this.pool.query<KeyRow>('SELECT person_id, data_key, kek_id FROM personal_data_keys WHERE person_id = ANY($1)', [missing]);
    for (const row of result.rows) {
      const key = await this.opened(row);
      answer.set(row.person_id, key);
      if (this.listening && generation === this.generation) this.cache.set(row.person_id, key);
    }
    return answer;
  }

  /** The person's key, made on first use; 'erased' after erasure (it is never made again). One round trip once it exists. */
  async keyFor(personId: string): Promise<DataKey> {
    const existing = (await this.keysOf([personId])).get(personId);
    if (existing) return existing;
    const dataKey = randomBytes(32);
    const generation = this.generation;
    for (let attempt = 0; attempt < 3; attempt++) {
      const remembered = this.wrappingKek;
      const kekId = remembered ?? (await this.readWrappingKek());
      // The key this process remembers may have been retired and destroyed by a purge since: read the database's.
      const wrapping = await this.keks.wrap(dataKey, personId, kekId).catch((error: unknown) => {
        if (remembered === null) throw error;
        this.wrappingKek = null;
        return null;
      });
      if (!wrapping) continue;
      const { wrapped } = wrapping;
      // Only under the key the database names: a purge that re-wrapped every key meanwhile has moved on to a new one.
      const made = await this.pool.query(
        `INSERT INTO personal_data_keys (person_id, data_key, kek_id)
         SELECT $1, $2, $3 WHERE EXISTS (SELECT 1 FROM personal_data_kek WHERE kek_id = $3)
         ON CONFLICT (person_id) DO NOTHING`,
        [personId, wrapped, kekId],
      );
      if (made.rowCount === 1) {
        if (this.listening && generation === this.generation) this.cache.set(personId, dataKey);
        return dataKey;
      }
      const raced = (await this.keysOf([personId])).get(personId);
      // Lost a race with another writer: theirs is the key.
      if (raced) return raced;
      this.wrappingKek = null;
    }
    throw new Error('the key-encryption key changed three times while a data key was made');
  }

  /** The person's key when this process holds it (cached), without a look-up. */
  cachedKey(personId: string): DataKey | undefined {
    return this.cache.get(personId);
  }

  /** Where invalidations stand; what a caller read before a later value may not be cached. */
  get invalidations(): number {
    return this.generation;
  }

  /**
   * A new key for a person this process knows no key of, wrapped under the database's
   * key-encryption key as last read, not stored: the sealed append stores it with its events or
   * finds the person's row instead (decision 0241). No round trip once the wrapping key is known.
   */
  async newKey(personId: string): Promise<NewDataKey> {
    const dataKey = randomBytes(32);
    const remembered = this.wrappingKek;
    const kekId = remembered ?? (await this.readWrappingKek());
    try {
      return { personId, dataKey, kekId, wrapped: (await this.keks.wrap(dataKey, personId, kekId)).wrapped };
    } catch (error) {
      if (remembered === null) throw error;
      // Retired and destroyed by a purge since: the database's key, once more.
      this.wrappingKek = null;
      return this.newKey(personId);
    }
  }

  /** A key the append stored (`made`), or the person's row it found instead (null: none, the key-encryption key moved on). */
  async settle(made: NewDataKey, found: { dataKey: Buffer | null; kekId: string | null } | null | 'stored', invalidations: number): Promise<DataKey | null> {
    if (found === null) {
      this.wrappingKek = null;
      return null;
    }
    const key = found === 'stored' ? made.dataKey : await this.opened({ person_id: made.personId, data_key: found.dataKey, kek_id: found.kekId });
    if (this.listening && invalidations === this.generation) this.cache.set(made.personId, key);
    return key;
  }

  /** Crypto-shredding: the key is gone for good; a tombstone row remembers that the person was erased (and under which key-encryption key the key was, for the purge). */
  async destroy(personId: string): Promise<void> {
    const gone = await this.pool.query<{ erased_at: Date }>(
      `WITH gone AS (
         INSERT INTO personal_data_keys (person_id, data_key, erased_at) VALUES ($1, NULL, now())
         ON CONFLICT (person_id) DO UPDATE SET data_key = NULL, erased_at = COALESCE(personal_data_keys.erased_at, now())
         RETURNING person_id, erased_at)
       SELECT erased_at, pg_notify('${ERASED_CHANNEL}', person_id) FROM gone`,
      [personId],
    );
    this.forget(personId);
    // Outside the database, beside the keys: a restore of an older backup re-applies it (decision 0336).
    await this.keks.recordErasure(personId, gone.rows[0]!.erased_at);
  }

  /** Persons erased whose keys' old row versions may still be on disk: the next purge's work. */
  async erasuresAwaitingPurge(): Promise<number> {
    const result = await this.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM personal_data_keys WHERE erased_at IS NOT NULL AND purged_at IS NULL');
    return result.rows[0]!.n;
  }

  /**
   * Starts caching keys: erasures in any process reach this one by NOTIFY. While nobody listens
   * (a failed LISTEN, a lost connection: keepListening listens again) nothing is cached, and what
   * a look-up read before the LISTEN was back is not cached either: an erasure meanwhile went unheard.
   */
  async listen(): Promise<void> {
    if (this.listener) return;
    const started = keepListening(
      this.pool,
      [ERASED_CHANNEL],
      {
        notice: (message) => {
          if (message.channel === ERASED_CHANNEL && message.payload) this.forget(message.payload);
        },
        connected: () => this.stopCaching(),
        lost: () => this.stopCaching(),
      },
      { retryMs: this.options.relistenMs ?? 5_000 },
    );
    this.listener = started;
    const listener = await started;
    // Not when `unlisten` came while the first LISTEN was under way.
    if (this.listener === started) this.current = listener;
  }

  async unlisten(): Promise<void> {
    const started = this.listener;
    this.listener = null;
    this.current = null;
    this.stopCaching();
    await (await started)?.stop();
  }

  /** Whether what is read now may be cached: erasures are heard. */
  private get listening(): boolean {
    return this.current?.connected ?? false;
  }

  /** Drops every cached key, and keeps look-ups under way from caching what they read. */
  private stopCaching(): void {
    this.generation++;
    this.cache.clear();
  }

  private forget(personId: string): void {
    this.generation++;
    this.cache.delete(personId);
  }

  /** The database's wrapping key; a database that names none yet takes the current one of the keys this process holds. */
  private async readWrappingKek(): Promise<string> {
    const result = await this.pool.query<{ kek_id: string }>(
      `WITH named AS (INSERT INTO personal_data_kek (kek_id) VALUES ($1) ON CONFLICT (one) DO NOTHING RETURNING kek_id)
       SELECT kek_id FROM named UNION ALL SELECT kek_id FROM personal_data_kek`,
      [await this.keks.current()],
    );
    // A writer that named it at the same moment committed after this statement's snapshot: read theirs.
    const kekId = result.rows[0]?.kek_id ?? (await this.pool.query<{ kek_id: string }>('SELECT kek_id FROM personal_data_kek')).rows[0]!.kek_id;
    this.wrappingKek = kekId;
    return kekId;
  }

  private async opened(row: KeyRow): Promise<DataKey> {
    if (row.data_key === null) return 'erased';
    // Written before keys were wrapped, not yet wrapped by the start-up purge.
    if (row.kek_id === null) return row.data_key;
    return this.keks.unwrap({ kekId: row.kek_id, wrapped: row.data_key }, row.person_id);
  }

  async subjectsOf(streamIds: readonly string[]): Promise<Map<string, string>> {
    if (streamIds.length === 0) return new Map();
    const result = await this.pool.query<{ stream_id: string; person_id: string }>(
      'SELECT stream_id, person_id FROM personal_data_subjects WHERE stream_id = ANY($1)',
      [[...new Set(streamIds)]],
    );
    return new Map(result.rows.map((row) => [row.stream_id, row.person_id]));
  }

  /** Each of these streams' subject and that person's key (null: none made yet), in one round trip; streams without a subject are left out. */
  async subjectKeysOf(streamIds: readonly string[]): Promise<Array<{ streamId: string; personId: string; key: DataKey | null }>> {
    if (streamIds.length === 0) return [];
    const result = await this.pool.query<{ stream_id: string; person_id: string; data_key: Buffer | null; kek_id: string | null; has_key: boolean }>(
      `SELECT s.stream_id, s.person_id, k.data_key, k.kek_id, k.person_id IS NOT NULL AS has_key
         FROM personal_data_subjects s LEFT JOIN personal_data_keys k ON k.person_id = s.person_id
        WHERE s.stream_id = ANY($1)`,
      [[...new Set(streamIds)]],
    );
    const opened = new Map<string, DataKey>();
    const answer: Array<{ streamId: string; personId: string; key: DataKey | null }> = [];
    for (const row of result.rows) {
      if (row.has_key && !opened.has(row.person_id)) opened.set(row.person_id, await this.opened(row));
      answer.push({ streamId: row.stream_id, personId: row.person_id, key: row.has_key ? opened.get(row.person_id)! : null });
    }
    return answer;
  }

  /** The stream's subject as this process last knew it (unchecked: see `subjects`), else looked up and remembered; null: it has none. */
  async rememberedSubject(streamId: string): Promise<string | null> {
    const known = this.subjects.get(streamId);
    if (known !== undefined) return known;
    const found = (await this.subjectsOf([streamId])).get(streamId) ?? null;
    if (found !== null) this.rememberSubject(streamId, found);
    return found;
  }

  rememberSubject(streamId: string, personId: string): void {
    // Bounded: the oldest goes first (a Map iterates in insertion order).
    if (this.subjects.size >= REMEMBERED_SUBJECTS && !this.subjects.has(streamId)) this.subjects.delete(this.subjects.keys().next().value!);
    this.subjects.set(streamId, personId);
  }

  forgetSubject(streamId: string): void {
    this.subjects.delete(streamId);
  }

  async setSubject(streamId: string, personId: string): Promise<void> {
    await this.pool.query(
      `INSERT INTO personal_data_subjects (stream_id, person_id) VALUES ($1, $2)
       ON CONFLICT (stream_id) DO UPDATE SET person_id = EXCLUDED.person_id`,
      [streamId, personId],
    );
  }

  /** Every stream whose personal data belongs to the person now (their account and projects). */
  async streamsOf(personId: string): Promise<string[]> {
    const result = await this.pool.query<{ stream_id: string }>('SELECT stream_id FROM personal_data_subjects WHERE person_id = $1 ORDER BY stream_id', [
      personId,
    ]);
    return result.rows.map((row) => row.stream_id);
  }
}
