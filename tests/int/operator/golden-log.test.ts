import { existsSync } from 'node:fs';
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { PostgresEventStore, UpcastingEventStore } from '@shop/event-store';
import { protectPersonalData } from '@shop/personal-data';
import { createTestDatabase, type TestDatabase } from '@shop/infra/testing';
import { allProjections, readModelMigrationDirs, rebuildAll } from '@shop/projectors';
import { appendGoldenLog, canonicalRows, readGoldenLog, snapshotReadModels, tableDifferences, withTodaysTypeNames, type ReadModelSnapshot } from '../../support/golden-log.js';

/**
 * The golden log (docs/decisions/0358): today's code must read every release's events. Each
 * `tests/fixtures/golden-log/<release>.ndjson` is replayed into fresh read models with the public
 * rebuild entry point, and the tables, the built-in reports and the audit wording are compared
 * with `<release>.expected.json`, written once when the release added its file
 * (`UPDATE_GOLDEN_LOG=1`, which writes only expectations that are missing, never over one).
 */
const folder = fileURLToPath(new URL('../../fixtures/golden-log/', import.meta.url));
const releases = (await readdir(folder)).filter((name) => name.endsWith('.ndjson')).sort();

const databases: TestDatabase[] = [];
afterAll(async () => {
  for (const db of databases) await db.drop();
});

describe('the golden log', () => {
  it('holds at least one release', () => {
    expect(releases.length).toBeGreaterThan(0);
  });

  for (const release of releases) {
    it(`reads ${release} into the same read models, reports and audit wording as when it was written`, { timeout: 300_000 }, async () => {
      const events = await readGoldenLog(path.join(folder, release));
      const db = await createTestDatabase(inject('adminDatabaseUrl'), readModelMigrationDirs);
      databases.push(db);
      // Written as the shop writes: personal fields sealed under per-person keys, read back upcast.
      const store = new UpcastingEventStore(protectPersonalData(new PostgresEventStore(db.pool), db.pool));
      await appendGoldenLog(store, events);
      await rebuildAll({ pool: db.pool, eventStore: store }, allProjections);
      const now = new Date(events[events.length - 1]!.event.metadata.occurredAt);
      const actual = await snapshotReadModels(db.pool, store, now);

      const expectedFile = path.join(folder, release.replace(/\.ndjson$/, '.expected.json'));
      if (!existsSync(expectedFile)) {
        if (process.env.UPDATE_GOLDEN_LOG !== '1') throw new Error(`${release} has no expectation: write it once with UPDATE_GOLDEN_LOG=1 (README, "Golden log")`);
        await writeFile(expectedFile, `${JSON.stringify(actual, null, 1)}\n`);
      }
      const expected = (await import(expectedFile, { with: { type: 'json' } })).default as ReadModelSnapshot;
      const differences = await tableDifferences(expected.tables, actual.tables, (table) => canonicalRows(db.pool, table));
      expect(differences, `today's code reads ${release} differently`).toEqual([]);
      // Event types renamed since the release are named as today's (decision 0357): nothing else may differ.
      expect(actual.reports).toEqual(withTodaysTypeNames(expected.reports));
      expect(actual.audit).toEqual(expected.audit);
    });
  }

  it('reads the events FabricArrived wrote before the rename as FabricReceived, worded as before (decision 0357)', async () => {
    const release = '2026-12-07-77fc16f.ndjson';
    const events = await readGoldenLog(path.join(folder, release));
    const arrived = events.filter((golden) => golden.event.type === 'FabricArrived');
    expect(arrived.length).toBeGreaterThan(0);
    const db = databases[0]!;
    const store = new UpcastingEventStore(protectPersonalData(new PostgresEventStore(db.pool), db.pool));
    const streamId = arrived[0]!.streamId;
    const read = (await store.readStream(streamId)).filter((event) => event.id === arrived[0]!.event.id);
    expect(read).toMatchObject([{ type: 'FabricReceived', schemaVersion: 1, data: arrived[0]!.event.data }]);
    // The row stays as it was written: upcast when read, never rewritten.
    const { rows } = await db.pool.query<{ event_type: string }>('SELECT event_type FROM events WHERE event_id = $1', [arrived[0]!.event.id]);
    expect(rows[0]!.event_type).toBe('FabricArrived');
    const expected = (await import(path.join(folder, release.replace(/\.ndjson$/, '.expected.json')), { with: { type: 'json' } })).default as ReadModelSnapshot;
    // The expectation was written by the release before the rename: the audit words are the same now (compared above).
    expect(expected.audit[streamId]!.some((line) => line.endsWith('Fabric arrived: marked the fabric as arrived'))).toBe(true);
    const staffActivity = JSON.stringify(expected.reports['staff-activity']);
    expect(staffActivity).toContain('"kind":"FabricArrived"');
    expect(JSON.stringify(withTodaysTypeNames(expected.reports)['staff-activity'])).not.toContain('FabricArrived');
  });
});
