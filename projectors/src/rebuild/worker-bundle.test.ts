import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { workerBundle } from './worker-bundle.js';

describe('the rebuild worker bundle', () => {
  it('is one JavaScript file under node_modules/.cache, named by its content, with packages left as imports', async () => {
    const file = await workerBundle();
    expect(file).toMatch(/node_modules\/\.cache\/shop-rebuild\/fold-worker-[0-9a-f]{16}\.mjs$/);
    const code = await readFile(file!, 'utf8');
    expect(code).toMatch(/from "pg"/);
    expect(code).toMatch(/from "pg-copy-streams"/);
    // Our own packages are inside it, compiled: nothing imports their TypeScript sources.
    expect(code).not.toMatch(/from "@shop\//);
    expect(code).toContain('FoldShard');
    expect(await workerBundle()).toBe(file);
  });
});
