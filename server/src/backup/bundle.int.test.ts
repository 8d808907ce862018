import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLE_FORMAT, BundleError, digestOf, readBundle, writeBundle, type BackupManifest, type BundleFile } from './bundle.js';

// A damaged bundle fails as a BundleError wherever the damage lands: in an entry (checksum), in
// the gzip stream mid-entry, or in the gzip trailer after the last entry. The fresh-clone run found
// the last two leaking an unhandled stream error, which ended the restore tool with a stack trace.
describe('a damaged backup bundle', () => {
  let dir: string;
  let bundle: Buffer;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bundle-'));
    const files: BundleFile[] = [];
    const entries: BackupManifest['entries'] = {};
    for (let i = 0; i < 4; i++) {
      const file = path.join(dir, `t${i}`);
      await writeFile(file, randomBytes(100_000).toString('hex'));
      files.push({ name: `database/t${i}.copy`, file });
      entries[`database/t${i}.copy`] = await digestOf(file);
    }
    const manifest: BackupManifest = {
      format: BUNDLE_FORMAT, version: 1, takenAt: '2026-12-07T00:00:00Z', log: { events: 0, lastPosition: null },
      currentKeyGeneration: null, keyGenerations: [], migrations: [], tables: [], uploads: 0, entries,
    };
    await writeBundle(path.join(dir, 'whole.backup'), manifest, files);
    bundle = await readFile(path.join(dir, 'whole.backup'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reads whole', async () => {
    const manifest = await readBundle(path.join(dir, 'whole.backup'), drain);
    expect(Object.keys(manifest.entries)).toHaveLength(4);
  });

  it.each([0.05, 0.3, 0.5, 0.7, 0.9, 0.97, 0.999])('fails with a BundleError and nothing unhandled when a byte at %f of the file is flipped', async (at) => {
    const damaged = Buffer.from(bundle);
    const index = Math.floor(damaged.length * at);
    damaged[index] = damaged[index]! ^ 0xff;
    const file = path.join(dir, `damaged-${at}.backup`);
    await writeFile(file, damaged);
    const unhandled: unknown[] = [];
    const note = (reason: unknown): void => void unhandled.push(reason);
    process.on('unhandledRejection', note);
    try {
      await expect(readBundle(file, drain)).rejects.toBeInstanceOf(BundleError);
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      process.off('unhandledRejection', note);
    }
    expect(unhandled).toEqual([]);
  });
});

async function drain(_name: string, body: AsyncIterable<Buffer>): Promise<void> {
  for await (const chunk of body) void chunk;
}
