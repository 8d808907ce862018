import { createDecipheriv } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { crypto_aead_xchacha20poly1305_ietf_decrypt } from 'sodium-native';
import { expect } from 'vitest';
import { createPool, startEmbeddedPostgres, type Pool } from '@shop/infra';
import { unwrapWith } from '@shop/personal-data';
import { activationTokenFor, anonymous, completeFabric, loggedIn, staffClient } from '../commands/helpers.js';
import type { ApiClient } from '../../support/http-client.js';
import type { TestShop } from '../../support/shop.js';

/**
 * What the on-disk erasure tests share (docs/decisions/0162): three customers whose every value is
 * unique enough that finding its bytes anywhere under DATA_DIR means it survived, the flows that
 * put them into the shop, and the checks of the files and of the key table's row versions.
 */
export interface Person {
  email: string;
  name: string;
  phone: string;
  password: string;
  address: { recipient_name: string; line1: string; city: string; state: string; postal_code: string };
  upload: string;
}

const person = (first: string, last: string, street: string, city: string, postalCode: string, phone: string): Person => ({
  email: `${first.toLowerCase()}.${last.toLowerCase()}@disk-erasure.test`,
  name: `${first} ${last}`,
  phone,
  password: `${first}-Pass1`,
  address: { recipient_name: `${first} ${last}`, line1: street, city, state: 'NY', postal_code: postalCode },
  upload: `${first.toLowerCase()}-armchair-snapshot.png`,
});

export const erasedByStaff = person('Quentin', 'Vanishwood', '41 Quillfeather Row', 'Zanthorpe Heights', '14592', '555-0193-41');
export const selfErased = person('Philippa', 'Goneaway', '8 Marrowbone Crescent', 'Oldquay Fennings', '14687', '555-0172-86');
export const control = person('Cornelius', 'Keepington', '19 Steadfast Terrace', 'Remainder Falls', '14763', '555-0158-37');

/** The values whose bytes must be gone (erased) or present (control); the postal code as a whole number (jsonb stores strings back to back, so letters may touch it). */
export function clearValuesOf(who: Person): Array<{ field: string; pattern: RegExp }> {
  const literal = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return [
    { field: 'e-mail', pattern: literal(who.email) },
    { field: 'name', pattern: literal(who.name) },
    { field: 'phone', pattern: literal(who.phone) },
    { field: 'street', pattern: literal(who.address.line1) },
    { field: 'city', pattern: literal(who.address.city) },
    { field: 'postal code', pattern: new RegExp(`(?<![0-9])${who.address.postal_code}(?![0-9])`) },
    { field: 'upload name', pattern: literal(who.upload.replace(/\.png$/, '')) },
  ];
}

const png = () => new Blob([Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a0b00000000049454e44ae426082', 'hex')], { type: 'image/png' });

/** Signs up and activates, orders with an uploaded photo, gets priced and invoiced, gives the address, and pays when `pay`. */
export async function customerOrders(shop: TestShop, who: Person, pay: boolean): Promise<{ userId: string; projectId: string; client: ApiClient }> {
  let client = await anonymous(shop);
  const signup = await client.post('/api/users/', { email: who.email, name: who.name, phone: who.phone, password: who.password });
  expect(signup.status, signup.text).toBe(201);
  expect((await client.put('/api/activation/', { activation_key: await activationTokenFor(shop, who.email) })).status).toBe(200);
  client = await loggedIn(shop, who.email, who.password);
  const created = await client.post('/api/projects/', { name: 'Reading chair', fabrics: [completeFabric()] });
  expect(created.status, created.text).toBe(201);
  const id = created.body.id as string;
  const form = new FormData();
  form.set('fabric_id', 'f1');
  form.set('image', png(), who.upload);
  expect((await client.put(`/api/projects/${id}/upload/`, form)).status).toBe(200);
  expect((await client.put(`/api/projects/${id}/`, { state: 'R' })).body.state).toBe('R');
  const staff = await staffClient(shop);
  const priced = await staff.put(`/api/internal/projects/${id}/`, {
    fabrics: [{ ...completeFabric(), items: [{ ...completeFabric().items[0], unit_price: 10_000, yardage: 2 }] }],
    shipping_cost: 0,
  });
  expect(priced.status, priced.text).toBe(200);
  expect((await staff.put(`/api/internal/projects/${id}/`, { state: 'A' })).body.state).toBe('A');
  expect((await staff.post(`/api/internal/projects/${id}/invoice/`, { message: 'Thank you!' })).status).toBe(200);
  const checkout = await client.put(`/api/checkout/${id}/`, {
    shipping_notes: { shipping_address: who.address, delivery_type: 0 },
    ...(pay ? { payment: { token: 'tok_sandbox_visa' } } : {}),
  });
  expect(checkout.status, checkout.text).toBe(200);
  return { userId: signup.body.user_id as string, projectId: id, client };
}

/** For each value of the person, the files under `dir` whose bytes hold it. */
export async function filesHolding(dir: string, who: Person): Promise<Map<string, string[]>> {
  const values = clearValuesOf(who);
  const found = new Map(values.map(({ field }) => [field, [] as string[]]));
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  for (const entry of entries.filter((candidate) => candidate.isFile())) {
    const file = path.join(entry.parentPath, entry.name);
    const bytes = (await readFile(file).catch(() => Buffer.alloc(0))).toString('latin1');
    for (const { field, pattern } of values) if (pattern.test(bytes)) found.get(field)!.push(path.relative(dir, file));
  }
  return found;
}

/** Whether any file under `dir` holds these bytes. */
export async function anyFileHolds(dir: string, needle: Buffer): Promise<string | null> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  for (const entry of entries.filter((candidate) => candidate.isFile())) {
    const file = path.join(entry.parentPath, entry.name);
    if ((await readFile(file).catch(() => Buffer.alloc(0))).includes(needle)) return file;
  }
  return null;
}

/** The key-encryption keys a key file holds, by id. */
export async function keysInFile(file: string): Promise<Map<string, Buffer>> {
  const parsed = JSON.parse(await readFile(file, 'utf8')) as { keys: Record<string, string> };
  return new Map(Object.entries(parsed.keys).map(([id, key]) => [id, Buffer.from(key, 'base64')]));
}

export interface KeyRowVersion {
  personId: string;
  kekId: string | null;
  dataKey: Buffer | null;
  live: boolean;
}

/** Every row version of personal_data_keys in its pages, live and dead, read with pageinspect. */
export async function keyRowVersions(pool: Pool): Promise<KeyRowVersion[]> {
  await pool.query('CREATE EXTENSION IF NOT EXISTS pageinspect');
  const blocks = (await pool.query<{ n: number }>("SELECT pg_relation_size('personal_data_keys') / current_setting('block_size')::int AS n")).rows[0]!.n;
  const versions: KeyRowVersion[] = [];
  for (let block = 0; block < blocks; block++) {
    const items = await pool.query<{ attrs: Buffer[] | null; xmax: string }>(
      `SELECT t_attrs AS attrs, t_xmax::text AS xmax FROM heap_page_item_attrs(get_raw_page('personal_data_keys', $1), 'personal_data_keys'::regclass) WHERE lp_flags = 1`,
      [block],
    );
    for (const { attrs, xmax } of items.rows) {
      if (!attrs) continue;
      const [personId, dataKey, , , kekId] = attrs.map((attr) => (attr === null ? null : varlena(attr)));
      versions.push({ personId: personId!.toString('utf8'), kekId: kekId?.toString('utf8') ?? null, dataKey: dataKey ?? null, live: xmax === '0' });
    }
  }
  return versions;
}

/** The bytes of a varlena datum as stored (1-byte header of short values, 4-byte of longer ones). */
function varlena(raw: Buffer): Buffer {
  return (raw[0]! & 1) === 1 ? raw.subarray(1) : raw.subarray(4);
}

/** Every sealed envelope in the events table, by the person whose key seals it. */
export async function sealedEnvelopes(pool: Pool): Promise<Map<string, string[]>> {
  const rows = await pool.query<{ sealed: string }>("SELECT data->>'$personal' AS sealed FROM events WHERE data ? '$personal'");
  const byPerson = new Map<string, string[]>();
  for (const { sealed } of rows.rows) {
    const personId = sealed.split(':').slice(3).join(':');
    byPerson.set(personId, [...(byPerson.get(personId) ?? []), sealed]);
  }
  return byPerson;
}

/**
 * Opens an envelope with a data key, by its version, independently of the shop's code: `pd3:` and
 * `pd4:` XChaCha20-Poly1305 (decisions 0276, 0292), `pd1:` and `pd2:` AES-256-GCM, the person id as
 * additional data; null when the key does not open it.
 */
export function openEnvelope(sealed: string, dataKey: Buffer): string | null {
  const [version, iv = '', body = '', ...person] = sealed.split(':');
  const [bytes, nonce, aad] = [Buffer.from(body, 'base64url'), Buffer.from(iv, 'base64url'), Buffer.from(person.join(':'), 'utf8')];
  try {
    if (version === 'pd3' || version === 'pd4') {
      const clear = Buffer.alloc(bytes.length - 16);
      crypto_aead_xchacha20poly1305_ietf_decrypt(clear, null, bytes, aad, nonce, dataKey);
      return clear.toString('utf8');
    }
    const decipher = createDecipheriv('aes-256-gcm', dataKey, nonce);
    decipher.setAAD(aad);
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/**
 * Every data key an attacker holding these key-encryption keys gets from the row versions: each
 * stored value as a key itself (a key stored unwrapped) and unwrapped by each key-encryption key,
 * independently of the shop's code as well as through it: XChaCha20-Poly1305 with the nonce first
 * (decision 0287) or AES-256-GCM with the IV first (0162), `<kek id>:<person id>` as additional data.
 */
export function dataKeysFrom(versions: KeyRowVersion[], keks: Map<string, Buffer>): Buffer[] {
  const keys: Buffer[] = [];
  for (const version of versions) {
    if (!version.dataKey) continue;
    if (version.dataKey.length === 32) keys.push(version.dataKey);
    for (const [kekId, kek] of keks) {
      try {
        keys.push(unwrapWith(kek, { kekId, wrapped: version.dataKey }, version.personId));
      } catch {
        // Not wrapped under this key-encryption key.
      }
      const independently = unwrapIndependently(kek, kekId, version.dataKey, version.personId);
      if (independently) keys.push(independently);
    }
  }
  return keys;
}

function unwrapIndependently(kek: Buffer, kekId: string, wrapped: Buffer, personId: string): Buffer | null {
  const aad = Buffer.from(`${kekId}:${personId}`, 'utf8');
  try {
    if (wrapped.length === 24 + 32 + 16) {
      const key = Buffer.alloc(32);
      crypto_aead_xchacha20poly1305_ietf_decrypt(key, null, wrapped.subarray(24), aad, wrapped.subarray(0, 24), kek);
      return key;
    }
    const decipher = createDecipheriv('aes-256-gcm', kek, wrapped.subarray(0, 12));
    decipher.setAAD(aad);
    decipher.setAuthTag(wrapped.subarray(wrapped.length - 16));
    return Buffer.concat([decipher.update(wrapped.subarray(12, wrapped.length - 16)), decipher.final()]);
  } catch {
    return null;
  }
}

/** Whether any of the keys opens any of the person's sealed fields. */
export const anyOpens = (envelopes: string[], keys: Buffer[]) => envelopes.some((sealed) => keys.some((key) => openEnvelope(sealed, key) !== null));

/** The stopped shop's PostgreSQL started again on its folder, for pageinspect and the events. */
export async function withStoppedShopsDatabase<T>(dataDir: string, work: (pool: Pool) => Promise<T>): Promise<T> {
  const postgres = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'postgres') });
  const pool = createPool(postgres.databaseUrl, 2);
  try {
    return await work(pool);
  } finally {
    await pool.end();
    await postgres.stop();
  }
}

/**
 * The columns whose planner statistics (pg_statistic's most common values and histogram samples,
 * every slot, and extended statistics) hold a match, read through SQL: a byte search of the files
 * misses them, since long sample arrays are stored compressed in pg_statistic's TOAST table.
 */
export async function statisticsHolding(pool: Pool, pattern: RegExp): Promise<string[]> {
  const slots = [1, 2, 3, 4, 5].map((slot) => `coalesce(s.stavalues${slot}::text, '')`).join(" || ' ' || ");
  const rows = await pool.query<{ place: string; sampled: string }>(
    `SELECT s.starelid::regclass::text || '.' || coalesce(a.attname, s.staattnum::text) AS place, ${slots} AS sampled
       FROM pg_statistic s LEFT JOIN pg_attribute a ON a.attrelid = s.starelid AND a.attnum = s.staattnum
     UNION ALL
     SELECT e.stxname::text, coalesce(d.stxdexpr::text, '') || ' ' || coalesce((SELECT string_agg(m.values::text, ' ') FROM pg_mcv_list_items(d.stxdmcv) m), '')
       FROM pg_statistic_ext e JOIN pg_statistic_ext_data d ON d.stxoid = e.oid`,
  );
  return rows.rows.filter((row) => pattern.test(row.sampled)).map((row) => row.place);
}

/** The fields of clearValuesOf that the users read model keeps in small, uncompressed rows. */
const ACCOUNT_FIELDS = ['e-mail', 'name', 'phone'];

/**
 * The done-when of issue 31 on a stopped shop's DATA_DIR: no file holds an erased person's values
 * or any of `destroyedKeys`, the control customer's values are found (the search works), and no
 * data key in any row version of the key table, unwrapped with the key file that is left, opens
 * the erased persons' sealed fields, while the control's still open.
 */
export async function expectErasedOnDisk(dataDir: string, people: { erased: string[]; control: string; destroyedKeys: Buffer[] }): Promise<void> {
  for (const who of [erasedByStaff, selfErased]) {
    for (const [field, files] of await filesHolding(dataDir, who)) expect(files, `${who.name}'s ${field}`).toEqual([]);
  }
  // The search works: the control customer's account fields are found where the users read model
  // keeps them. Their address fields are left out: the copy of them this byte search found was the
  // audit log's, gone since decision 0248 (erasure.test.ts reads every table's text for them).
  for (const [field, files] of await filesHolding(path.join(dataDir, 'postgres'), control)) {
    if (!ACCOUNT_FIELDS.includes(field)) continue;
    expect(files.length, `the control customer's ${field} is found (the search works)`).toBeGreaterThan(0);
  }
  for (const key of people.destroyedKeys) expect(await anyFileHolds(dataDir, key), 'a destroyed key').toBeNull();
  const kekFile = path.join(dataDir, 'keys', 'personal-data-kek.json');
  expect((await keysInFile(kekFile)).size, 'one key-encryption key left').toBe(1);
  await withStoppedShopsDatabase(dataDir, async (pool) => {
    const keys = dataKeysFrom(await keyRowVersions(pool), await keysInFile(kekFile));
    const sealed = await sealedEnvelopes(pool);
    for (const erased of people.erased) expect(anyOpens(sealed.get(erased)!, keys), `an erased person's fields open`).toBe(false);
    expect(anyOpens(sealed.get(people.control)!, keys), "the control customer's fields open").toBe(true);
    for (const who of [erasedByStaff, selfErased]) {
      for (const { field, pattern } of clearValuesOf(who)) expect(await statisticsHolding(pool, pattern), `${who.name}'s ${field} in the planner's statistics`).toEqual([]);
    }
    const purged = await pool.query<{ person_id: string }>('SELECT person_id FROM personal_data_keys WHERE purged_at IS NOT NULL ORDER BY person_id');
    expect(purged.rows.map((row) => row.person_id)).toEqual([...people.erased].sort());
  });
}
