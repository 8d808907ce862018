import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '@shop/infra/testing';
import { inTransaction } from '@shop/infra';
import { PostgresEventStore } from '../postgres-event-store.js';
import { LogSigningKey } from './signing-key.js';
import { logNeedsSeal, sealLog } from './seal.js';
import { verifyLog } from './verify.js';
import { digestStatement } from './digest.js';
import { restoreStatement } from './restore-record.js';
import { eventHash, HASHED_COLUMNS_SQL } from './event-hash.js';

/**
 * The log auditors can trust (decisions 0345-0348): append-only for every role, each event
 * chained to its stream's previous one inside the append, sealed by signed digests, and a
 * verification that names the first event that is not as appended.
 */
let db: TestDatabase;
let key: LogSigningKey;
beforeAll(async () => {
  db = await createTestDatabase(inject('adminDatabaseUrl'));
  key = await LogSigningKey.open(path.join(await mkdtemp(path.join(os.tmpdir(), 'log-chain-')), 'keys', 'log-signing-key.pem'));
});
afterAll(async () => {
  await db?.drop();
});

const event = (data: Record<string, unknown>) => ({
  id: randomUUID(),
  type: 'Noted',
  data,
  metadata: { actor: 't', correlationId: randomUUID(), causationId: null, occurredAt: '2026-01-01T00:00:00.000Z' },
});

/** Streams with awkward ids and data jsonb prints its own way (key order, numbers, escapes). */
async function appendHistory(store: PostgresEventStore, prefix: string): Promise<string[]> {
  const streams = [`${prefix}-plain`, `${prefix}-tab\tand\nnewline`, `${prefix}-ünïcødé ✓`];
  for (const stream of streams) {
    await store.appendToStream(stream, [event({ b: 1, a: 'x' }), event({ n: 1.50, big: 1e21, s: 'line\nbreak "quoted" \u0001' })], { expectedRevision: 'no_stream' });
    await store.appendToStream(stream, [event({ nested: { z: [1, 2, { y: null }], é: true } })], { expectedRevision: 1 });
    await store.appendToStream(stream, [event({ last: true })], { expectedRevision: 'any' });
  }
  return streams;
}

describe('the event log is append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of events to the superuser the tests connect as and to an ordinary role with every privilege', async () => {
    const store = new PostgresEventStore(db.pool);
    const stream = `guarded-${randomUUID()}`;
    await store.appendToStream(stream, [event({ n: 1 })]);
    for (const sql of ["UPDATE events SET data = '{}' WHERE stream_id = $1", 'DELETE FROM events WHERE stream_id = $1']) {
      await expect(db.pool.query(sql, [stream])).rejects.toMatchObject({ code: 'SEL01' });
    }
    await expect(db.pool.query('TRUNCATE events CASCADE')).rejects.toMatchObject({ code: 'SEL01' });

    const role = `shop_app_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    await db.pool.query(`CREATE ROLE ${role} LOGIN PASSWORD 'app'`);
    await db.pool.query(`GRANT ALL ON ALL TABLES IN SCHEMA public TO ${role}; GRANT ALL ON ALL SEQUENCES IN SCHEMA public TO ${role}`);
    const url = new URL(db.url);
    url.username = role;
    url.password = 'app';
    const app = new pg.Client({ connectionString: url.toString() });
    await app.connect();
    try {
      await expect(app.query("UPDATE events SET data = '{}' WHERE stream_id = $1", [stream])).rejects.toMatchObject({ code: 'SEL01' });
      await expect(app.query('DELETE FROM events WHERE stream_id = $1', [stream])).rejects.toMatchObject({ code: 'SEL01' });
      await expect(app.query('TRUNCATE events CASCADE')).rejects.toMatchObject({ code: 'SEL01' });
    } finally {
      await app.end();
      await db.pool.query(`DROP OWNED BY ${role}; DROP ROLE ${role}`);
    }
    expect((await store.readStream(stream))[0]!.data).toEqual({ n: 1 });
  });

  it('lets a transaction change events only after it logged why, and keeps that log', async () => {
    const store = new PostgresEventStore(db.pool);
    const stream = `rewritten-${randomUUID()}`;
    await store.appendToStream(stream, [event({ n: 1 })]);
    await inTransaction(db.pool, async (client) => {
      await client.query("SELECT shop_allow_event_rewrite('test: upcast in place')");
      await client.query("UPDATE events SET data = '{\"n\": 2}' WHERE stream_id = $1", [stream]);
    });
    expect((await store.readStream(stream))[0]!.data).toEqual({ n: 2 });
    const logged = await db.pool.query<{ reason: string }>("SELECT reason FROM event_rewrites WHERE reason = 'test: upcast in place'");
    expect(logged.rows).toHaveLength(1);
    await expect(db.pool.query("DELETE FROM event_rewrites WHERE reason = 'test: upcast in place'")).rejects.toMatchObject({ code: 'SEL01' });
    await expect(db.pool.query('UPDATE log_digests SET root = root')).rejects.toMatchObject({ code: 'SEL01' });
  });
});

describe('the hash chain and its digests', () => {
  it('stores the database time of the append and a hash chained to the stream\'s previous event', async () => {
    const store = new PostgresEventStore(db.pool);
    const [stream] = await appendHistory(store, `timed-${randomUUID()}`);
    const result = await db.pool.query<{ recorded: boolean; chained: boolean }>(
      `SELECT e.recorded_at IS NOT NULL AND e.recorded_at <= now() AS recorded,
              e.event_hash = shop_event_hash(p.event_hash, e.event_id, e.stream_id, e.stream_revision, e.event_type, e.schema_version, e.data, e.metadata, e.recorded_at) AS chained
         FROM events e LEFT JOIN events p ON p.stream_id = e.stream_id AND p.stream_revision = e.stream_revision - 1
        WHERE e.stream_id = $1 ORDER BY e.stream_revision`,
      [stream],
    );
    expect(result.rows).toEqual(Array.from({ length: 4 }, () => ({ recorded: true, chained: true })));
  });

  it('chains a long append event by event, as Node recomputes it from the printed columns (decision 0440)', async () => {
    const store = new PostgresEventStore(db.pool);
    const stream = `long-append-${randomUUID()}-ünï ✓`;
    await store.appendToStream(stream, [event({ first: 'é' })], { expectedRevision: 'no_stream' });
    await store.appendToStream(stream, Array.from({ length: 12 }, (_, n) => event({ n, text: 'a\tb ✓'.repeat(n) })), { expectedRevision: 0 });
    const rows = await db.pool.query<Record<string, string> & { event_hash: Buffer }>(
      `SELECT ${HASHED_COLUMNS_SQL}, event_hash FROM events e WHERE e.stream_id = $1 ORDER BY e.stream_revision`,
      [stream],
    );
    let previous: Buffer | null = null;
    for (const row of rows.rows) {
      const fields = { eventId: row.event_id!, streamId: row.stream_id!, streamRevision: row.stream_revision!, eventType: row.event_type!, schemaVersion: row.schema_version!, data: row.data!, metadata: row.metadata!, recordedAt: row.recorded_at! };
      const expected: Buffer = eventHash(previous, fields);
      expect(row.event_hash.toString('hex'), `revision ${row.stream_revision}`).toBe(expected.toString('hex'));
      previous = expected;
    }
    expect(rows.rows.map((row) => row.stream_revision)).toEqual(Array.from({ length: 13 }, (_, n) => String(n)));
  });

  it('verifies an untouched log, and names the changed event first after a superuser changed one event and deleted another', async () => {
    const own = await createTestDatabase(inject('adminDatabaseUrl'));
    try {
      const store = new PostgresEventStore(own.pool);
      const streams = await appendHistory(store, 'audited');
      const digest = await sealLog(own.pool, key);
      expect(digest).toMatchObject({ eventCount: '12', streamCount: '3' });

      const intact = await verifyLog(own.pool, key.publicKeyPem);
      expect(intact).toMatchObject({ events: 12, streams: 3, faults: [], digests: 1 });
      expect(intact.verifiedUpTo?.digestId).toBe(digest.digestId);

      const changed = await ownEventAt(own, streams[1]!, 1);
      const removed = await ownEventAt(own, streams[2]!, 2);
      await inTransaction(own.pool, async (client) => {
        await client.query('SET LOCAL session_replication_role = replica');
        await client.query(`UPDATE events SET data = jsonb_set(data, '{n}', '2') WHERE event_id = $1`, [changed.event_id]);
        await client.query('DELETE FROM events WHERE event_id = $1', [removed.event_id]);
      });

      const broken = await verifyLog(own.pool, key.publicKeyPem);
      expect(broken.verifiedUpTo).toBeNull();
      expect(broken.faults[0]).toMatchObject({ kind: 'changed', eventId: changed.event_id, globalPosition: changed.global_position });
      expect(broken.faults[0]!.message).toContain(changed.event_id);
      expect(broken.faults).toContainEqual(expect.objectContaining({ kind: 'removed', streamId: streams[2], streamRevision: '3' }));
      expect(broken.faults).toContainEqual(expect.objectContaining({ kind: 'digest', digestId: digest.digestId }));
    } finally {
      await own.drop();
    }
  });

  it('catches through the digest a rewrite whose chain was recomputed, and a digest not signed by the trusted key', async () => {
    const own = await createTestDatabase(inject('adminDatabaseUrl'));
    try {
      const store = new PostgresEventStore(own.pool);
      const [stream] = await appendHistory(store, 'resealed');
      await sealLog(own.pool, key);
      // The stream's last event removed with its stream row put back: every chain still verifies.
      const last = await ownEventAt(own, stream!, 3);
      await inTransaction(own.pool, async (client) => {
        await client.query('SET LOCAL session_replication_role = replica');
        await client.query('DELETE FROM events WHERE event_id = $1', [last.event_id]);
        await client.query('UPDATE streams SET revision = 2 WHERE stream_id = $1', [stream]);
      });
      const result = await verifyLog(own.pool, key.publicKeyPem);
      expect(result.faults).toEqual([expect.objectContaining({ kind: 'digest', message: expect.stringContaining('11 in 3') })]);

      const stranger = await LogSigningKey.open(path.join(await mkdtemp(path.join(os.tmpdir(), 'log-chain-')), 'other.pem'));
      const untrusted = await verifyLog(own.pool, stranger.publicKeyPem);
      expect(untrusted.faults.at(-1)).toMatchObject({ kind: 'digest', message: expect.stringContaining('not the trusted one') });
    } finally {
      await own.drop();
    }
  });

  it('sets no digest aside for a restore record the trusted key did not sign: a rewrite with its chain recomputed is still caught (decision 0390)', async () => {
    const own = await createTestDatabase(inject('adminDatabaseUrl'));
    try {
      const store = new PostgresEventStore(own.pool);
      const [stream] = await appendHistory(store, 'forged-restore');
      const digest = await sealLog(own.pool, key);
      const last = await ownEventAt(own, stream!, 3);
      await inTransaction(own.pool, async (client) => {
        await client.query('SET LOCAL session_replication_role = replica');
        await client.query('DELETE FROM events WHERE event_id = $1', [last.event_id]);
        await client.query('UPDATE streams SET revision = 2 WHERE stream_id = $1', [stream]);
      });
      // Records claiming the digest sealed history beyond a restore's cut: one signed by another key, one unsigned.
      const stranger = await LogSigningKey.open(path.join(await mkdtemp(path.join(os.tmpdir(), 'log-chain-')), 'forger.pem'));
      const claim = {
        restoredAt: '2026-05-01T00:00:00.000000Z',
        backupTakenAt: '2026-04-30T00:00:00.000000Z',
        until: '2026-04-01T00:00:00.000000Z',
        digestsThrough: digest.digestId,
        beyondCutFrom: digest.digestId,
        coverageCarried: true,
      };
      const insert = `INSERT INTO log_restores (restored_at, backup_taken_at, until, digests_through, beyond_cut_from, coverage_carried, signature, public_key)
                      VALUES ($1, $2, $3, $4, $5, true, $6, $7)`;
      const values = [claim.restoredAt, claim.backupTakenAt, claim.until, claim.digestsThrough, claim.beyondCutFrom];
      await own.pool.query(insert, [...values, stranger.sign(restoreStatement(claim)), stranger.publicKeyPem]);
      await own.pool.query(insert, [...values, null, null]);
      await expect(own.pool.query('DELETE FROM log_restores')).rejects.toMatchObject({ code: 'SEL01' });

      const result = await verifyLog(own.pool, key.publicKeyPem);
      expect(result.beyondCut).toEqual([]);
      expect(result.faults).toEqual([
        expect.objectContaining({ kind: 'restore', message: expect.stringMatching(/^restore record 1 .* is not signed by the trusted key/) }),
        expect.objectContaining({ kind: 'restore', message: expect.stringMatching(/^restore record 2 /) }),
        expect.objectContaining({ kind: 'digest', digestId: digest.digestId, message: expect.stringContaining('11 in 3 below its horizon') }),
      ]);
    } finally {
      await own.drop();
    }
  });

  it('seals a restored log anew: digests a restore brought from a bundle do not count as sealed here (decision 0390)', async () => {
    const own = await createTestDatabase(inject('adminDatabaseUrl'));
    try {
      await appendHistory(new PostgresEventStore(own.pool), 'reseal');
      const digest = await sealLog(own.pool, key);
      expect(await logNeedsSeal(own.pool)).toBe(false);
      await own.pool.query(
        `INSERT INTO log_restores (restored_at, backup_taken_at, digests_through, coverage_carried) VALUES (now(), now(), $1, true)`,
        [digest.digestId],
      );
      expect(await logNeedsSeal(own.pool)).toBe(true);
      await sealLog(own.pool, key);
      expect(await logNeedsSeal(own.pool)).toBe(false);
    } finally {
      await own.drop();
    }
  });

  it('refuses to re-chain outside a transaction that logged a rewrite (decision 0455)', async () => {
    const stream = `rechain-refused-${randomUUID()}`;
    await new PostgresEventStore(db.pool).appendToStream(stream, [event({ n: 1 })]);
    await expect(db.pool.query('SELECT shop_rechain_streams($1)', [[stream]])).rejects.toMatchObject({ code: 'SEL01' });
    await expect(db.pool.query('DELETE FROM event_rechains')).rejects.toMatchObject({ code: 'SEL01' });
  });

  it('names a rewritten event until the rewrite re-chains its stream; then a digest sealed before verifies with the hashes it sealed, and the rewrite is told (decision 0455)', async () => {
    const own = await createTestDatabase(inject('adminDatabaseUrl'));
    try {
      const store = new PostgresEventStore(own.pool);
      const streams = await appendHistory(store, 'upcast');
      const before = await sealLog(own.pool, key);
      const rewritten = await ownEventAt(own, streams[1]!, 1);

      // Without the re-chain: the chain names the rewritten event (the stored hashes, and so the digest, are untouched).
      await inTransaction(own.pool, async (client) => {
        await client.query("SELECT shop_allow_event_rewrite('test: upcast without re-chain')");
        await client.query(`UPDATE events SET data = data || '{"v": 2}' WHERE event_id = $1`, [rewritten.event_id]);
      });
      const unchained = await verifyLog(own.pool, key.publicKeyPem);
      expect(unchained.faults).toEqual([expect.objectContaining({ kind: 'changed', eventId: rewritten.event_id, globalPosition: rewritten.global_position })]);
      expect(unchained.rewrites).toEqual([expect.objectContaining({ reason: 'test: upcast without re-chain', rechained: 0 })]);
      expect(unchained.verifiedUpTo).toBeNull();

      // The re-chain in a rewrite of its own (the author's fix): the stream's chain from revision 1 on gets new hashes.
      const rechained = await inTransaction(own.pool, async (client) => {
        await client.query("SELECT shop_allow_event_rewrite('test: re-chain the upcast stream')");
        return (await client.query<{ n: string }>('SELECT shop_rechain_streams($1)::text AS n', [[streams[1]]])).rows[0]!.n;
      });
      expect(rechained).toBe('3');
      const verified = await verifyLog(own.pool, key.publicKeyPem);
      expect(verified.faults).toEqual([]);
      expect(verified.verifiedUpTo?.digestId).toBe(before.digestId);
      expect(verified.rewrites.map((logged) => [logged.reason, logged.rechained, logged.rechainedStreams])).toEqual([
        ['test: upcast without re-chain', 0, []],
        ['test: re-chain the upcast stream', 3, [streams[1]]],
      ]);
      expect(verified.sealedBeforeRewrites).toEqual([{ digest: expect.objectContaining({ digestId: before.digestId }), rewrites: [verified.rewrites[1]] }]);

      // A seal after the re-chain covers the result as it stands; the one before still verifies through the rewrite.
      const after = await sealLog(own.pool, key);
      const resealed = await verifyLog(own.pool, key.publicKeyPem);
      expect(resealed.faults).toEqual([]);
      expect(resealed.verifiedUpTo?.digestId).toBe(after.digestId);
      expect(resealed.sealedBeforeRewrites.map(({ digest }) => digest.digestId)).toEqual([before.digestId]);

      // A change and re-chain in one transaction, the way a migration does it, in another stream.
      const upcast = await ownEventAt(own, streams[2]!, 0);
      await inTransaction(own.pool, async (client) => {
        await client.query("SELECT shop_allow_event_rewrite('test: upcast and re-chain at once')");
        await client.query(`UPDATE events SET schema_version = 2 WHERE event_id = $1`, [upcast.event_id]);
        await client.query('SELECT shop_rechain_streams($1)', [[streams[2]]]);
      });
      const both = await verifyLog(own.pool, key.publicKeyPem);
      expect(both.faults).toEqual([]);
      expect(both.sealedBeforeRewrites.map(({ digest, rewrites }) => [digest.digestId, rewrites.map((logged) => logged.reason)])).toEqual([
        [before.digestId, ['test: re-chain the upcast stream', 'test: upcast and re-chain at once']],
        [after.digestId, ['test: upcast and re-chain at once']],
      ]);

      // A change made around the triggers, with the old hash written into event_rechains by hand, is still a fault.
      const sneaked = await ownEventAt(own, streams[0]!, 3);
      await inTransaction(own.pool, async (client) => {
        await client.query('SET LOCAL session_replication_role = replica');
        await client.query(
          `INSERT INTO event_rechains (after_digest, event_id, stream_id, stream_revision, sealed_hash)
           SELECT $2, event_id, stream_id, stream_revision, event_hash FROM events WHERE event_id = $1`,
          [sneaked.event_id, after.digestId],
        );
        await client.query(`UPDATE events SET data = '{"sneaked": true}' WHERE event_id = $1`, [sneaked.event_id]);
        await client.query(
          `UPDATE events SET event_hash = shop_event_hash(
             (SELECT p.event_hash FROM events p WHERE p.stream_id = events.stream_id AND p.stream_revision = events.stream_revision - 1),
             event_id, stream_id, stream_revision, event_type, schema_version, data, metadata, recorded_at)
           WHERE event_id = $1`,
          [sneaked.event_id],
        );
      });
      const sneakedCheck = await verifyLog(own.pool, key.publicKeyPem);
      expect(sneakedCheck.faults.map((fault) => [fault.kind, fault.digestId])).toEqual([
        ['digest', before.digestId],
        ['digest', after.digestId],
      ]);
      expect(sneakedCheck.faults[0]!.message).toContain('a transaction that logged no rewrite');
    } finally {
      await own.drop();
    }
  });

  it('keeps every reason when one transaction logs two rewrites, as two migrations of one run do (decision 0455)', async () => {
    const own = await createTestDatabase(inject('adminDatabaseUrl'));
    try {
      const [stream] = await appendHistory(new PostgresEventStore(own.pool), 'two-migrations');
      await sealLog(own.pool, key);
      await inTransaction(own.pool, async (client) => {
        await client.query("SELECT shop_allow_event_rewrite('migration A: upcast')");
        await client.query(`UPDATE events SET schema_version = 2 WHERE stream_id = $1 AND stream_revision = 2`, [stream]);
        await client.query('SELECT shop_rechain_streams($1)', [[stream]]);
        await client.query("SELECT shop_allow_event_rewrite('migration B: upcast again')");
        await client.query(`UPDATE events SET schema_version = 3 WHERE stream_id = $1 AND stream_revision = 2`, [stream]);
        await client.query('SELECT shop_rechain_streams($1)', [[stream]]);
      });
      const result = await verifyLog(own.pool, key.publicKeyPem);
      expect(result.faults).toEqual([]);
      expect(result.rewrites).toEqual([expect.objectContaining({ reason: 'migration A: upcast; migration B: upcast again', rechained: 4, rechainedStreams: [stream] })]);
      expect(result.sealedBeforeRewrites).toHaveLength(1);
    } finally {
      await own.drop();
    }
  });

  it('signs exactly the statement an auditor keeps', async () => {
    const digest = await sealLog(db.pool, key);
    const { verifySignature } = await import('./signing-key.js');
    expect(verifySignature(key.publicKeyPem, digestStatement(digest), digest.signature)).toBe(true);
    expect(verifySignature(key.publicKeyPem, digestStatement({ ...digest, eventCount: '0' }), digest.signature)).toBe(false);
  });
});

async function ownEventAt(own: TestDatabase, stream: string, revision: number): Promise<{ event_id: string; global_position: string }> {
  const result = await own.pool.query<{ event_id: string; global_position: string }>(
    'SELECT event_id, global_position::text AS global_position FROM events WHERE stream_id = $1 AND stream_revision = $2',
    [stream, revision],
  );
  return result.rows[0]!;
}

