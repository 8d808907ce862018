import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { workerBundle } from './worker-bundle.js';

describe('the rebuild worker bundle', () => {
  it('is one JavaScript file under node_modules/.cache, named by its content, with packages left as imports of the files they resolve to', async () => {
    const file = await workerBundle();
    expect(file).toMatch(/node_modules\/\.cache\/shop-rebuild\/fold-worker-[0-9a-f]{16}\.mjs$/);
    const code = await readFile(file!, 'utf8');
    // By the file each resolves to from its importer (ajv 8 is installed under infra/, beside eslint's ajv 6).
    expect(code).toMatch(/from "[^"]*\/node_modules\/pg\/[^"]*"/);
    expect(code).toMatch(/from "[^"]*\/node_modules\/pg-copy-streams\/[^"]*"/);
    expect(code).toMatch(/from "\/[^"]*\/node_modules\/ajv\/dist\/2020\.js"/);
    // Our own packages are inside it, compiled: nothing imports their TypeScript sources.
    expect(code).not.toMatch(/from "@shop\//);
    expect(code).toContain('FoldShard');
    expect(await workerBundle()).toBe(file);
  });
});
