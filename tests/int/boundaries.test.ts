import { spawnSync } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * `npm run lint:deps` (dependency-cruiser and knip, in `npm test`): the tree passes as it is, and a
 * file with a deliberate wrong-way import (the domain reaching into infra) fails both:
 * dependency-cruiser for the direction (DESIGN.md's one-way imports), knip because nothing uses it.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);

const depcruise = () => spawnSync(bin('depcruise'), ['domain/src', 'infra/src', '--config', '.dependency-cruiser.cjs'], { cwd: root, encoding: 'utf8' });
const knip = () => spawnSync(bin('knip'), ['--no-progress'], { cwd: root, encoding: 'utf8' });

describe('import boundaries', () => {
  it('passes as the tree is, and fails on a wrong-way import', { timeout: 300_000 }, async () => {
    const clean = [depcruise(), knip()];
    for (const run of clean) expect(run.status, run.stdout + run.stderr).toBe(0);

    const wrongWay = path.join(root, 'domain/src', `wrong-way-${process.pid}.ts`);
    await writeFile(wrongWay, "import { systemClock } from '@shop/infra';\n\nexport const leakedClock = systemClock;\n");
    try {
      const cruised = depcruise();
      expect(cruised.status).not.toBe(0);
      expect(cruised.stdout).toMatch(/domain-is-pure/);
      const knipped = knip();
      expect(knipped.status).not.toBe(0);
      expect(knipped.stdout).toMatch(/Unused files[\s\S]*domain\/src\/wrong-way-/);
    } finally {
      await rm(wrongWay, { force: true });
    }
  });
});
