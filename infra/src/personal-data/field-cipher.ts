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
  const [iv, body] = sealed.slice(PREFIX.length).split(':', 2);
  return sealed.slice(PREFIX.length + (iv?.length ?? 0) + (body?.length ?? 0) + 2);
}

export function open(sealed: string, key: Buffer): string {
  const [iv = '', body = ''] = sealed.slice(PREFIX.length).split(':', 2);
  const bytes = Buffer.from(body, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(sealedFor(sealed), 'utf8'));
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
}
