import { createWriteStream } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogSigningKey, sealLog } from '@shop/event-store';
import { readBundle, writeBundle, type BackupManifest, type BundleFile } from '../../../server/src/backup/bundle.js';
import { loggedIn } from '../commands/helpers.js';
import { control, customerOrders } from '../privacy/on-disk.js';
import { projectionsCaughtUp } from '../privacy/support.js';
import type { CommandRun } from '../../support/run-command.js';
import { dataDirShop, npmOnDataDir } from './support/data-dir-shop.js';

/**
 * docs/operations.md, "Verifying a restored log": a bundle taken before decision 0390 carries no
 * record of which events each digest first covered. Restored, verify-log exits 1 with one line per
 * digest of the bundle saying it cannot be checked against the restored log, the events verifying as
 * chains; once the shop's first start sealed the restored log it exits 0 with one line per such
 * digest (decision 0456); a new backup of that shop, restored, verifies the same way.
 */

let work: string;
const shops = dataDirShop();
const { start, stop } = shops;
const npm = npmOnDataDir;

/**
 * The bundle as the version before decision 0390 wrote it, as far as the log goes: no
 * `log/first-covering-digests.copy` entry and no `logCoverage` in the manifest, no `log_restores`
 * table nor its migration (both came with 0390), nor `event_rechains` and the migrations of 0455. Every other entry is
 * copied byte for byte, the manifest naming each with its checksum as the older version did.
 */
async function asBefore0390(bundle: string, out: string): Promise<void> {
  const stage = await mkdtemp(path.join(work, 'old-bundle-'));
  const files: BundleFile[] = [];
  const leftOut = new Set(['log_restores', 'event_rechains']);
  const manifest = await readBundle(bundle, async (name, body, read) => {
    const table = read.tables.find((candidate) => candidate.entry === name);
    if (name === read.logCoverage?.entry || (table && leftOut.has(table.table))) return;
    const file = path.join(stage, `${files.length}`);
    await pipeline(body, createWriteStream(file));
    files.push({ name, file });
  });
  const names = new Set(files.map((file) => file.name));
  const { logCoverage: _coverage, ...rest } = manifest;
  const old: BackupManifest = {
    ...rest,
    migrations: manifest.migrations.filter((migration) => !/^1700000390000_|^170000045[56]000_/.test(migration)),
    tables: manifest.tables.filter((table) => !leftOut.has(table.table)),
    entries: Object.fromEntries(Object.entries(manifest.entries).filter(([name]) => names.has(name))),
  };
  await writeBundle(out, old, files);
}

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'shop-restore-before-0390-'));
  // Each DATA_DIR is a folder inside: as root, PostgreSQL's own user must pass through this one.
  await chmod(work, 0o711);
});
afterAll(async () => {
  await stop();
  await rm(work, { recursive: true, force: true });
});

describe('restoring a bundle taken before decision 0390', () => {
  it('verify-log exits 1 naming each of its digests as not checkable until the restored shop sealed its log, then 0 with one line per digest; a new backup restores the same', { timeout: 900_000 }, async () => {
    const live = path.join(work, 'live');

    // History sealed twice: a seal between a customer's order and a later project, and the shop's own at its stop.
    const shop = await start(live);
    await customerOrders(shop, control, true);
    await projectionsCaughtUp(shops.pool!);
    await sealLog(shops.pool!, await LogSigningKey.open(path.join(live, 'keys', 'log-signing-key.pem')));
    const later = await (await loggedIn(shop, control.email, control.password)).post('/api/projects/', { name: 'Window seat after the seal', fabrics: [] });
    expect(later.status, later.text).toBe(201);
    await projectionsCaughtUp(shops.pool!);
    await stop();

    const bundle = path.join(work, 'shop.backup');
    const keys = path.join(work, 'keys.json');
    const backup = await npm('backup', ['--out', bundle, '--keys-out', keys], live);
    expect(backup.code, backup.stderr).toBe(0);
    const oldBundle = path.join(work, 'old.backup');
    await asBefore0390(bundle, oldBundle);
    const oldCheck = await npm('restore', ['--verify', oldBundle, '--keys', keys], live);
    expect(oldCheck.code, oldCheck.stderr).toBe(0);

    const restored = path.join(work, 'restored');
    const restore = await npm('restore', ['--from', oldBundle, '--keys', keys], restored);
    expect(restore.code, restore.stderr).toBe(0);

    // Before the restored shop ever ran: every digest of the bundle is a fault of its own, and nothing else is.
    const before = await npm('verify-log', [], restored);
    expect(before.code, before.stdout + before.stderr).toBe(1);
    const counted = /^The log is NOT as appended \((\d+) events in (\d+) streams, (\d+) digests\)\.$/m.exec(before.stdout);
    expect(counted, before.stdout).not.toBeNull();
    const digests = Number(counted![3]);
    expect(digests).toBeGreaterThanOrEqual(2);
    const faultLines = before.stdout.split('\n').filter((line) => /^(First: | {2}- )/.test(line));
    expect(faultLines).toHaveLength(digests);
    faultLines.forEach((line, index) =>
      expect(line).toMatch(
        new RegExp(
          `^(First: |  - )digest ${index + 1} sealed at \\S+: it came from a backup that did not say which events each digest covered \\(taken before decision 0390\\), ` +
            'so it cannot be checked against the restored log, and no digest sealed since the restore seals that log yet: start the shop once$',
        ),
      ),
    );

    // The shop's first start seals the restored log; from then on verify-log exits 0 and still names each digest of the old bundle.
    await start(restored);
    await stop();
    const after = await npm('verify-log', [], restored);
    expect(after.code, after.stdout + after.stderr).toBe(0);
    expect(after.stdout).toMatch(/^History verified: \d+ events in \d+ streams, (\d+) digests; verified up to digest \1 sealed at /m);
    const notCheckable = (run: CommandRun) => run.stdout.split('\n').filter((line) => line.includes('taken before decision 0390'));
    const expectedLines = Array.from(
      { length: digests },
      (_, index) =>
        new RegExp(
          `^Digest ${index + 1} sealed at \\S+ came from the backup of \\S+ \\(restored at \\S+\\), taken before decision 0390: that backup did not say which events each digest covered, ` +
            'so it cannot be checked against the restored log \\(signature checked\\)\\. The digests sealed since the restore verify it\\.$',
        ),
    );
    expect(notCheckable(after)).toEqual(expectedLines.map((line) => expect.stringMatching(line)));

    // "Take a new backup with this version": its bundle carries the coverage of the digests sealed since; restored, it verifies alike.
    const again = path.join(work, 'again');
    const newBackup = await npm('backup', ['--out', path.join(work, 'new.backup'), '--keys-out', path.join(work, 'new-keys.json')], restored);
    expect(newBackup.code, newBackup.stderr).toBe(0);
    const newRestore = await npm('restore', ['--from', path.join(work, 'new.backup'), '--keys', path.join(work, 'new-keys.json')], again);
    expect(newRestore.code, newRestore.stderr).toBe(0);
    const againCheck = await npm('verify-log', [], again);
    expect(againCheck.code, againCheck.stdout + againCheck.stderr).toBe(0);
    expect(againCheck.stdout).toMatch(/^History verified: \d+ events in \d+ streams, (\d+) digests; verified up to digest \1 sealed at /m);
    expect(notCheckable(againCheck)).toEqual(expectedLines.map((line) => expect.stringMatching(line)));
  });
});
