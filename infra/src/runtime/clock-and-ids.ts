import { randomUUID } from 'node:crypto';

/** The domain never reads the clock or makes ids: these are handed to it from the edge. */
export interface Clock {
  now: () => Date;
}
export interface IdGenerator {
  next: () => string;
}

export const systemClock: Clock = { now: () => new Date() };
export const uuidIds: IdGenerator = { next: () => randomUUID() };
