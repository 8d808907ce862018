import { createHash, randomUUID } from 'node:crypto';

/** The domain never reads the clock or makes ids: these are handed to it from the edge. */
export interface Clock {
  now: () => Date;
}
export interface IdGenerator {
  next: () => string;
}

export const systemClock: Clock = { now: () => new Date() };
export const uuidIds: IdGenerator = { next: () => randomUUID() };

/** The shop's namespace for name-based (RFC 9562 version 5) ids. */
const NAMESPACE = Buffer.from('6f1d3a52c3b94b0a9f0e4d2b8a7c5e10', 'hex');

/** The same name gives the same id, anywhere and at any time: ids derived from an idempotency key or a stored event. */
export function nameBasedUuid(name: string): string {
  const bytes = createHash('sha1').update(NAMESPACE).update(name).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
