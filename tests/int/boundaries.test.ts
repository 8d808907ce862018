import { spawnSync } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * `npm run lint:deps` (dependency-cruiser and knip, in `npm test`): the tree passes as it is, and a
 * file with a deliberate wrong-way import fails it. dependency-cruiser judges the direction
 * (DESIGN.md's one-way imports); knip fails too, but only because nothing uses the file: it does not
 * flag an undeclared workspace package, so the direction is dependency-cruiser's job alone.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);

// The same folders as `npm run lint:deps`, so a rule about any pair of layers can fire.
const layers = ['domain/src', 'infra/src', 'event-store/src', 'personal-data/src', 'http-shell/src', 'command-api/src', 'query-api/src', 'projectors/src', 'analytics/src', 'server/src', 'web/src'];
const depcruise = () => spawnSync(bin('depcruise'), [...layers, '--config', '.dependency-cruiser.cjs'], { cwd: root, encoding: 'utf8' });
const knip = () => spawnSync(bin('knip'), ['--no-progress'], { cwd: root, encoding: 'utf8' });
const eslint = (file: string) => spawnSync(bin('eslint'), [file], { cwd: root, encoding: 'utf8' });

/**
 * query-api reaches the event store only through read-side modules (issue 13 item 3). It imports infra
 * through one barrel, so dependency-cruiser cannot tell the event store from the rest; ESLint says it
 * by name. The route below is how the data export read the log before it moved to `eventsNaming`.
 */
const routeReadingTheLog = `import type { EventStore, Pool } from '@shop/infra';
import { PersonalDataKeys } from '@shop/personal-data';

export async function leaked(pool: Pool, eventStore: EventStore, userId: string) {
  const keyed = await new PersonalDataKeys(pool).streamsOf(userId);
  const naming = await pool.query(\`SELECT DISTINCT stream_id FROM events WHERE data->>'userId' = $1\`, [userId]);
  return [keyed, naming, await eventStore.readStream('user-' + userId)];
}
`;

/**
 * One wrong way per boundary the issue named: the pure domain, the web app, the query side; and
 * those of decision 0475: infra keeps the event store's port and imports no adapter, the event store
 * never opens personal data, and no runtime code starts a test database.
 */
const wrongWays = [
  { from: 'domain/src', rule: 'domain-is-pure', text: "import { systemClock } from '@shop/infra';\n\nexport const leakedClock = systemClock;\n" },
  { from: 'web/src', rule: 'web-on-domain-only', text: "import { allProjections } from '@shop/projectors';\n\nexport const leaked = allProjections;\n" },
  { from: 'query-api/src', rule: 'query-api-not-into-projector-machinery', text: "export { allProjections } from '@shop/projectors';\n" },
  { from: 'infra/src', rule: 'infra-on-domain-only', text: "import { PostgresEventStore } from '@shop/event-store';\n\nexport const leaked = PostgresEventStore;\n" },
  { from: 'event-store/src', rule: 'event-store-on-domain-and-infra', text: "import { PersonalDataKeys } from '@shop/personal-data';\n\nexport const leaked = PersonalDataKeys;\n" },
  { from: 'personal-data/src', rule: 'no-test-support-in-runtime', text: "import { createTestDatabase } from '@shop/infra/testing';\n\nexport const leaked = createTestDatabase;\n" },
];

/** Runs `check` with a stray file in `from`, and removes it whatever happens. */
async function withFile<T>(from: string, text: string, check: (file: string) => T): Promise<T> {
  const file = path.join(root, from, `wrong-way-${process.pid}.ts`);
  await writeFile(file, text);
  try {
    return check(file);
  } finally {
    await rm(file, { force: true });
  }
}

describe('import boundaries', () => {
  it('passes as the tree is', { timeout: 300_000 }, () => {
    for (const run of [depcruise(), knip()]) expect(run.status, run.stdout + run.stderr).toBe(0);
  });

  it.each(wrongWays)('fails on a wrong-way import from $from ($rule)', { timeout: 300_000 }, async ({ from, rule, text }) => {
    const cruised = await withFile(from, text, depcruise);
    expect(cruised.status).not.toBe(0);
    expect(cruised.stdout).toMatch(new RegExp(`${rule}: ${from}/wrong-way-`));
  });

  it('fails ESLint on a query-api route that reads the event store itself', { timeout: 300_000 }, async () => {
    const linted = await withFile('query-api/src', routeReadingTheLog, eslint);
    expect(linted.status).not.toBe(0);
    expect(linted.stdout).toMatch(/'PersonalDataKeys' import from '@shop\/personal-data' is restricted/);
    expect(linted.stdout.match(/query-api reads events only through a read-side module/g)).toHaveLength(2);
  });

  it('fails knip on a stray file nothing imports', { timeout: 300_000 }, async () => {
    const knipped = await withFile(wrongWays[0]!.from, wrongWays[0]!.text, knip);
    expect(knipped.status).not.toBe(0);
    expect(knipped.stdout).toMatch(/Unused files[\s\S]*domain\/src\/wrong-way-/);
  });
});
