import { createCipheriv, createDecipheriv } from 'node:crypto';
import { freshIv } from './fresh-random.js';

/**
 * Sealed personal data as stored in an event: `pd2:<iv>:<ciphertext+tag>:<person id>`, AES-256-GCM
 * with a fresh 96-bit IV per value and the person id as additional data, so a value cannot be
 * moved under another person's name. The person id names the key; it is not itself secret.
 * The version says what the clear text holds (personal-data-protector.ts): `pd1:` (older events)
 * its fields by dotted path, `pd2:` the fields as a fragment of the event's data. Same cipher.
 */
const PREFIX = 'pd2:';
/** Every version's prefix has this length. */
const PREFIX_LENGTH = PREFIX.length;

/** Whether a sealed value is of the first version (fields by dotted path). */
export const isFirstVersion = (sealed: string): boolean => sealed.startsWith('pd1:');
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function seal(value: string, personId: string, key: Buffer): string {
  const iv = freshIv(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(additionalData(personId));
  const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${PREFIX}${iv.toString('base64url')}:${body.toString('base64url')}:${personId}`;
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
 * Opens a sealed value: its clear text's UTF-8 bytes (a caller opening many writes them out
 * together and decodes and parses them once). Read paths open one per personal event, so this
 * avoids what is not the cipher: one scan for the separators, no array of parts, no copy of the
 * output (GCM decrypts in `update`; `final` only checks the tag), and the additional data of a
 * person made once. `personId` is `sealedFor(sealed)` when the caller has it already.
 */
export function open(sealed: string, key: Buffer, personId?: string): Buffer {
  const bodyAt = sealed.indexOf(':', PREFIX_LENGTH) + 1;
  const personAt = sealed.indexOf(':', bodyAt) + 1;
  const bytes = Buffer.from(sealed.slice(bodyAt, personAt - 1), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.slice(PREFIX_LENGTH, bodyAt - 1), 'base64url'));
  decipher.setAAD(additionalData(personId ?? sealed.slice(personAt)));
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  const clear = decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES));
  const rest = decipher.final();
  return rest.length === 0 ? clear : Buffer.concat([clear, rest]);
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
