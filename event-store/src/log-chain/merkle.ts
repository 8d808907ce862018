import { createHash } from 'node:crypto';

/** A stream's head as a digest's leaf: its id, last revision and that event's chain hash. */
export interface StreamHead {
  streamId: string;
  revision: string;
  hash: Buffer;
}

const sha256 = (...parts: Buffer[]): Buffer => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
};

function leafBytes(head: StreamHead): Buffer {
  return Buffer.concat([Buffer.from(`${Buffer.byteLength(head.streamId)}:${head.streamId}\n${head.revision}\n`, 'utf8'), head.hash]);
}

/**
 * RFC 6962's Merkle tree hash (Certificate Transparency) over the heads in stream id order (byte
 * order of the UTF-8 id): leaves hashed with a 0x00 prefix, nodes with 0x01, split at the largest
 * power of two below the count. An auditor can recompute it with any CT library's tree hash.
 */
export function merkleRoot(heads: StreamHead[]): Buffer {
  const sorted = [...heads].sort((a, b) => Buffer.compare(Buffer.from(a.streamId), Buffer.from(b.streamId)));
  return merkleTreeHash(sorted.map(leafBytes));
}

/** RFC 6962 section 2.1's MTH over the leaves' bytes, in the order given. */
export function merkleTreeHash(leaves: Buffer[]): Buffer {
  return treeHash(leaves.map((leaf) => sha256(Buffer.from([0]), leaf)), 0, leaves.length);
}

function treeHash(leaves: Buffer[], from: number, to: number): Buffer {
  const count = to - from;
  if (count === 0) return sha256();
  if (count === 1) return leaves[from]!;
  let split = 1;
  while (split * 2 < count) split *= 2;
  return sha256(Buffer.from([1]), treeHash(leaves, from, from + split), treeHash(leaves, from + split, to));
}
