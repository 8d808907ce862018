import { randomUUID, verify, createPublicKey } from 'node:crypto';
import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { inTransaction } from '@shop/infra';
import { LogSigningKey, logSigningKeyFile, PostgresEventStore, sealLog } from '@shop/event-store';
import { createTestDatabase, type TestDatabase } from '@shop/infra/testing';
import { loadEvents } from '../../support/event-history.js';
import { runNpmScript } from '../../support/run-command.js';

/**
 * Issue 56's acceptance: `npm run verify-log` passes on an untouched log (bulk-loaded and appended,
 * sealed by the shop's key), and after a rewrite through the logged path that re-chained, telling it; after a superuser went around the triggers, changed one event's data
 * and deleted another, it fails and names the changed event's id and position.
 */
let db: TestDatabase;
let kekFile: string;

beforeAll(async () => {
  db = await createTestDatabase(inject('adminDatabaseUrl'));
  kekFile = path.join(await mkdtemp(path.join(os.tmpdir(), 'verify-log-')), 'keys', 'personal-data-kek.json');
  await loadEvents(db.pool, 200);
  const store = new PostgresEventStore(db.pool);
  for (let i = 0; i < 5; i++) {
    const metadata = { actor: 'staff', correlationId: randomUUID(), causationId: null, occurredAt: '2026-03-01T10:00:00.000Z' };
    await store.appendToStream(`notes-${i}`, [1, 2, 3].map((n) => ({ id: randomUUID(), type: 'Noted', data: { n, text: `note ${n} ✓` }, metadata })));
  }
  await sealLog(db.pool, await LogSigningKey.open(logSigningKeyFile({ DATA_DIR: '.', PERSONAL_DATA_KEK_FILE: kekFile })));
}, 120_000);
afterAll(async () => {
  await db?.drop();
});

const verifyLogCli = (args: string[] = []) => runNpmScript('verify-log', args, { ...process.env, DATABASE_URL: db.url, PERSONAL_DATA_KEK_FILE: kekFile });

describe('npm run verify-log', () => {
  it('exits 0 on an untouched log and writes a digest whose signature an auditor checks with the public key alone', { timeout: 120_000 }, async () => {
    const out = path.join(path.dirname(kekFile), 'digest.json');
    const run = await verifyLogCli(['--digest-out', out]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^History verified: 215 events in 25 streams, 1 digests; verified up to digest 1 sealed at \S+ \(215 events, root [0-9a-f]{64}\)\.$/m);
    const digest = JSON.parse(await readFile(out, 'utf8')) as { statement: string; signature: string; publicKey: string; events: string };
    expect(digest.events).toBe('215');
    expect(verify(null, Buffer.from(digest.statement), createPublicKey(digest.publicKey), Buffer.from(digest.signature, 'base64'))).toBe(true);
  });

  it('refuses to run without a key to trust', { timeout: 60_000 }, async () => {
    const run = await verifyLogCli(['--public-key', path.join(os.tmpdir(), `no-such-key-${randomUUID()}.pem`)]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('cannot read the public key');
  });

  it('exits 0 after a rewrite through the logged path that re-chained its stream, printing the rewrite and the digest sealed before it (decision 0455)', { timeout: 120_000 }, async () => {
    await inTransaction(db.pool, async (client) => {
      await client.query("SELECT shop_allow_event_rewrite('upcast Noted to carry its length')");
      await client.query(`UPDATE events SET data = data || jsonb_build_object('length', length(data ->> 'text')) WHERE stream_id = 'notes-2'`);
      await client.query("SELECT shop_rechain_streams(ARRAY['notes-2'])");
    });
    const run = await verifyLogCli();
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^History verified: 215 events in 25 streams, 1 digests; verified up to digest 1 sealed at /m);
    expect(run.stdout).toMatch(/^Logged rewrite at \S+ by \S+ \(transaction \d+\): "upcast Noted to carry its length"; 3 events re-chained in "notes-2"\.$/m);
    expect(run.stdout).toMatch(/^Digest 1 sealed at \S+ verified with the hashes it sealed before the logged rewrite at \S+: the log is as it sealed it but for what those rewrites changed\.$/m);
  });

  it('exits 1 naming the changed event\'s id and position after a superuser bypassed the triggers, changed one event and deleted another', { timeout: 120_000 }, async () => {
    const pick = async (stream: string, revision: number) =>
      (await db.pool.query<{ event_id: string; position: string }>('SELECT event_id, global_position::text AS position FROM events WHERE stream_id = $1 AND stream_revision = $2', [stream, revision])).rows[0]!;
    const changed = await pick('notes-1', 1);
    const deleted = await pick('notes-3', 0);
    await inTransaction(db.pool, async (client) => {
      await client.query('SET LOCAL session_replication_role = replica');
      await client.query(`UPDATE events SET data = jsonb_set(data, '{n}', '20') WHERE event_id = $1`, [changed.event_id]);
      await client.query('DELETE FROM events WHERE event_id = $1', [deleted.event_id]);
    });
    const run = await verifyLogCli();
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toContain('The log is NOT as appended');
    expect(run.stdout).toMatch(new RegExp(`^First: event ${changed.event_id} \\(stream "notes-1" revision 1, position ${changed.position}\\) does not match its chain hash`, 'm'));
    expect(run.stdout).toContain('revisions 0 to 0 of stream "notes-3" are missing');
    expect(run.stdout).toMatch(/digest 1 sealed at \S+: it covered 215 events in 25 streams; the log now holds 214/);
  });
});
