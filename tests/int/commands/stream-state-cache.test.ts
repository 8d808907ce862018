import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { projectDecider } from '@shop/domain';
import { ConcurrencyError, handleCommand, loadStream, StreamStateCache, systemClock, uuidIds, type CommandHandlerDeps } from '@shop/infra';
import { PostgresEventStore } from '@shop/event-store';
import { createTestDatabase, type TestDatabase } from '@shop/infra/testing';

/**
 * The command handler's state cache (infra/src/commands/stream-state-cache.ts): two command-API
 * processes, each with its own cache, write the same project stream. Whatever one cached, the
 * other's writes are read forward before deciding, so no decision is made on stale state and
 * every result equals a fold of the whole stream.
 */
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase(inject('adminDatabaseUrl'));
});
afterAll(async () => {
  await db?.drop();
});

const owner = { userId: 'cache-owner', isStaff: false };
const context = { actor: owner.userId, correlationId: 'cache-test' };
const draft = (name: string) => ({ name, fabrics: [] });

function process_(): CommandHandlerDeps & { streamStates: StreamStateCache; reads: number[] } {
  const eventStore = new PostgresEventStore(db.pool);
  const reads: number[] = [];
  const readStream = eventStore.readStream.bind(eventStore);
  // Records where each read starts, to show the cache is used (reads from the cached revision on).
  eventStore.readStream = async (streamId, options) => {
    reads.push(options?.fromRevision ?? 0);
    return readStream(streamId, options);
  };
  return { eventStore, clock: systemClock, ids: uuidIds, streamStates: new StreamStateCache(), reads };
}

async function create(deps: CommandHandlerDeps, stream: string) {
  const projectId = stream.replace('project-', '');
  return handleCommand(deps, projectDecider, stream, () => ({ type: 'CreateProject' as const, projectId, orderNumber: 1001, ownerId: owner.userId, draft: draft('v0'), at: new Date().toISOString(), actor: owner }), context);
}

const save = (deps: CommandHandlerDeps, stream: string, name: string, expectedRevision?: number) =>
  handleCommand(deps, projectDecider, stream, () => ({ type: 'SaveDraft' as const, draft: draft(name), at: new Date().toISOString(), actor: owner }), {
    ...context,
    expectedRevision,
  });

describe('command handler with a stream-state cache per process', () => {
  it("reads only the events after its cached revision and still decides on the other process's writes", async () => {
    const stream = `project-${randomUUID()}`;
    const a = process_();
    const b = process_();
    await create(a, stream);
    await save(a, stream, 'a1');
    await save(b, stream, 'b1'); // b has no cache yet: whole stream
    const aSaves = await save(a, stream, 'a2'); // a cached revision 1; b wrote 2
    expect(a.reads.at(-1)).toBe(2); // read forward from its cache, not from 0
    expect(aSaves.revision).toBe(3);
    const fresh = await loadStream(a.eventStore, projectDecider, stream);
    expect(aSaves.state).toEqual(fresh.state);
    expect(fresh.state.status === 'existing' && fresh.state.project.name).toBe('a2');
  });

  it("answers 409 to a client whose revision is stale even when the cache is newer than it", async () => {
    const stream = `project-${randomUUID()}`;
    const a = process_();
    const b = process_();
    await create(a, stream);
    const seen = (await save(a, stream, 'a1')).revision;
    await save(b, stream, 'b1');
    await save(a, stream, 'a2'); // a's cache is now past `seen`, and b's write lies between
    await expect(save(a, stream, 'stale edit', seen)).rejects.toBeInstanceOf(ConcurrencyError);
    const current = await save(a, stream, 'fresh edit', seen + 2);
    expect(current.revision).toBe(seen + 3);
  });

  it('never loses an update when both processes race on cached states', async () => {
    const stream = `project-${randomUUID()}`;
    const a = process_();
    const b = process_();
    await create(a, stream);
    await save(b, stream, 'warm b');
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => save(i % 2 ? a : b, stream, `race ${i}`)));
    const written = results.filter((result) => result.status === 'fulfilled').length;
    const fresh = await loadStream(a.eventStore, projectDecider, stream);
    expect(fresh.revision).toBe(1 + written); // created, warm b, then one event per successful save
    const last = await save(a, stream, 'after the race');
    expect(last.state).toEqual((await loadStream(a.eventStore, projectDecider, stream)).state);
  });

  it('folds an erased stream afresh instead of keeping its personal fields from the cache', async () => {
    const stream = `project-${randomUUID()}`;
    const a = process_();
    const b = process_();
    await create(a, stream);
    await save(a, stream, 'cached');
    await handleCommand(b, projectDecider, stream, () => ({ type: 'EraseCustomerData' as const, userId: owner.userId, at: new Date().toISOString(), actor: owner }), context);
    a.reads.length = 0;
    await save(a, stream, 'after erasure').catch(() => undefined);
    expect(a.reads).toContain(0); // the whole stream, not the cached fold
  });
});
