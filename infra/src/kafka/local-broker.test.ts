import { describe, expect, it } from 'vitest';
import { clusterId } from './local-broker.js';

describe('clusterId', () => {
  it('never starts with a dash, which the storage tool would take for an option', () => {
    // 0xf8... encodes to a leading '-' in base64url; the second draw does not.
    const draws = ['f8000000-0000-4000-8000-000000000000', '12345678-9abc-4def-8000-000000000000'];
    const id = clusterId(() => draws.shift() ?? '');
    expect(id).toBe(Buffer.from('123456789abc4def8000000000000000', 'hex').toString('base64url'));
    expect(draws).toEqual([]);
  });

  it('is 22 base64url characters from a random UUID', () => {
    expect(clusterId()).toMatch(/^[A-Za-z0-9_][A-Za-z0-9_-]{21}$/);
  });
});
