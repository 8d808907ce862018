import { randomBytes } from 'node:crypto';
import type { Pool } from '../postgres/pool.js';

/** A person's data key, or 'erased' once it was destroyed. */
export type DataKey = Buffer | 'erased';

/**
 * The per-person data keys and which person each stream's personal data belongs to, in their own
 * tables (migration personal-data-keys). Keys never leave this process except into these tables.
 */
export class PersonalDataKeys {
  constructor(private readonly pool: Pool) {}

  /** Keys of these persons; a person with no row has never had personal data encrypted. */
  async keysOf(personIds: readonly string[]): Promise<Map<string, DataKey>> {
    if (personIds.length === 0) return new Map();
    const result = await this.pool.query<{ person_id: string; data_key: Buffer | null }>(
      'SELECT person_id, data_key FROM personal_data_keys WHERE person_id = ANY($1)',
      [[...new Set(personIds)]],
    );
    return new Map(result.rows.map((row) => [row.person_id, row.data_key ?? 'erased']));
  }

  /** The person's key, made on first use; 'erased' after erasure (it is never made again). One round trip once it exists. */
  async keyFor(personId: string): Promise<DataKey> {
    const existing = (await this.keysOf([personId])).get(personId);
    if (existing) return existing;
    const made = await this.pool.query<{ data_key: Buffer }>(
      'INSERT INTO personal_data_keys (person_id, data_key) VALUES ($1, $2) ON CONFLICT (person_id) DO NOTHING RETURNING data_key',
      [personId, randomBytes(32)],
    );
    // Lost a race with another writer: theirs is the key.
    return made.rows[0]?.data_key ?? (await this.keysOf([personId])).get(personId) ?? 'erased';
  }

  /** Crypto-shredding: the key is gone for good; a tombstone row remembers that the person was erased. */
  async destroy(personId: string): Promise<void> {
    await this.pool.query(
      `INSERT INTO personal_data_keys (person_id, data_key, erased_at) VALUES ($1, NULL, now())
       ON CONFLICT (person_id) DO UPDATE SET data_key = NULL, erased_at = COALESCE(personal_data_keys.erased_at, now())`,
      [personId],
    );
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
    const result = await this.pool.query<{ stream_id: string; person_id: string; data_key: Buffer | null; has_key: boolean }>(
      `SELECT s.stream_id, s.person_id, k.data_key, k.person_id IS NOT NULL AS has_key
         FROM personal_data_subjects s LEFT JOIN personal_data_keys k ON k.person_id = s.person_id
        WHERE s.stream_id = ANY($1)`,
      [[...new Set(streamIds)]],
    );
    return result.rows.map((row) => ({ streamId: row.stream_id, personId: row.person_id, key: row.has_key ? (row.data_key ?? 'erased') : null }));
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
