import { randomBytes } from 'node:crypto';

/**
 * IVs and data keys cut from a block of CSPRNG bytes drawn at once. One `randomBytes` call costs
 * about as much as an AES-GCM operation (~3 µs quiet, ~10 µs on a loaded core), and a new
 * person's append needed three (its data key, the key's wrapping IV, the event's IV): a visible
 * part of a sealed append (docs/performance-log.md, decision 0249). The bytes are the same
 * CSPRNG's; each is handed out once. A key is copied out and its bytes in the block zeroed at
 * once, so the block never holds a key that was handed out.
 */
const BLOCK_BYTES = 4096;
let block = Buffer.alloc(0);
let at = 0;

function take(length: number): Buffer {
  if (at + length > block.length) {
    block = randomBytes(BLOCK_BYTES);
    at = 0;
  }
  return block.subarray(at, (at += length));
}

/** A fresh IV; unique and unpredictable, not secret. A view on the block: read it before the next call wraps around. */
export function freshIv(length: number): Buffer {
  return take(length);
}

/** A fresh secret key in its own memory. */
export function freshKey(length: number): Buffer {
  const bytes = take(length);
  const key = Buffer.alloc(length);
  bytes.copy(key);
  bytes.fill(0);
  return key;
}
