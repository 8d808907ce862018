import { chmod, copyFile, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '@shop/infra';
import { LogSigningKey, sealLog } from '@shop/event-store';
import { anonymous, loggedIn, staffClient } from '../commands/helpers.js';
import { control, customerOrders, erasedByStaff } from '../privacy/on-disk.js';
import { projectionsCaughtUp } from '../privacy/support.js';
import { startSmtpServer, type TestSmtpServer } from '../../support/smtp.js';
import type { TestShop } from '../../support/shop.js';
import { dataDirShop, npmOnDataDir } from './support/data-dir-shop.js';

/**
 * Issue 55's drill, as an operator runs it (docs/operations.md): a shop with history, stopped;
 * `npm run backup -- --out F --keys-out K`; more history and a staff erasure; `npm run backup --
 * --keys-out K2`; `npm run restore -- --from F --keys K2` into an empty DATA_DIR; the shop started
 * there. Then a restore with `--until`. The shop runs in-process on a DATA_DIR of its own (its own
 * embedded PostgreSQL and key file); the two commands run as the operator runs them.
 * `npm run verify-log` runs on every restored log as an auditor would (decision 0390): it verifies
 * the restored digests, a backup of the restored shop restored again, fails naming an event a
 * superuser changed after a restore, and names the digests that sealed history beyond `--until`.
 */

let work: string;
const shops = dataDirShop();
const { start, stop } = shops;
const npm = npmOnDataDir;

/** Every project id staff see in the list. */
async function projectIds(shop: TestShop): Promise<string[]> {
  const list = await (await staffClient(shop)).get('/api/internal/projects/?page_size=100');
  expect(list.status, list.text).toBe(200);
  const rows = (Array.isArray(list.body) ? list.body : (list.body.results ?? list.body.items)) as Array<{ id: string }>;
  return rows.map((row) => row.id).sort();
}

/** Everything staff can read about the shop's projects and the person, as one text. */
async function whatStaffSee(shop: TestShop, projectIds: string[], email: string): Promise<string> {
  const staff = await staffClient(shop);
  const texts = [(await staff.get('/api/internal/projects/?page_size=100')).text, (await staff.get(`/api/internal/check-user/?email=${encodeURIComponent(email)}`)).text];
  for (const id of projectIds) {
    for (const suffix of ['', 'events/', 'summary/']) texts.push((await staff.get(`/api/internal/projects/${id}/${suffix}`)).text);
  }
  return texts.join('\n');
}

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'shop-backup-drill-'));
  // Each DATA_DIR is a folder inside: as root, PostgreSQL's own user must pass through this one.
  await chmod(work, 0o711);
});
afterAll(async () => {
  await stop();
  await rm(work, { recursive: true, force: true });
});

describe('backup and restore drill', () => {
  it('restores a stopped shop\'s backup with a later keys backup: old logins hold, the later erasure holds, the lists are the backup\'s, no mail goes again, the log verifies (and again after a second backup and restore, and not after a change); --until cuts the log', { timeout: 900_000 }, async () => {
    const live = path.join(work, 'live');
    const bundle = path.join(work, 'shop.backup');
    const keys = path.join(work, 'keys-1.json');
    const laterKeys = path.join(work, 'keys-2.json');

    // History: one customer who stays, then (after a moment noted for --until) one who will be erased.
    let shop = await start(live);
    const kept = await customerOrders(shop, control, true);
    await projectionsCaughtUp(shops.pool!);
    // A seal between the two customers (the shop seals again at its stop): the --until restore keeps this one's history whole.
    const firstSeal = await sealLog(shops.pool!, await LogSigningKey.open(path.join(live, 'keys', 'log-signing-key.pem')));
    const beforeSecond = new Date();
    const erased = await customerOrders(shop, erasedByStaff, true);
    await projectionsCaughtUp(shops.pool!);
    const projectsAtBackup = await projectIds(shop);
    expect(projectsAtBackup).toEqual([kept.projectId, erased.projectId].sort());
    await stop();

    const backup = await npm('backup', ['--out', bundle, '--keys-out', keys], live);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/^Backup written to .*: the shop as of .*, \d+ events .*needs key generation [0-9a-f-]{36}; sha256 [0-9a-f]{64}$/m);
    expect((await stat(keys)).mode & 0o777).toBe(0o600);
    // The bundle holds no key-encryption key: none of the key file's keys is in it.
    const keyFile = JSON.parse(await readFile(path.join(live, 'keys', 'personal-data-kek.json'), 'utf8')) as { keys: Record<string, string> };
    const bundleBytes = await readFile(bundle);
    for (const key of Object.values(keyFile.keys)) expect(bundleBytes.includes(Buffer.from(key, 'base64'))).toBe(false);
    const verified = await npm('restore', ['--verify', bundle, '--keys', keys], live);
    expect(verified.code, verified.stderr).toBe(0);
    expect(verified.stdout).toMatch(/is whole: .* every checksum matches/);

    // More history after the backup: a second project, and staff erase the second customer; the clean stop purges.
    shop = await start(live);
    const later = await (await loggedIn(shop, control.email, control.password)).post('/api/projects/', { name: 'Window seat after the backup', fabrics: [] });
    expect(later.status, later.text).toBe(201);
    const erasure = await (await staffClient(shop)).post(`/api/internal/users/${erased.userId}/erase/`);
    expect(erasure.status, erasure.text).toBe(200);
    await projectionsCaughtUp(shops.pool!);
    // While the shop runs, a backup reads through its PostgreSQL in one snapshot.
    const whileRunning = await npm('backup', ['--out', path.join(work, 'running.backup')], live);
    expect(whileRunning.code, whileRunning.stderr).toBe(0);
    expect(whileRunning.stdout).toMatch(/^The shop holds the database: reading it through its running PostgreSQL/m);
    expect((await npm('restore', ['--verify', path.join(work, 'running.backup')], live)).code).toBe(0);
    await stop();
    const laterKeysRun = await npm('backup', ['--keys-out', laterKeys], live);
    expect(laterKeysRun.code, laterKeysRun.stderr).toBe(0);
    expect(laterKeysRun.stdout).toMatch(/1 erasure in the ledger/);

    // Refusals: a keys file without the generation the bundle needs; a target that is not empty; a damaged bundle.
    const laterKeysFile = JSON.parse(await readFile(laterKeys, 'utf8')) as { keys: Record<string, string>; kept: Record<string, unknown> };
    const stripped = path.join(work, 'keys-stripped.json');
    await writeFile(stripped, JSON.stringify({ ...laterKeysFile, kept: {} }), { mode: 0o600 });
    const lacking = await npm('restore', ['--from', bundle, '--keys', stripped], path.join(work, 'refused-1'));
    expect(lacking.code).toBe(1);
    expect(lacking.stderr.trim()).toMatch(/^.*keys-stripped\.json lacks key generation [0-9a-f-]{36} that the backup of .* needs/);
    const notEmpty = await npm('restore', ['--from', bundle, '--keys', laterKeys], live);
    expect(notEmpty.code).toBe(1);
    expect(notEmpty.stderr.trim()).toMatch(/^DATA_DIR .* is not empty: restore into an empty or new folder$/);
    const wrongFlag = await npm('restore', ['--form', bundle], live);
    expect(wrongFlag.code).toBe(2);
    const damaged = path.join(work, 'damaged.backup');
    await copyFile(bundle, damaged);
    const bytes = await readFile(damaged);
    const middle = Math.floor(bytes.length / 2);
    bytes[middle] = bytes[middle]! ^ 0xff;
    await writeFile(damaged, bytes);
    const damagedCheck = await npm('restore', ['--verify', damaged], live);
    expect(damagedCheck.code).toBe(1);
    // A restore that fails part way leaves its target empty again, ready for the next attempt.
    const halfway = path.join(work, 'refused-2');
    const damagedRestore = await npm('restore', ['--from', damaged, '--keys', laterKeys], halfway);
    expect(damagedRestore.code).toBe(1);
    expect(damagedRestore.stderr.trim().split('\n')).toHaveLength(1);
    expect(await readdir(halfway)).toEqual([]);

    // The restore into an empty DATA_DIR, then the shop started there, mail going to a real SMTP server.
    const restored = path.join(work, 'restored');
    const restore = await npm('restore', ['--from', bundle, '--keys', laterKeys], restored);
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toMatch(/Re-applied 1 erasure from the ledger/);
    // The log-signing key comes back with the keys backup: digests go on under the key auditors kept.
    expect(await readFile(path.join(restored, 'keys', 'log-signing-key.pem'), 'utf8')).toBe(await readFile(path.join(live, 'keys', 'log-signing-key.pem'), 'utf8'));
    // The restored log verifies under the digests sealed before the backup (the newest of them is the stop's).
    const stopSeal = Number(firstSeal.digestId) + 1;
    const restoredCheck = await npm('verify-log', [], restored);
    expect(restoredCheck.code, restoredCheck.stdout + restoredCheck.stderr).toBe(0);
    expect(restoredCheck.stdout).toMatch(new RegExp(`^History verified: \\d+ events in \\d+ streams, ${stopSeal} digests; verified up to digest ${stopSeal} sealed at `, 'm'));
    const smtp: TestSmtpServer = await startSmtpServer();
    try {
      shop = await start(restored, { SMTP_URL: smtp.url });
      await projectionsCaughtUp(shops.pool!);
      // The customer from before the backup logs in with their old password and reads their name and project.
      const customer = await loggedIn(shop, control.email, control.password);
      expect((await customer.get('/api/users/')).body.name).toBe(control.name);
      const own = await customer.get(`/api/projects/${kept.projectId}/`);
      expect(own.status, own.text).toBe(200);
      expect(own.body.shipping_notes.shipping_address).toEqual(control.address);
      // The customer erased after the backup cannot log in and appears nowhere staff look.
      const refused = await (await anonymous(shop)).post('/api/sessions/', { email: erasedByStaff.email, password: erasedByStaff.password });
      expect(refused.status).toBe(401);
      const seen = await whatStaffSee(shop, projectsAtBackup, erasedByStaff.email);
      for (const value of [erasedByStaff.email, erasedByStaff.name, erasedByStaff.phone, erasedByStaff.address.line1, erasedByStaff.address.city]) expect(seen).not.toContain(value);
      expect(seen).toContain(control.name);
      // The project lists are those of the backup's moment.
      expect(await projectIds(shop)).toEqual(projectsAtBackup);
      // No e-mail goes again: a new sign-up's activation mail is the first and only one the server gets.
      const newcomer = 'newcomer@backup-drill.test';
      expect((await (await anonymous(shop)).post('/api/users/', { email: newcomer, name: 'New Comer', phone: '555-0100', password: 'Newcomer-Pass1' })).status).toBe(201);
      await smtp.waitFor((mail) => mail.to.includes(newcomer));
      await projectionsCaughtUp(shops.pool!);
      expect(smtp.mails.map((mail) => mail.to)).toEqual([[newcomer]]);
      await stop();
    } finally {
      await stop();
      await smtp.stop();
    }

    // A backup of the restored shop (its digests from the first bundle and its own since) restores and verifies again.
    const again = path.join(work, 'again');
    const secondBackup = await npm('backup', ['--out', path.join(work, 'restored.backup'), '--keys-out', path.join(work, 'restored-keys.json')], restored);
    expect(secondBackup.code, secondBackup.stderr).toBe(0);
    const secondRestore = await npm('restore', ['--from', path.join(work, 'restored.backup'), '--keys', path.join(work, 'restored-keys.json')], again);
    expect(secondRestore.code, secondRestore.stderr).toBe(0);
    const againCheck = await npm('verify-log', [], again);
    expect(againCheck.code, againCheck.stdout + againCheck.stderr).toBe(0);
    expect(againCheck.stdout).toMatch(/^History verified: \d+ events in \d+ streams, (\d+) digests; verified up to digest \1 sealed at /m);

    // --until the moment before the second customer: their account and project are left out; the erasure still holds.
    const rewound = path.join(work, 'rewound');
    const untilRun = await npm('restore', ['--from', bundle, '--keys', laterKeys, '--until', beforeSecond.toISOString()], rewound);
    expect(untilRun.code, untilRun.stderr).toBe(0);
    expect(untilRun.stdout).toMatch(/left out \d+ events recorded after/);
    // The seal before the cut still verifies; the stop's seal, over the second customer the cut left out, is named as beyond the cut, not as a change.
    const cutCheck = await npm('verify-log', [], rewound);
    expect(cutCheck.code, cutCheck.stdout + cutCheck.stderr).toBe(0);
    expect(cutCheck.stdout).toMatch(new RegExp(`^History verified: .* verified up to digest ${firstSeal.digestId} sealed at `, 'm'));
    expect(cutCheck.stdout).toMatch(
      new RegExp(`^Digest ${stopSeal} sealed history beyond the restore's cut at ${beforeSecond.toISOString().replace('Z', '000Z')} .* This is the cut, not a change\\.$`, 'm'),
    );
    shop = await start(rewound);
    await projectionsCaughtUp(shops.pool!);
    expect(await projectIds(shop)).toEqual([kept.projectId]);
    const gone = await (await anonymous(shop)).post('/api/sessions/', { email: erasedByStaff.email, password: erasedByStaff.password });
    expect(gone.status).toBe(401);
    expect((await (await loggedIn(shop, control.email, control.password)).get('/api/users/')).body.name).toBe(control.name);
    const erasedKey = await shops.pool!.query<{ data_key: Buffer | null }>('SELECT data_key FROM personal_data_keys WHERE person_id = $1', [erased.userId]);
    expect(erasedKey.rows.every((row) => row.data_key === null)).toBe(true);
    // A superuser goes around the triggers and changes one restored event of the shop restored with --until: verify-log names it.
    const target = (
      await shops.pool!.query<{ event_id: string; position: string }>(
        'SELECT event_id, global_position::text AS position FROM events JOIN restored_event_digests USING (event_id) ORDER BY global_position LIMIT 1',
      )
    ).rows[0]!;
    // And cuts the tail of another stream the seal before the cut covered, its stream row set back so every chain still
    // verifies: only that seal, selecting its events through the restored side table, can tell.
    const tail = (
      await shops.pool!.query<{ event_id: string; stream_id: string; revision: string }>(
        `SELECT e.event_id, e.stream_id, e.stream_revision::text AS revision FROM events e JOIN restored_event_digests r USING (event_id) JOIN streams s USING (stream_id)
          WHERE r.first_digest_id = $1 AND s.revision = e.stream_revision AND e.stream_revision > 0 AND e.event_id <> $2 LIMIT 1`,
        [firstSeal.digestId, target.event_id],
      )
    ).rows[0]!;
    await inTransaction(shops.pool!, async (client) => {
      await client.query('SET LOCAL session_replication_role = replica');
      await client.query(`UPDATE events SET data = jsonb_set(data, '{tampered}', 'true') WHERE event_id = $1`, [target.event_id]);
      await client.query('DELETE FROM events WHERE event_id = $1', [tail.event_id]);
      await client.query('UPDATE streams SET revision = $2 WHERE stream_id = $1', [tail.stream_id, Number(tail.revision) - 1]);
    });
    await stop();
    const tampered = await npm('verify-log', [], rewound);
    expect(tampered.code, tampered.stdout + tampered.stderr).toBe(1);
    expect(tampered.stdout).toMatch(new RegExp(`^First: event ${target.event_id} \\(stream .* position ${target.position}\\) does not match its chain hash`, 'm'));
    expect(tampered.stdout).toMatch(new RegExp(`^  - digest ${firstSeal.digestId} sealed at \\S+: it covered \\d+ events in \\d+ streams; the log now holds \\d+ in \\d+ among the restored events the backup named it as covering$`, 'm'));
  });
});
