import { createPublicKey, randomUUID, verify } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogSigningKey, PostgresEventStore, sealLog } from '@shop/event-store';
import { ApiClient } from '../../support/http-client.js';
import { startTestShop, type TestShop } from '../../support/shop.js';
import { clientAs, customerUser, staffUser } from './support/sessions.js';

let shop: TestShop;
let key: LogSigningKey;
beforeAll(async () => {
  shop = await startTestShop();
  key = await LogSigningKey.open(path.join(await mkdtemp(path.join(os.tmpdir(), 'log-digest-route-')), 'log-signing-key.pem'));
});
afterAll(async () => {
  await shop?.stop();
});

const occurred = () => ({ actor: 'log-digest-test', correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() });

describe('GET /internal/log-digest/ (decision 0350)', () => {
  it('answers 204 while no digest seals the log yet: a young shop, not an error', async () => {
    const staff = await clientAs(shop.db.pool, shop.url, staffUser(randomUUID()));
    const answer = await staff.get('/api/internal/log-digest/');
    expect(answer.status, answer.text).toBe(204);
    expect(answer.text).toBe('');
  });

  it('gives staff the newest signed digest as verify-log writes it, whose signature checks with node:crypto against the key it names; 401/403 for others', async () => {
    await new PostgresEventStore(shop.db.pool).appendToStream(`log-digest-${randomUUID()}`, [{ id: randomUUID(), type: 'Noted', data: {}, metadata: occurred() }]);
    const sealed = await sealLog(shop.db.pool, key);

    const staff = await clientAs(shop.db.pool, shop.url, staffUser(randomUUID()));
    const answer = await staff.get('/api/internal/log-digest/');
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename=shop-log-digest-${sealed.digestId}.json`);
    const digest = answer.body;
    expect(digest).toMatchObject({
      format: 'shop-log-digest/1',
      digestId: sealed.digestId,
      sealedAt: sealed.sealedAt,
      horizon: sealed.horizon,
      events: sealed.eventCount,
      root: sealed.root.toString('hex'),
      algorithm: 'Ed25519',
      publicKey: key.publicKeyPem,
    });
    expect(digest.statement).toBe(
      `shop-log-digest/1\nsealed_at=${digest.sealedAt}\nhorizon=${digest.horizon}\nevents=${digest.events}\nstreams=${digest.streams}\nroot=${digest.root}\n`,
    );
    expect(verify(null, Buffer.from(digest.statement, 'utf8'), createPublicKey(digest.publicKey), Buffer.from(digest.signature, 'base64'))).toBe(true);

    const customer = await clientAs(shop.db.pool, shop.url, customerUser(randomUUID()));
    expect((await customer.get('/api/internal/log-digest/')).status).toBe(403);
    expect((await new ApiClient(shop.url).get('/api/internal/log-digest/')).status).toBe(401);
  });

  it('refuses (409, saying to run verify-log) a newest digest whose signature does not verify', async () => {
    const stranger = await LogSigningKey.open(path.join(await mkdtemp(path.join(os.tmpdir(), 'log-digest-route-')), 'other.pem'));
    const good = await sealLog(shop.db.pool, key);
    // A row claiming the shop's key but signed by another: what a rewrite of log_digests would leave.
    await shop.db.pool.query(
      `INSERT INTO log_digests (sealed_at, horizon, event_count, stream_count, root, signature, public_key)
       SELECT sealed_at, horizon, event_count, stream_count, root, $2, public_key FROM log_digests WHERE digest_id = $1`,
      [good.digestId, stranger.sign('shop-log-digest/1\nforged\n')],
    );
    const staff = await clientAs(shop.db.pool, shop.url, staffUser(randomUUID()));
    const answer = await staff.get('/api/internal/log-digest/');
    expect(answer.status).toBe(409);
    expect(answer.text).toMatch(/does not verify: run npm run verify-log/);
  });
});
