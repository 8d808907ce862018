import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { crypto_aead_xchacha20poly1305_ietf_decrypt as xchachaOpen, crypto_aead_xchacha20poly1305_ietf_encrypt as xchachaSeal } from 'sodium-native';

/**
 * Sealed personal data as stored in an event: `pd4:<nonce>:<ciphertext+tag>:<person id>`,
 * XChaCha20-Poly1305 (libsodium) under the person's 256-bit data key with a fresh 192-bit nonce per
 * value and the person id as additional data, so a value cannot be moved under another person's
 * name. The person id names the key; it is not itself secret. Older envelopes are still read:
 * `pd3:` is the same cipher; `pd1:` and `pd2:` are AES-256-GCM (node:crypto) with a 96-bit IV, same
 * key, same additional data (decision 0276 says why new values changed cipher). The version also
 * says what the clear text holds (personal-data-protector.ts): `pd1:` its fields by dotted path,
 * `pd2:` and `pd3:` the fields as a fragment of the event's data, `pd4:` the values alone, after
 * the number of their layout (sealed-layouts.ts, decision 0292).
 */
const PREFIX = 'pd4:';
/** Every version's prefix has this length. */
const PREFIX_LENGTH = PREFIX.length;

/** Whether a sealed value is of the first version (fields by dotted path). */
export const isFirstVersion = (sealed: string): boolean => sealed.startsWith('pd1:');
/** Whether a sealed value holds its values alone, by layout (`pd4:`). */
export const isValuesVersion = (sealed: string): boolean => sealed.charCodeAt(2) === 0x34; // '4'
/** Whether a sealed value is AES-256-GCM (`pd1:`, `pd2:`) rather than XChaCha20-Poly1305 (`pd3:`, `pd4:`). */
const isAesGcm = (sealed: string): boolean => sealed.charCodeAt(2) < 0x33; // '3'
const NONCE_BYTES = 24;
const TAG_BYTES = 16;

/** `version` 'pd3:' for tests that the log's envelopes of that layout (a fragment) still read. */
export function seal(value: string, personId: string, key: Buffer, version: 'pd3:' | 'pd4:' = PREFIX): string {
  const nonce = randomBytes(NONCE_BYTES);
  const clear = Buffer.from(value, 'utf8');
  const body = Buffer.allocUnsafe(clear.length + TAG_BYTES);
  xchachaSeal(body, clear, additionalData(personId), null, nonce, key);
  return `${version}${nonce.toString('base64url')}:${body.toString('base64url')}:${personId}`;
}

/** The person whose key a sealed value needs. */
export function sealedFor(sealed: string): string {
  return sealed.slice(personAt(sealed));
}

/** Where the person id starts: after the prefix, the IV and the body, each followed by a colon. */
function personAt(sealed: string): number {
  const bodyAt = sealed.indexOf(':', PREFIX_LENGTH) + 1;
  return sealed.indexOf(':', bodyAt) + 1;
}

/**
 * Opens a sealed value into `out` at `pos`: its clear text's UTF-8 bytes (a caller opening many
 * writes them out together and decodes and parses them once); gives their length. Throws when the
 * value does not authenticate. `out` needs room for the value's length from `pos` (a clear text is
 * shorter than its base64 envelope). `personId` is `sealedFor(sealed)` when the caller has it already.
 */
export function openInto(sealed: string, key: Buffer, out: Buffer, pos: number, personId?: string): number {
  const bodyAt = sealed.indexOf(':', PREFIX_LENGTH) + 1;
  const personAt = sealed.indexOf(':', bodyAt) + 1;
  const aad = additionalData(personId ?? sealed.slice(personAt));
  if (isAesGcm(sealed)) return openAesGcm(sealed, bodyAt, personAt, key, aad).copy(out, pos);
  const bytes = Buffer.from(sealed.slice(bodyAt, personAt - 1), 'base64url');
  if (bytes.length < TAG_BYTES) throw new Error('a sealed value too short to hold its tag');
  const nonce = Buffer.from(sealed.slice(PREFIX_LENGTH, bodyAt - 1), 'base64url');
  return xchachaOpen(out.subarray(pos, pos + bytes.length - TAG_BYTES), null, bytes, aad, nonce, key);
}

/** A page of sealed values with each one's key and person (`sealedFor(sealed)`, the additional data). */
export interface SealedPage {
  sealed: readonly string[];
  keys: readonly Buffer[];
  persons: readonly string[];
}

/** Where a page's clear texts are written out: kept for the process, zeroed after each use. */
let scratch = Buffer.alloc(0);
const [OPEN_BRACKET, COMMA, CLOSE_BRACKET] = [0x5b, 0x2c, 0x5d];

/**
 * Opens every value of a page, handing each one's parsed clear text to `each(index, clear)`.
 * The clear texts are written out together as one JSON array and parsed once, not once per value.
 * Throws when a value does not authenticate; no clear text is left in the scratch buffer either way.
 */
export function openPage(page: SealedPage, each: (index: number, clear: unknown) => void): void {
  // Clear texts are shorter than the values they were sealed in.
  let room = 2 + page.sealed.length;
  for (const value of page.sealed) room += value.length;
  // Its own memory, not a slice of Node's shared pool, so that zeroing it reaches every copy.
  if (scratch.length < room) scratch = Buffer.allocUnsafeSlow(Math.max(room, 2 * scratch.length));
  let pos = 0;
  let clear: unknown[];
  try {
    scratch[pos++] = OPEN_BRACKET;
    for (let n = 0; n < page.sealed.length; n++) {
      if (n > 0) scratch[pos++] = COMMA;
      pos += openInto(page.sealed[n]!, page.keys[n]!, scratch, pos, page.persons[n]);
    }
    scratch[pos++] = CLOSE_BRACKET;
    clear = JSON.parse(scratch.toString('utf8', 0, pos)) as unknown[];
  } finally {
    scratch.fill(0, 0, pos);
  }
  for (let n = 0; n < clear.length; n++) each(n, clear[n]);
}

/** The older cipher: GCM decrypts in `update`; `final` only checks the tag. */
function openAesGcm(sealed: string, bodyAt: number, personAt: number, key: Buffer, aad: Buffer): Buffer {
  const bytes = Buffer.from(sealed.slice(bodyAt, personAt - 1), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.slice(PREFIX_LENGTH, bodyAt - 1), 'base64url'));
  decipher.setAAD(aad);
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  const clear = decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES));
  const rest = decipher.final();
  return rest.length === 0 ? clear : Buffer.concat([clear, rest]);
}

/**
 * An envelope of the older cipher (`pd2:`, AES-256-GCM), as appends wrote them before decision
 * 0276: for tests that the log's older rows still read. `version` 'pd1:' for the first clear-text layout.
 */
export function sealAesGcm(value: string, personId: string, key: Buffer, version: 'pd1:' | 'pd2:' = 'pd2:'): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(additionalData(personId));
  const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${version}${iv.toString('base64url')}:${body.toString('base64url')}:${personId}`;
}

/** Each person's additional data as bytes, made once: a log read opens many events of the same person. Bounded. */
const additional = new Map<string, Buffer>();

function additionalData(personId: string): Buffer {
  let bytes = additional.get(personId);
  if (!bytes) {
    if (additional.size >= 10_000) additional.clear();
    bytes = Buffer.from(personId, 'utf8');
    additional.set(personId, bytes);
  }
  return bytes;
}
