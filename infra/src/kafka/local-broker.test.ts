import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { clusterId, keptClasspath } from './local-broker.js';

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

describe('keptClasspath', () => {
  it("asks Maven once and answers from the kept file after, until a jar it names is gone", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'kept-classpath-'));
    try {
      const jars = [path.join(dir, 'a.jar'), path.join(dir, 'b.jar')];
      await Promise.all(jars.map((jar) => writeFile(jar, '')));
      const asked: string[] = [];
      const maven = async (outputFile: string) => {
        asked.push(outputFile);
        await writeFile(outputFile, jars.join(path.delimiter));
      };
      expect(await keptClasspath(dir, maven)).toBe(jars.join(path.delimiter));
      expect(await keptClasspath(dir, maven)).toBe(jars.join(path.delimiter));
      expect(asked).toHaveLength(1);
      await rm(jars[0]!);
      expect(await keptClasspath(dir, maven)).toBe(jars.join(path.delimiter));
      expect(asked).toHaveLength(2);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
