import { createRequire } from 'node:module';
import os from 'node:os';
import { isMainThread, MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import type { CommonConfig } from '../config/config.js';
import { openInto } from './field-cipher.js';
import { SEALED_OPENING_WORKER } from './sealed-opening-worker.js';

/**
 * Opening a page's sealed values with more than one core (decision 0266). One AES-256-GCM open
 * per personal event (a new OpenSSL context each time) costs about half of what reading a bare
 * event costs, so a page of them is split in chunks that the calling thread and worker threads
 * (kept for the process) claim from a shared counter: a worker only opens, writing each chunk's
 * clear texts to shared memory as one JSON array; the calling thread opens what it claims the
 * same way (one parse per chunk, not per value) and, in between, parses what the workers wrote.
 * It never waits for a worker: once every chunk is claimed, it opens any chunk a worker holds but has not finished itself, so a busy, descheduled or dead worker costs
 * nothing but its share. Every value is opened and handed to `each`, exactly once, before
 * `open` returns (or its promise resolves); nothing is opened later or lazily.
 */
export interface SealedPage {
  sealed: readonly string[];
  keys: readonly Buffer[];
  /** Each value's person (`sealedFor(sealed)`), the additional data. */
  persons: readonly string[];
}

/** Below this many values a page is opened by the caller alone: handing out a job would cost more than it saves. */
const FEWEST_FOR_WORKERS = 64;
const CHUNK = 16;
const KEY_BYTES = 32;
/** A chunk's status in shared memory, as the worker sets it. */
const OPENED = 1;
const [OPEN_BRACKET, COMMA, CLOSE_BRACKET] = [0x5b, 0x2c, 0x5d];
/** Threads lost before callers stop starting new ones (a thread that cannot start at all). */
const LOSSES_TOLERATED = 3;

export interface SealedOpenersOptions {
  /** Worker threads; 0: the caller opens everything (the bench compares both). */
  threads: number;
  /** For tests: the caller leaves every chunk to the workers and waits, opening only what a lost worker left. */
  callerWaits?: boolean;
  /** Fault injection for tests: the next job's workers die holding a claimed chunk. */
  exitOnNextClaim?: boolean;
}

interface Job {
  page: SealedPage;
  chunks: number;
  /** Shared with the workers: the next chunk to claim, then each chunk's status and length. */
  state: Int32Array;
  /** Shared with the workers: each chunk's clear texts as a JSON array, from `regionOf(chunk)`. */
  out: Buffer;
  ends: Int32Array;
  /** 1 where a chunk's values were handed to `each`. */
  done: Uint8Array;
  left: number;
  each: (index: number, clear: unknown) => void;
  /** The threads it was posted to. */
  threads: Thread[];
}

interface Thread {
  worker: Worker;
  jobs: MessagePort;
  alive: boolean;
  /** Jobs posted to it, and (shared) jobs it has taken from its port. */
  posted: number;
  taken: Int32Array;
}

export class SealedOpeners {
  private readonly threads: Thread[] = [];
  /** Where the caller writes out a chunk's clear texts (grown as needed, kept). */
  private scratch = Buffer.alloc(0);
  private losses = 0;
  /** Values opened by workers and by callers since the start: what the bench reports. */
  readonly counts = { byWorkers: 0, byCallers: 0 };

  constructor(readonly options: SealedOpenersOptions) {}

  /** Worker threads started and alive (none until the first page big enough for them). */
  get running(): number {
    return this.threads.length;
  }

  /** Opens every value, handing each one's parsed clear text to `each(index, clear)`. */
  open(page: SealedPage, each: (index: number, clear: unknown) => void): Promise<void> | void {
    if (page.sealed.length < FEWEST_FOR_WORKERS || this.options.threads === 0 || this.losses >= LOSSES_TOLERATED) {
      for (let first = 0; first < page.sealed.length; first += CHUNK) this.openRange(page, first, Math.min(page.sealed.length, first + CHUNK), each);
      this.counts.byCallers += page.sealed.length;
      return;
    }
    const job = this.post(page, each);
    if (this.options.callerWaits) return this.waitFor(job);
    this.claimAndOpen(job);
  }

  /** Stops the worker threads (a later page starts new ones). */
  async close(): Promise<void> {
    const threads = this.threads.splice(0);
    for (const thread of threads) thread.alive = false;
    await Promise.all(threads.map((thread) => thread.worker.terminate()));
  }

  /** The page as one job to every worker: its values in shared memory (an array of strings costs ~1 µs a value to send, one joined string about half that). */
  private post(page: SealedPage, each: (index: number, clear: unknown) => void): Job {
    const chunks = Math.ceil(page.sealed.length / CHUNK);
    const ends = new Int32Array(page.sealed.length);
    let total = 0;
    for (let n = 0; n < ends.length; n++) ends[n] = total += page.sealed[n]!.length;
    // The values written one after another into shared memory, one byte a character: they are
    // base64url, colons and a person id (a character beyond one byte, in a value tampered with, is
    // written wrong, fails to authenticate in the worker, and is opened and fails here). Writing
    // them costs less than joining them into one string and cloning it into each worker's message.
    const sealed = Buffer.from(new SharedArrayBuffer(total));
    for (let n = 0, pos = 0; n < ends.length; n++) pos += sealed.write(page.sealed[n]!, pos, 'latin1');
    const state = new Int32Array(new SharedArrayBuffer(4 * (1 + 2 * chunks)));
    // Each chunk's region holds its clear texts: shorter than the values they were sealed in.
    const out = Buffer.from(new SharedArrayBuffer(total + chunks + 1));
    const job: Job = { page, chunks, state, out, ends, done: new Uint8Array(chunks), left: chunks, each, threads: [] };
    const { keyAt, keys } = keyTable(page.keys);
    const exitOnClaim = this.options.exitOnNextClaim === true;
    this.options.exitOnNextClaim = false;
    for (const thread of this.liveThreads()) {
      // A thread that has not taken its last job yet is not running (or is taking it, holding its
      // port's lock): posting would wait for it. The caller opens without it instead.
      if (thread.posted > Atomics.load(thread.taken, 0)) continue;
      thread.posted++;
      job.threads.push(thread);
      // Each thread gets its own copy of the keys, moved (not copied) to it and zeroed there after the job.
      const copy = keys.slice();
      thread.jobs.postMessage({ sealed: sealed.buffer, ends, keyAt, keys: copy, chunk: CHUNK, state, out: out.buffer, exitOnClaim }, [copy.buffer]);
    }
    keys.fill(0);
    return job;
  }

  /** The caller's share: chunks claimed one by one, what the workers finished taken in between; then whatever a worker still holds. */
  private claimAndOpen(job: Job): void {
    for (;;) {
      this.collect(job);
      const at = Atomics.add(job.state, 0, 1);
      if (at >= job.chunks) break;
      this.openHere(job, at);
    }
    for (let at = job.chunks - 1; at >= 0; at--) {
      this.collect(job);
      this.openHere(job, at);
    }
  }

  /** Every chunk the workers finished and nobody handed out yet; one that failed is opened here (and fails here). */
  private collect(job: Job): void {
    for (let at = 0; at < job.chunks; at++) {
      if (job.done[at]) continue;
      const status = Atomics.load(job.state, 1 + 2 * at);
      if (status === 0) continue;
      if (status !== OPENED) {
        this.openHere(job, at);
        continue;
      }
      const start = regionOf(job, at);
      const clear = JSON.parse(job.out.toString('utf8', start, start + Atomics.load(job.state, 2 + 2 * at))) as unknown[];
      for (let n = 0, index = at * CHUNK; n < clear.length; n++, index++) job.each(index, clear[n]);
      this.counts.byWorkers += clear.length;
      this.finish(job, at);
    }
  }

  private openHere(job: Job, at: number): void {
    if (job.done[at]) return;
    const { page } = job;
    const end = Math.min(page.sealed.length, (at + 1) * CHUNK);
    this.openRange(page, at * CHUNK, end, job.each);
    this.counts.byCallers += end - at * CHUNK;
    this.finish(job, at);
  }

  /**
   * Values `first` to `end` opened here, their clear texts written out together as one JSON array
   * and parsed once (cheaper than a string and a parse per value: docs/performance-log.md).
   */
  private openRange(page: SealedPage, first: number, end: number, each: (index: number, clear: unknown) => void): void {
    // Clear texts are shorter than the values they were sealed in.
    let room = 2 + end - first;
    for (let n = first; n < end; n++) room += page.sealed[n]!.length;
    // Its own memory, not a slice of Node's shared pool: it is zeroed after each use and kept.
    if (this.scratch.length < room) this.scratch = Buffer.allocUnsafeSlow(Math.max(room, 2 * this.scratch.length));
    const out = this.scratch;
    let pos = 0;
    let clear: unknown[];
    try {
      out[pos++] = OPEN_BRACKET;
      for (let n = first; n < end; n++) {
        if (n > first) out[pos++] = COMMA;
        pos += openInto(page.sealed[n]!, page.keys[n]!, out, pos, page.persons[n]);
      }
      out[pos++] = CLOSE_BRACKET;
      clear = JSON.parse(out.toString('utf8', 0, pos)) as unknown[];
    } finally {
      // No clear text left lying in a buffer kept for the process, even when a value fails to open.
      out.fill(0, 0, pos);
    }
    for (let n = 0; n < clear.length; n++) each(first + n, clear[n]);
  }

  private finish(job: Job, at: number): void {
    job.done[at] = 1;
    job.left--;
  }

  /** For tests: every chunk left to the workers, the caller taking over only from a lost one. */
  private async waitFor(job: Job): Promise<void> {
    while (job.left > 0) {
      this.collect(job);
      if (job.left === 0) return;
      if (job.threads.every((thread) => !thread.alive)) {
        for (let at = 0; at < job.chunks; at++) this.openHere(job, at);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  }

  private liveThreads(): Thread[] {
    while (this.threads.length < this.options.threads) this.threads.push(this.startThread());
    return this.threads;
  }

  private startThread(): Thread {
    const { port1, port2 } = new MessageChannel();
    const taken = new Int32Array(new SharedArrayBuffer(4));
    // libsodium by the path this module resolves (an evaluated worker resolves nothing relative to a file).
    const sodium = createRequire(import.meta.url).resolve('sodium-native');
    const worker = new Worker(SEALED_OPENING_WORKER, { eval: true, workerData: { jobs: port2, taken, sodium }, transferList: [port2] });
    const thread: Thread = { worker, jobs: port1, alive: true, posted: 0, taken };
    // Idle threads do not keep the process up; a page in hand never waits for them.
    worker.unref();
    const lost = () => {
      if (!thread.alive) return;
      thread.alive = false;
      this.losses++;
      port1.close();
      this.threads.splice(this.threads.indexOf(thread), 1);
    };
    worker.once('error', lost);
    worker.once('exit', lost);
    return thread;
  }
}

/** Where a chunk's clear texts start in `out`: where its values start in the joined string, one byte further per chunk before. */
function regionOf(job: Job, at: number): number {
  const first = at * CHUNK;
  return (first === 0 ? 0 : job.ends[first - 1]!) + at;
}

/** Each value's index into one block of its distinct keys, 32 bytes each (same key object, same slot). */
function keyTable(keys: readonly Buffer[]): { keyAt: Int32Array; keys: Uint8Array } {
  const slots = new Map<Buffer, number>();
  const keyAt = new Int32Array(keys.length);
  for (let n = 0; n < keys.length; n++) {
    let slot = slots.get(keys[n]!);
    if (slot === undefined) slots.set(keys[n]!, (slot = slots.size));
    keyAt[n] = slot;
  }
  const block = new Uint8Array(slots.size * KEY_BYTES);
  for (const [key, slot] of slots) block.set(key, slot * KEY_BYTES);
  return { keyAt, keys: block };
}

/** Worker threads for the process: one fewer than its cores (at least one, at most three); none inside a worker thread, which is itself one of several. */
export const processSealedOpeners = new SealedOpeners({ threads: isMainThread ? Math.max(1, Math.min(3, os.availableParallelism() - 1)) : 0 });

/**
 * The operator's SEALED_OPENING_THREADS for this process's pages, set at start before any page is
 * read (a count lowered later would leave threads already started in use); unset keeps the
 * default above. Inside a worker thread there are still none.
 */
export function useSealedOpeningThreads(config: Pick<CommonConfig, 'SEALED_OPENING_THREADS'>): void {
  if (config.SEALED_OPENING_THREADS !== undefined && isMainThread) processSealedOpeners.options.threads = config.SEALED_OPENING_THREADS;
}
