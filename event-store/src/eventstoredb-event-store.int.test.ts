import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe } from 'vitest';
import { eventStoreContract } from './event-store.contract.js';
import { EventStoreDbEventStore } from './eventstoredb-event-store.js';

/**
 * The same contract suite against EventStoreDB: EVENTSTORE_URL when given, otherwise a
 * container started by testcontainers when a Docker engine answers. Neither exists on our
 * machines (no Docker engine), so here it is skipped, loudly.
 */
const url = process.env.EVENTSTORE_URL;
const dockerAnswers = (() => {
  try {
    execFileSync('docker', ['info'], { stdio: 'ignore', timeout: 5000 });
    return true;
  } catch {
    return false;
  }
})();

if (!url && !dockerAnswers) {
  console.warn('\n!!! EventStoreDB contract tests SKIPPED: no EVENTSTORE_URL and no Docker engine to start one !!!\n');
}

describe.skipIf(!url && !dockerAnswers)('EventStoreDB adapter', () => {
  let connection = url ?? '';
  let stopContainer: (() => Promise<unknown>) | null = null;
  let store: EventStoreDbEventStore;

  beforeAll(async () => {
    if (!connection) {
      const { EventStoreDBContainer } = await import('@testcontainers/eventstoredb');
      const container = await new EventStoreDBContainer('eventstore/eventstore:24.10').start();
      connection = container.getConnectionString();
      stopContainer = () => container.stop();
    }
    store = new EventStoreDbEventStore(connection);
  }, 180_000);
  afterAll(async () => {
    await store?.close();
    await stopContainer?.();
  });

  eventStoreContract('EventStoreDB', () => store);
});
