import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Sealed personal data as stored in an event: `pd1:<iv>:<ciphertext+tag>:<person id>`, AES-256-GCM
 * with a fresh 96-bit IV per value and the person id as additional data, so a value cannot be
 * moved under another person's name. The person id names the key; it is not itself secret.
 */
const PREFIX = 'pd1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function seal(value: string, personId: string, key: Buffer): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(personId, 'utf8'));
  const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${PREFIX}${iv.toString('base64url')}:${body.toString('base64url')}:${personId}`;
}

/** The person whose key a sealed value needs. */
export function sealedFor(sealed: string): string {
  return sealed.slice(personAt(sealed));
}

/** Where the person id starts: after the prefix, the IV and the body, each followed by a colon. */
function personAt(sealed: string): number {
  const bodyAt = sealed.indexOf(':', PREFIX.length) + 1;
  return sealed.indexOf(':', bodyAt) + 1;
}

/**
 * Opens a sealed value. Read paths open one per personal event, so this avoids what is not the
 * cipher: one scan for the separators, no array of parts, no copy of the output (GCM decrypts
 * in `update`; `final` only checks the tag).
 */
export function open(sealed: string, key: Buffer): string {
  const bodyAt = sealed.indexOf(':', PREFIX.length) + 1;
  const personAt = sealed.indexOf(':', bodyAt) + 1;
  const bytes = Buffer.from(sealed.slice(bodyAt, personAt - 1), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.slice(PREFIX.length, bodyAt - 1), 'base64url'));
  decipher.setAAD(Buffer.from(sealed.slice(personAt), 'utf8'));
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  const clear = decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES));
  const rest = decipher.final();
  return (rest.length === 0 ? clear : Buffer.concat([clear, rest])).toString('utf8');
}
