import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { commonConfigSchema, ConfigError, loadConfig } from '../config/config.js';
import { seal, sealAesGcm, sealedFor } from './field-cipher.js';
import { processSealedOpeners, SealedOpeners, useSealedOpeningThreads, type SealedPage } from './sealed-opening.js';

/** A page of `size` values sealed for a few persons, and the clear fragments they hold. */
function sealedPage(size: number): { page: SealedPage; clear: unknown[] } {
  const persons = Array.from({ length: 7 }, () => ({ id: randomUUID(), key: randomBytes(32) }));
  const clear: unknown[] = [];
  const page = { sealed: [] as string[], keys: [] as Buffer[], persons: [] as string[] };
  for (let n = 0; n < size; n++) {
    const person = persons[n % persons.length]!;
    // Some multi-byte text: the workers hand back bytes, the caller decodes them.
    const fragment = { shipping_notes: { shipping_address: { recipient_name: `Zoë Ørsted ${n}`, line1: `${n} Main St` } } };
    clear.push(fragment);
    const value = seal(JSON.stringify(fragment), person.id, person.key);
    page.sealed.push(value);
    page.keys.push(person.key);
    page.persons.push(sealedFor(value));
  }
  return { page, clear };
}

async function openAll(openers: SealedOpeners, page: SealedPage): Promise<unknown[]> {
  const opened = new Array<unknown>(page.sealed.length);
  let handed = 0;
  await openers.open(page, (index, clear) => {
    expect(opened[index]).toBeUndefined(); // each value once
    opened[index] = clear;
    handed++;
  });
  expect(handed).toBe(page.sealed.length);
  return opened;
}

const pools: SealedOpeners[] = [];
const openersWith = (options: ConstructorParameters<typeof SealedOpeners>[0]) => {
  const openers = new SealedOpeners(options);
  pools.push(openers);
  return openers;
};
afterAll(async () => {
  for (const openers of pools) await openers.close();
});

describe('sealed values opened with worker threads', () => {
  it('opens a page the same with workers as on the calling thread alone, and shares it when the caller opens too', async () => {
    const { page, clear } = sealedPage(500);
    const alone = openersWith({ threads: 0 });
    expect(await openAll(alone, page)).toEqual(clear);
    expect(alone.counts).toEqual({ byWorkers: 0, byCallers: 500 });

    // The caller waiting: every chunk comes from the workers.
    const workers = openersWith({ threads: 2, callerWaits: true });
    expect(await openAll(workers, page)).toEqual(clear);
    expect(workers.counts).toEqual({ byWorkers: 500, byCallers: 0 });

    // The caller claiming too: whoever opens a chunk, every value is handed out once, before open returns.
    const shared = openersWith({ threads: 1 });
    for (let round = 0; round < 5; round++) expect(await openAll(shared, page)).toEqual(clear);
    expect(shared.counts.byWorkers + shared.counts.byCallers).toBeGreaterThanOrEqual(2500);
  });

  it('opens a page mixing the log\'s older envelopes (pd2 AES-256-GCM, pd3 XChaCha20-Poly1305) with new ones (pd4), in the workers as on the caller', async () => {
    const { page, clear } = sealedPage(200);
    const older = (n: number, value: string) => {
      const text = JSON.stringify(clear[n]);
      if (n % 3 === 0) return sealAesGcm(text, page.persons[n]!, page.keys[n]!);
      return n % 3 === 1 ? seal(text, page.persons[n]!, page.keys[n]!, 'pd3:') : value;
    };
    const sealed = page.sealed.map((value, n) => older(n, value));
    expect(['pd2:', 'pd3:', 'pd4:'].map((version) => sealed.filter((value) => value.startsWith(version)).length)).toEqual([67, 67, 66]);
    const mixed = { ...page, sealed };
    expect(await openAll(openersWith({ threads: 0 }), mixed)).toEqual(clear);
    const workers = openersWith({ threads: 1, callerWaits: true });
    expect(await openAll(workers, mixed)).toEqual(clear);
    expect(workers.counts).toEqual({ byWorkers: 200, byCallers: 0 });
  });

  it('opens a small page on the calling thread: a worker would cost more than it saves', async () => {
    const { page, clear } = sealedPage(20);
    const openers = openersWith({ threads: 1, callerWaits: true });
    expect(await openAll(openers, page)).toEqual(clear);
    expect(openers.counts).toEqual({ byWorkers: 0, byCallers: 20 });
  });

  it('fails a page holding a value that does not authenticate, as the calling thread alone does', async () => {
    const { page } = sealedPage(200);
    const sealed = [...page.sealed];
    // One character of the ciphertext changed: the tag no longer matches.
    const at = sealed[150]!.indexOf(':', 4) + 10;
    sealed[150] = sealed[150]!.slice(0, at) + (sealed[150]![at] === 'A' ? 'B' : 'A') + sealed[150]!.slice(at + 1);
    const tampered = { ...page, sealed };
    const alone = openersWith({ threads: 0 });
    const error = await Promise.resolve()
      .then(() => openAll(alone, tampered))
      .catch((failure: unknown) => failure as Error);
    expect(error).toBeInstanceOf(Error);
    await expect(openAll(openersWith({ threads: 1, callerWaits: true }), tampered)).rejects.toThrow((error as Error).message);
  });

  it('opens values whose person id holds a character beyond one byte: the workers get the values one byte a character, so the caller opens those itself', async () => {
    const { page, clear } = sealedPage(100);
    const person = { id: `Łukasz ${randomUUID()}`, key: randomBytes(32) };
    const sealed = [...page.sealed];
    const [keys, persons] = [[...page.keys], [...page.persons]];
    for (const n of [3, 70]) {
      sealed[n] = seal(JSON.stringify(clear[n]), person.id, person.key);
      [keys[n], persons[n]] = [person.key, person.id];
    }
    const openers = openersWith({ threads: 1, callerWaits: true });
    expect(await openAll(openers, { sealed, keys, persons })).toEqual(clear);
    // The two chunks holding them (16 values each) opened here, the rest by the worker.
    expect(openers.counts).toEqual({ byWorkers: 68, byCallers: 32 });
  });

  it('opens what a worker held when it dies, and starts a new worker for the next page', async () => {
    const { page, clear } = sealedPage(300);
    const openers = openersWith({ threads: 1, callerWaits: true, exitOnNextClaim: true });
    expect(await openAll(openers, page)).toEqual(clear);
    expect(openers.counts).toEqual({ byWorkers: 0, byCallers: 300 });

    expect(await openAll(openers, page)).toEqual(clear);
    expect(openers.counts.byWorkers).toBe(300);
  });
});

describe("the operator's SEALED_OPENING_THREADS, from the process's configuration to its openers", () => {
  const defaultThreads = processSealedOpeners.options.threads;
  /** What a process's start does with its environment (server/src/shop.ts, the analysts' CLI). */
  const start = (env: NodeJS.ProcessEnv) => useSealedOpeningThreads(loadConfig(commonConfigSchema, env));
  afterEach(async () => {
    await processSealedOpeners.close();
    processSealedOpeners.options.threads = defaultThreads;
    processSealedOpeners.options.callerWaits = false;
  });

  it('unset: the threads the code chose before the setting, one fewer than the cores (one to three)', () => {
    start({});
    expect(processSealedOpeners.options.threads).toBe(Math.max(1, Math.min(3, os.availableParallelism() - 1)));
  });

  it('0: a page big enough for the workers is opened on the reading thread, and no worker is started', async () => {
    start({ SEALED_OPENING_THREADS: '0' });
    const { page, clear } = sealedPage(300);
    const before = { ...processSealedOpeners.counts };
    expect(await openAll(processSealedOpeners, page)).toEqual(clear);
    expect(processSealedOpeners.running).toBe(0);
    expect(processSealedOpeners.counts).toEqual({ byWorkers: before.byWorkers, byCallers: before.byCallers + 300 });
  });

  it('2: two workers are started for such a page and open it', async () => {
    start({ SEALED_OPENING_THREADS: '2' });
    processSealedOpeners.options.callerWaits = true;
    const { page, clear } = sealedPage(300);
    const before = processSealedOpeners.counts.byWorkers;
    expect(await openAll(processSealedOpeners, page)).toEqual(clear);
    expect(processSealedOpeners.running).toBe(2);
    expect(processSealedOpeners.counts.byWorkers - before).toBe(300);
  });

  it('a bad value stops the start with a message naming the setting, and the openers keep their threads', () => {
    expect(() => start({ SEALED_OPENING_THREADS: 'off' })).toThrow(ConfigError);
    expect(() => start({ SEALED_OPENING_THREADS: 'off' })).toThrow(/SEALED_OPENING_THREADS: must be a whole number of worker threads/);
    expect(processSealedOpeners.options.threads).toBe(defaultThreads);
  });
});
