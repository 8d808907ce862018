import { createHash } from 'node:crypto';
import { seededRandom } from '@shop/infra';

/**
 * Seeded choices for the demo history. Every entity draws from its own stream, keyed by the seed
 * and the entity's name, so one project's draws never shift another's: the same seed gives the
 * same history whatever the number of projects asked for.
 */
export class DemoRandom {
  private readonly next: () => number;

  constructor(seed: number, key: string) {
    this.next = seededRandom(digest(`${seed}:${key}`).readInt32BE(0));
  }

  float(): number {
    return this.next();
  }

  /** A whole number from min to max, both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  between(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Fisher–Yates on a copy. */
  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy;
  }
}

/**
 * A UUID (version 4 layout) derived from the seed and a name: a rerun finds the same stream
 * names and correlation ids and so can tell what it already wrote.
 */
export function demoId(seed: number, key: string): string {
  const hex = digest(`demo-data:${seed}:${key}`).toString('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const digest = (text: string) => createHash('sha256').update(text).digest();
