/**
 * What a sealed-opening thread runs (sealed-opening.ts), as plain JavaScript evaluated by the
 * thread itself: a worker does not inherit the TypeScript loader the shop runs under, and a file
 * beside this one would not be found from the rebuild's bundle. It is field-cipher.ts's `openInto`
 * over chunks of a page (libsodium loaded from `workerData.sodium`, the path the asking thread resolved), each claimed from a counter shared with the thread that asked (which
 * claims chunks too).
 *
 * A job (one message): `sealed` (the page's values one after another in shared memory, one byte a
 * character), `ends` (where each ends),
 * `keyAt` and `keys` (each value's key in a block of 32-byte keys, moved here and zeroed after the
 * job: this thread keeps no key between jobs), `chunk`, and in shared memory `state` (`[next chunk
 * to claim, then per chunk: status, length]`) and `out`. A chunk's clear texts are written to `out`
 * from `regionOf(chunk)` as one JSON array, its length stored, then its status (1 opened, 2 failed):
 * nothing is sent back, so the asking thread never waits on a message or a lock of this one.
 * `workerData.taken` (shared) counts the jobs taken from the port: the asking thread posts no new
 * job while one is still waiting there.
 */
export const SEALED_OPENING_WORKER = String.raw`
const { workerData } = require('node:worker_threads');
const { createDecipheriv } = require('node:crypto');
const { crypto_aead_xchacha20poly1305_ietf_decrypt: xchachaOpen } = require(workerData.sodium);
const PREFIX_LENGTH = 4;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
const [OPEN_BRACKET, COMMA, CLOSE_BRACKET] = [0x5b, 0x2c, 0x5d];

// This thread at the lowest priority (Linux: a thread's own nice value, found by its id): it only
// takes a core nobody else wants, so waking it never takes the reader's core or PostgreSQL's.
// Elsewhere it runs at the process's priority.
try {
  const threadId = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  require('node:os').setPriority(threadId, 19);
} catch {}

/** Opens one value into out at pos; the clear text's byte length. pd3:, pd4: XChaCha20-Poly1305; pd1:, pd2: AES-256-GCM. */
function openInto(sealed, key, out, pos) {
  const bodyAt = sealed.indexOf(':', PREFIX_LENGTH) + 1;
  const personAt = sealed.indexOf(':', bodyAt) + 1;
  const bytes = Buffer.from(sealed.slice(bodyAt, personAt - 1), 'base64url');
  const nonce = Buffer.from(sealed.slice(PREFIX_LENGTH, bodyAt - 1), 'base64url');
  const aad = Buffer.from(sealed.slice(personAt), 'utf8');
  if (sealed.charCodeAt(2) >= 0x33) {
    if (bytes.length < TAG_BYTES) throw new Error('too short');
    return xchachaOpen(out.subarray(pos, pos + bytes.length - TAG_BYTES), null, bytes, aad, nonce, key);
  }
  const decipher = createDecipheriv('aes-256-gcm', key, nonce);
  decipher.setAAD(aad);
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  const clear = decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES));
  const rest = decipher.final();
  clear.copy(out, pos);
  rest.copy(out, pos + clear.length);
  return clear.length + rest.length;
}

function openChunk(job, keys, out, at) {
  const first = at * job.chunk;
  const end = Math.min(job.ends.length, first + job.chunk);
  const start = (first === 0 ? 0 : job.ends[first - 1]) + at;
  let pos = start;
  out[pos++] = OPEN_BRACKET;
  for (let n = first; n < end; n++) {
    if (n > first) out[pos++] = COMMA;
    const k = job.keyAt[n] * KEY_BYTES;
    pos += openInto(job.sealed.slice(n === 0 ? 0 : job.ends[n - 1], job.ends[n]), keys.subarray(k, k + KEY_BYTES), out, pos);
  }
  out[pos++] = CLOSE_BRACKET;
  return pos - start;
}

workerData.jobs.on('message', (job) => {
  Atomics.add(workerData.taken, 0, 1);
  const chunks = Math.ceil(job.ends.length / job.chunk);
  const keys = Buffer.from(job.keys.buffer, job.keys.byteOffset, job.keys.byteLength);
  const out = Buffer.from(job.out);
  // The page's values: one byte a character in shared memory, read as one string.
  job.sealed = Buffer.from(job.sealed).toString('latin1');
  try {
    for (;;) {
      const at = Atomics.add(job.state, 0, 1);
      if (at >= chunks) break;
      // Fault injection for tests: die holding a claimed chunk.
      if (job.exitOnClaim) process.exit(1);
      let status = 1;
      try {
        Atomics.store(job.state, 2 + 2 * at, openChunk(job, keys, out, at));
      } catch {
        // The asking thread opens the chunk itself and meets the error there, as it would alone.
        status = 2;
      }
      Atomics.store(job.state, 1 + 2 * at, status);
    }
  } finally {
    keys.fill(0);
  }
});
`;
