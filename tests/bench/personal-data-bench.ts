import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createPool, START, type EventStore, type NewEvent, type Pool, type StoredEvent } from '@shop/infra';
import { PostgresEventStore } from '@shop/event-store';
import { FileKeyEncryptionKeys, personalDataKeysOf, useKeyEncryptionKeys, protectPersonalData } from '@shop/personal-data';
import { allProjections, rebuildInOnePass } from '@shop/projectors';
import { crypto_aead_xchacha20poly1305_ietf_decrypt, crypto_aead_xchacha20poly1305_ietf_encrypt } from 'sodium-native';
import { fmt } from './measure.js';
import type { BenchContext, Row } from './bench-context.js';

/**
 * The cost of sealing personal fields (docs/decisions/0160): the same projects appended and read
 * back in global order through the bare PostgreSQL store (baseline) and through the protected one,
 * each into its own fresh database of the same PostgreSQL, taking turns. Beside them, in the same
 * rounds, the cipher alone over the same bytes (XChaCha20-Poly1305 from libsodium, one operation per
 * event as the store uses it): the floor, and the ratio a sealed path would reach if it cost nothing
 * but that; beside it AES-256-GCM (node:crypto), the cipher of the log's older envelopes (decision 0276).
 * Every read sums a checksum of the addresses it got, which must equal the bare side's: a sealed
 * read is only timed as having opened every field.
 */
const addressOf = (owner: number) => ({ recipient_name: `Bench Person ${owner}`, line1: `${owner} Main St`, city: 'Brooklyn', state: 'NY', postal_code: '11201' });

function projectEvents(ownerId: string, drafts: number, owner: number): NewEvent[] {
  const body = { name: 'Pillows', category: null, fabrics: [], additional_notes: '', notes: {}, shipping_notes: { shipping_address: addressOf(owner), delivery_type: 0 }, shipping_cost: 0 };
  const stamp = { at: new Date().toISOString(), by: ownerId };
  const envelope = (type: string, data: Record<string, unknown>): NewEvent => ({
    id: randomUUID(),
    type,
    data: { ...data, ...stamp },
    metadata: { actor: ownerId, correlationId: randomUUID(), causationId: null, occurredAt: stamp.at },
  });
  return [
    envelope('ProjectCreated', { projectId: randomUUID(), ownerId, organizationId: null, productionTime: 3, ...body }),
    ...Array.from({ length: drafts }, () => envelope('DraftSaved', body)),
  ];
}

interface Side {
  pool: Pool;
  store: EventStore;
  appendMs: number;
  readMs: number;
  /** The same reads through readAllPages: each next page read while this one is opened. */
  aheadMs: number;
  draftMs: number;
  events: number;
  streams: Array<{ streamId: string; ownerId: string; owner: number; revision: number }>;
  /** The checksum of every read's addresses: all reads of a side, and both sides, must agree. */
  checksums: Set<number>;
}

async function openSide(url: string, protect: boolean): Promise<Side> {
  const pool = createPool(url, 10);
  const bare = new PostgresEventStore(pool);
  let store: EventStore = bare;
  if (protect) {
    // As the shop runs it: data keys wrapped under a key-encryption key file, opened keys cached (docs/decisions/0162).
    const keks = await FileKeyEncryptionKeys.open(path.join(await mkdtemp(path.join(os.tmpdir(), 'bench-keys-')), 'kek.json'));
    useKeyEncryptionKeys(keks); // the rebuild's own log reader opens keys with the process's
    store = protectPersonalData(bare, pool, keks);
    await personalDataKeysOf(store)?.listen();
  }
  return { pool, store, appendMs: 0, readMs: 0, aheadMs: 0, draftMs: 0, events: 0, streams: [], checksums: new Set() };
}

async function appendOwners(side: Side, owners: number): Promise<void> {
  const started = performance.now();
  for (let n = 0; n < owners; n++) {
    // Every owner appends one stream, as customers do: a new person, so a key is made.
    const [streamId, ownerId] = [`project-${randomUUID()}`, randomUUID()];
    await side.store.appendToStream(streamId, projectEvents(ownerId, 4, n), { expectedRevision: 'no_stream' });
    side.streams.push({ streamId, ownerId, owner: n, revision: 4 });
  }
  side.appendMs += performance.now() - started;
  side.events += owners * 5;
}

/** One draft saved to each of these existing projects, one event per append, as the editor saves. */
async function appendDrafts(side: Side, from: number, to: number): Promise<void> {
  const started = performance.now();
  for (const stream of side.streams.slice(from, to)) {
    const [draft] = projectEvents(stream.ownerId, 1, stream.owner).slice(1);
    await side.store.appendToStream(stream.streamId, [draft!], { expectedRevision: stream.revision });
    stream.revision++;
  }
  side.draftMs += performance.now() - started;
  side.events += to - from;
}

/** A page's addresses hashed (FNV-1a over every field's characters, summed over events so order does not matter). */
function addressSum(events: StoredEvent[]): number {
  let sum = 0;
  for (const event of events) {
    const address = (event.data.shipping_notes as { shipping_address: Record<string, string> }).shipping_address;
    let hash = 0x811c9dc5;
    for (const field of [address.recipient_name, address.line1, address.city, address.state, address.postal_code]) {
      for (let n = 0; n < field!.length; n++) hash = Math.imul(hash ^ field!.charCodeAt(n), 0x01000193);
    }
    sum = (sum + (hash >>> 0)) >>> 0;
  }
  return sum;
}

async function readEverything(side: Side, into = side): Promise<void> {
  const started = performance.now();
  let [read, sum] = [0, 0];
  for (let from = START; ; ) {
    const batch = await side.store.readAll({ from, limit: 500 });
    if (batch.length === 0) break;
    read += batch.length;
    sum = (sum + addressSum(batch)) >>> 0;
    from = batch[batch.length - 1]!.checkpoint;
  }
  into.readMs += performance.now() - started;
  into.checksums.add(sum);
  if (read !== side.events) throw new Error(`read ${read} of ${side.events} events`);
}

async function readEverythingAhead(side: Side): Promise<void> {
  const started = performance.now();
  let [read, sum] = [0, 0];
  for await (const batch of side.store.readAllPages({ limit: 500 })) {
    read += batch.length;
    sum = (sum + addressSum(batch)) >>> 0;
  }
  side.aheadMs += performance.now() - started;
  side.checksums.add(sum);
  if (read !== side.events) throw new Error(`read ahead ${read} of ${side.events} events`);
}

/** A replay: the project details read model rebuilt from event 0 (rows written, swapped in). */
async function rebuildRate(side: Side): Promise<number> {
  const projection = allProjections.find((candidate) => candidate.name === 'projects')!;
  const rebuilt = (await rebuildInOnePass({ pool: side.pool, eventStore: side.store }, [projection]))[0]!;
  return (rebuilt.events / rebuilt.ms) * 1000;
}

/**
 * The sealed side's envelopes as stored (`pd4:`, XChaCha20-Poly1305, decisions 0276 and 0292), with their keys and
 * clear texts: the bytes the cipher-alone loops work on. Beside each, the same clear text sealed with
 * AES-256-GCM as `pd2:` envelopes were (node:crypto): what the older cipher costs over the same bytes.
 */
async function sealedBytes(side: Side) {
  const envelopes: Array<{ nonce: Buffer; body: Buffer; aad: Buffer; key: Buffer; clear: Buffer; aes: { iv: Buffer; body: Buffer; tag: Buffer } }> = [];
  const raw = (side.store as unknown as { inner: EventStore }).inner;
  const keys = personalDataKeysOf(side.store)!;
  for (let from = START; ; ) {
    const batch = await raw.readAll({ from, limit: 500 });
    if (batch.length === 0) break;
    from = batch[batch.length - 1]!.checkpoint;
    const sealed = batch.map((event) => event.data.$personal).filter((value): value is string => typeof value === 'string');
    const owned = await keys.keysOf(sealed.map((value) => value.slice(value.lastIndexOf(':') + 1)));
    for (const value of sealed) {
      const [version, nonce, body, person] = value.split(':');
      if (version !== 'pd4' && version !== 'pd3') throw new Error(`an envelope of version ${version}: the cipher-alone figures would compare other bytes`);
      const [key, aad, bytes] = [owned.get(person!) as Buffer, Buffer.from(person!), Buffer.from(body!, 'base64url')];
      const envelope = { nonce: Buffer.from(nonce!, 'base64url'), body: bytes, aad, key };
      const clear = xchachaOpen(envelope);
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(aad);
      envelopes.push({ ...envelope, clear, aes: { iv, body: Buffer.concat([cipher.update(clear), cipher.final()]), tag: cipher.getAuthTag() } });
    }
  }
  return envelopes;
}

function xchachaOpen({ nonce, body, aad, key }: { nonce: Buffer; body: Buffer; aad: Buffer; key: Buffer }): Buffer {
  const clear = Buffer.allocUnsafe(body.length - 16);
  crypto_aead_xchacha20poly1305_ietf_decrypt(clear, null, body, aad, nonce, key);
  return clear;
}

function aesOpen({ aes: { iv, body, tag }, aad, key }: { aes: { iv: Buffer; body: Buffer; tag: Buffer }; aad: Buffer; key: Buffer }): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(aad);
  decipher.setAuthTag(tag);
  const clear = decipher.update(body);
  decipher.final();
  return clear;
}

/**
 * Each cipher alone, one operation per event over the same bytes as the store: ms for sealing all of
 * them and for opening all of them, with XChaCha20-Poly1305 (what the store uses) and AES-256-GCM.
 */
function ciphersAlone(envelopes: Awaited<ReturnType<typeof sealedBytes>>): { sealMs: number; openMs: number; aesSealMs: number; aesOpenMs: number } {
  const [ivs, nonces] = [randomBytes(12 * envelopes.length), randomBytes(24 * envelopes.length)];
  let started = performance.now();
  envelopes.forEach(({ key, aad, clear }, n) => {
    const body = Buffer.allocUnsafe(clear.length + 16);
    crypto_aead_xchacha20poly1305_ietf_encrypt(body, clear, aad, null, nonces.subarray(n * 24, n * 24 + 24), key);
  });
  const sealMs = performance.now() - started;
  started = performance.now();
  for (const envelope of envelopes) xchachaOpen(envelope);
  const openMs = performance.now() - started;
  started = performance.now();
  envelopes.forEach(({ key, aad, clear }, n) => {
    const cipher = createCipheriv('aes-256-gcm', key, ivs.subarray(n * 12, n * 12 + 12));
    cipher.setAAD(aad);
    cipher.update(clear);
    cipher.final();
    cipher.getAuthTag();
  });
  const aesSealMs = performance.now() - started;
  started = performance.now();
  for (const envelope of envelopes) aesOpen(envelope);
  return { sealMs, openMs, aesSealMs, aesOpenMs: performance.now() - started };
}

/**
 * How many turns each side's appends are cut into. Each append waits for its commit's flush, and
 * the disk's latency here swings over seconds with other work: in quarters (about a second a
 * turn), one slow second fell on one side and moved the new-owner ratio far either way for the
 * same code within minutes. In twentieths
 * a slow spell spans turns of both sides. Same appends, same totals: only their order changes.
 */
const APPEND_ROUNDS = 20;

/**
 * Bare and sealed take turns, in rounds (the appends in twentieths, the whole log read four times,
 * each side first in every other round), so a load spike on this shared machine falls on both.
 * The ciphers alone run in the same rounds as the reads.
 */
async function measure(context: BenchContext, projects: number) {
  const bare = await openSide(await context.freshDatabase(), false);
  const sealed = await openSide(await context.freshDatabase(), true);
  try {
    const rounds = [0, 1, 2, 3];
    const appendRounds = Array.from({ length: APPEND_ROUNDS }, (_, round) => round);
    const share = projects / appendRounds.length;
    for (const round of appendRounds) for (const side of round % 2 ? [sealed, bare] : [bare, sealed]) await appendOwners(side, share);
    const created = bare.events;
    for (const round of appendRounds) for (const side of round % 2 ? [sealed, bare] : [bare, sealed]) await appendDrafts(side, round * share, (round + 1) * share);
    const envelopes = await sealedBytes(sealed);
    const aes = { sealMs: 0, openMs: 0, aesSealMs: 0, aesOpenMs: 0, events: 0 };
    // One untimed pass each first: code paths compiled.
    const warm = { ...bare, readMs: 0, checksums: new Set<number>() };
    for (const side of [bare, sealed]) await readEverything(side, warm);
    for (const round of rounds) {
      // The two loops take turns first (the read after one of the same database finds it warmer).
      for (const side of round % 2 ? [bare, sealed] : [sealed, bare]) await readEverything(side);
      for (const side of round % 2 ? [bare, sealed] : [sealed, bare]) await readEverythingAhead(side);
      const times = ciphersAlone(envelopes);
      Object.assign(aes, {
        sealMs: aes.sealMs + times.sealMs,
        openMs: aes.openMs + times.openMs,
        aesSealMs: aes.aesSealMs + times.aesSealMs,
        aesOpenMs: aes.aesOpenMs + times.aesOpenMs,
        events: aes.events + envelopes.length,
      });
    }
    const perSecond = (events: number, ms: number) => (events / ms) * 1000;
    const checksums = new Set([...bare.checksums, ...sealed.checksums]);
    if (checksums.size !== 1) throw new Error(`the reads opened different addresses: checksums ${[...checksums].join(', ')}`);
    return {
      events: bare.events,
      created,
      append: [perSecond(created, bare.appendMs), perSecond(created, sealed.appendMs)] as const,
      drafts: [perSecond(projects, bare.draftMs), perSecond(projects, sealed.draftMs)] as const,
      read: [perSecond(bare.events * rounds.length, bare.readMs), perSecond(sealed.events * rounds.length, sealed.readMs)] as const,
      ahead: [perSecond(bare.events * rounds.length, bare.aheadMs), perSecond(sealed.events * rounds.length, sealed.aheadMs)] as const,
      cipherSealMicros: (aes.sealMs * 1000) / aes.events,
      cipherOpenMicros: (aes.openMs * 1000) / aes.events,
      olderSealMicros: (aes.aesSealMs * 1000) / aes.events,
      olderOpenMicros: (aes.aesOpenMs * 1000) / aes.events,
      rebuild: [await rebuildRate(bare), await rebuildRate(sealed)] as const,
    };
  } finally {
    await personalDataKeysOf(sealed.store)?.unlisten();
    await Promise.all([bare.pool.end(), sealed.pool.end()]);
  }
}

export async function personalDataBench(context: BenchContext): Promise<Row[]> {
  const projects = context.quick ? 400 : 2000;
  const figures = await measure(context, projects);
  const micros = (perSecond: number) => 1e6 / perSecond;
  const row = (name: string, [base, value]: readonly [number, number], events: string, cipher?: { micros: number; older: number }): Row => {
    // With the cipher alone added to the bare path's time per event: the best a sealed path can do on this machine now.
    const at = (cipherMicros: number) => fmt(micros(base) / (micros(base) + cipherMicros), 2);
    const floor =
      cipher === undefined
        ? ''
        : `; XChaCha20-Poly1305 alone ${fmt(cipher.micros, 2)} µs/event, so at best ${at(cipher.micros)}× (AES-256-GCM of the older envelopes alone ${fmt(cipher.older, 2)} µs/event, at best ${at(cipher.older)}×)`;
    return {
      section: 'personal-data',
      case: name,
      figures: `bare ${fmt(base)} events/s (${fmt(micros(base), 1)} µs/event), sealed ${fmt(value)} events/s (${fmt(micros(value), 1)} µs/event) (${events})${floor}`,
      ratio: `${fmt(value / base, 2)}× of bare`,
    };
  };
  const owners = `${fmt(figures.created)} events, 1 ProjectCreated + 4 DraftSaved per owner, one append`;
  return [
    row('append, one stream per owner (target >= 0.8×)', figures.append, owners, { micros: figures.cipherSealMicros, older: figures.olderSealMicros }),
    row('append a draft to an existing stream, one event per append', figures.drafts, `${fmt(projects)} appends of 1 DraftSaved`, { micros: figures.cipherSealMicros, older: figures.olderSealMicros }),
    row(
      'readAll in batches of 500, 4 passes (target >= 0.6×)',
      figures.read,
      `${fmt(figures.events)} events; addresses checked equal`,
      { micros: figures.cipherOpenMicros, older: figures.olderOpenMicros },
    ),
    row(
      'readAllPages in batches of 500, next page read ahead, 4 passes (target >= 0.6×)',
      figures.ahead,
      // No floor here: reading ahead lets the cipher's time hide behind the database's.
      `${fmt(figures.events)} events; sealed read ahead ${fmt(figures.ahead[1] / figures.read[0], 2)}× of bare readAll`,
    ),
    row('rebuild of the projects read model', figures.rebuild, `${fmt(figures.events)} events`),
  ];
}
