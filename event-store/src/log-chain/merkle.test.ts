import { describe, expect, it } from 'vitest';
import { merkleRoot, merkleTreeHash } from './merkle.js';

describe('the digest root (decision 0347)', () => {
  it("is RFC 6962's Merkle tree hash: Certificate Transparency's test vectors", () => {
    const leaves = ['', '00', '10', '2021', '3031', '40414243', '5051525354555657', '606162636465666768696a6b6c6d6e6f'].map((hex) => Buffer.from(hex, 'hex'));
    expect(merkleTreeHash([]).toString('hex')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(merkleTreeHash(leaves.slice(0, 1)).toString('hex')).toBe('6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d');
    expect(merkleTreeHash(leaves).toString('hex')).toBe('5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328');
  });

  it('orders the heads by stream id, whatever order they come in, and changes with any head', () => {
    const head = (streamId: string, revision: string, byte: number) => ({ streamId, revision, hash: Buffer.alloc(32, byte) });
    const heads = [head('b', '1', 1), head('a', '0', 2), head('ä', '3', 3)];
    expect(merkleRoot(heads)).toEqual(merkleRoot([...heads].reverse()));
    expect(merkleRoot(heads)).not.toEqual(merkleRoot([head('b', '2', 1), heads[1]!, heads[2]!]));
    expect(merkleRoot(heads)).not.toEqual(merkleRoot(heads.slice(0, 2)));
  });
});
