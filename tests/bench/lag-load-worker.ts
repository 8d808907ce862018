import { randomUUID } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import { projectDecider } from '@shop/domain';
import { ConcurrencyError, createPool, handleCommand, isPoolBusy, StreamStateCache, systemClock } from '@shop/infra';
import { PostgresEventStore } from '@shop/event-store';

/**
 * The lag benchmark's writers, in their own thread (as the command API is its own process in
 * the scaled topology), so that issuing commands does not hold up the projections' event loop.
 * Saves drafts on a steady schedule and reports when each event's append returned, in epoch ms.
 */
export interface LoadInput {
  databaseUrl: string;
  rate: number;
  seconds: number;
  projects: string[];
  /** Write as staff (the live bench's projects have many owners). */
  asStaff?: boolean;
}

export interface LoadResult {
  appended: Array<[string, number]>;
  /** Commands asked for, and acknowledged (their append returned). */
  asked: number;
  acknowledged: number;
  /** Refusals by kind: a version conflict after the retries, the shop busy (no connection within its wait), anything else. */
  conflicts: number;
  overloaded: number;
  otherErrors: number;
}

const input = workerData as LoadInput;
const now = () => performance.timeOrigin + performance.now();

async function run(): Promise<LoadResult> {
  // As the command API's pool: waiting for a connection is bounded (decision 0308).
  const pool = createPool(input.databaseUrl, 20, { waitMs: 5000 });
  const eventStore = new PostgresEventStore(pool);
  // As the command API keeps one (command-api/src/app.ts).
  const streamStates = new StreamStateCache();
  const actor = { userId: 'bench-user', isStaff: input.asStaff ?? false };
  const context = { actor: actor.userId, correlationId: randomUUID() };
  const appended: Array<[string, number]> = [];
  const refused = { conflicts: 0, overloaded: 0, otherErrors: 0 };
  let acknowledged = 0;
  const refusal = (error: unknown) => {
    if (error instanceof ConcurrencyError) refused.conflicts++;
    else if (isPoolBusy(error)) refused.overloaded++;
    else refused.otherErrors++;
  };
  const saveDraft = async (projectId: string, n: number) => {
    const ids: string[] = [];
    const recordingIds = { next: () => (ids.push(randomUUID()), ids[ids.length - 1]!) };
    const save = () => ({ type: 'SaveDraft' as const, draft: { name: `Lag ${n}`, fabrics: [] }, at: new Date().toISOString(), actor });
    const { events } = await handleCommand({ eventStore, clock: systemClock, ids: recordingIds, streamStates }, projectDecider, `project-${projectId}`, save, context);
    const at = now();
    acknowledged++;
    // Only the last attempt's ids were appended: an attempt that lost a race to another writer drew
    // ids too, and counting those reported events "missing" from the read models that never existed.
    for (const id of ids.slice(ids.length - events.length)) appended.push([id, at]);
  };
  // Steady schedule: command n is due at start + n/rate s, however long earlier ones took.
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  const asked = input.rate * input.seconds;
  for (let n = 0; n < asked; n++) {
    const wait = started + (n * 1000) / input.rate - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(saveDraft(input.projects[n % input.projects.length]!, n).catch(refusal));
  }
  await Promise.all(inFlight);
  await pool.end();
  return { appended, asked, acknowledged, ...refused };
}

void run().then((result) => parentPort!.postMessage(result));
