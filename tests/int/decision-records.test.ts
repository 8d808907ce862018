import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// docs/decisions/README.md: every record says whether it still holds, and the index lists the ones that do.
const folder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/decisions');
const records = readdirSync(folder).filter((name) => /^\d{4}-.+\.md$/.test(name));
const statusOf = (name: string) => /^Status: (.+)$/m.exec(readFileSync(path.join(folder, name), 'utf8'))?.[1];

describe('decision records', () => {
  it('each has a status: accepted (perhaps amended), or replaced by a record that exists', () => {
    const numbers = new Set(records.map((name) => name.slice(0, 4)));
    for (const name of records) {
      const status = statusOf(name);
      expect(status, name).toMatch(/^(accepted|replaced by \d{4})/);
      for (const named of status!.match(/\b\d{4}\b/g) ?? []) expect(numbers.has(named), `${name} names ${named}`).toBe(true);
    }
  });

  it('the index links every record, the replaced ones under "Replaced"', () => {
    const index = readFileSync(path.join(folder, 'README.md'), 'utf8');
    const [current, replaced] = index.split('\n## Replaced\n');
    for (const name of records) {
      const listed = statusOf(name)!.startsWith('replaced') ? replaced : current;
      expect(listed, name).toContain(`](${name})`);
    }
  });
});
