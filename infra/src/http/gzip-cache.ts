import { gzipSync } from 'node:zlib';
import { GZIP_LEVEL } from './whole-answer-gzip.js';

/**
 * Gzipped answers kept by their entity tag, so an unchanged answer asked for again is not gzipped
 * again (issue 34: gzip was a tenth of a customer's list). A hit is served only for the very same
 * text: the entry keeps the JSON it was made from and a hit compares it whole (a memory compare,
 * far cheaper than gzip), so the tag is only where to look, and an answer is never sent to anyone
 * who did not get the same text from their own read (after its own session and access checks).
 * The least recently used entries go beyond `maxEntries` or `maxChars` of kept text.
 */
export class GzipCache {
  private readonly entries = new Map<string, { json: string; zipped: Buffer }>();
  private chars = 0;

  constructor(
    private readonly maxEntries = 1_000,
    private readonly maxChars = 8 * 1024 * 1024,
  ) {}

  /** `json` (as UTF-8) gzipped at GZIP_LEVEL, from the entry under `tag` when it holds the same text. */
  gzip(tag: string, json: string): Buffer {
    const hit = this.entries.get(tag);
    if (hit?.json === json) {
      // Last used goes last: a Map iterates in insertion order, so the first entry is the oldest.
      this.entries.delete(tag);
      this.entries.set(tag, hit);
      return hit.zipped;
    }
    const zipped = gzipSync(json, { level: GZIP_LEVEL });
    if (json.length > this.maxChars / 16) return zipped;
    // A copy of its own: a small buffer is a slice of a shared 8 KB pool, which keeping would keep whole.
    const kept = zipped.buffer.byteLength > zipped.length ? copyOf(zipped) : zipped;
    this.keep(tag, { json, zipped: kept });
    return kept;
  }

  private keep(tag: string, entry: { json: string; zipped: Buffer }): void {
    this.drop(tag);
    this.entries.set(tag, entry);
    this.chars += entry.json.length;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries && this.chars <= this.maxChars) break;
      this.drop(oldest);
    }
  }

  private drop(tag: string): void {
    const entry = this.entries.get(tag);
    if (!entry) return;
    this.entries.delete(tag);
    this.chars -= entry.json.length;
  }
}

function copyOf(buffer: Buffer): Buffer {
  const copy = Buffer.allocUnsafeSlow(buffer.length);
  buffer.copy(copy);
  return copy;
}
