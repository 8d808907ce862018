import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { projectDecider } from '@shop/domain';
import { createLogger, createPool, KafkaTransport, systemClock, uuidIds, type StoredEvent } from '@shop/infra';
import { PostgresEventStore } from '@shop/event-store';
import { handleCommand } from '@shop/infra';
import { allProjections, EventRelay, KafkaProjectionFeed, ProjectionRunner, type FeedStages, type ProjectionStatus } from '@shop/projectors';
import { startTestKafka } from '../support/kafka.js';
import type { BenchContext, Row } from './bench-context.js';
import type { LoadInput, LoadResult } from './lag-load-worker.js';
import { fmt, percentile } from './measure.js';

const RATES = [200, 1000];

/**
 * Projection lag at a steady 200 and 1,000 commands/s: from the moment a command's append
 * returned to the moment the LAST of the six projections committed its event. Both paths are
 * stamped the same way: the runner's and the feed's progress callback, called after each
 * committed batch, per projection. The writers run in a worker thread, as the command API runs
 * in its own process, so they do not share the projections' event loop.
 */
export async function lagBench(context: BenchContext): Promise<Row[]> {
  const seconds = context.quick ? 8 : 30;
  const rows: Row[] = [];
  for (const rate of RATES) rows.push(...(await measure(context, seconds, rate, 'embedded (global order)')));
  const kafka = await startTestKafka();
  if (kafka) {
    try {
      for (const rate of RATES) rows.push(...(await measure(context, seconds, rate, 'through Kafka', kafka.brokers)));
    } finally {
      await kafka.stop();
    }
  } else {
    rows.push({ section: 'lag', case: 'through Kafka', figures: 'not measured: no broker (no KAFKA_BROKERS, no java+mvn)', ratio: '–' });
  }
  return rows;
}

async function measure(context: BenchContext, seconds: number, rate: number, label: string, brokers?: string): Promise<Row[]> {
  const databaseUrl = await context.freshDatabase();
  const pool = createPool(databaseUrl, 20);
  const eventStore = new CountingEventStore(pool, { pollIntervalMs: 50 });
  // An event counts as applied when every projection has committed it.
  const applied = new Map<string, number>();
  const passes = new Map<string, number>();
  const onProgress = (_status: ProjectionStatus, batch: StoredEvent[]) => {
    const now = performance.timeOrigin + performance.now();
    for (const event of batch) {
      const count = (passes.get(event.id) ?? 0) + 1;
      passes.set(event.id, count);
      if (count === allProjections.length) applied.set(event.id, now);
    }
  };
  const stages: FeedStages[] = [];
  const logger = createLogger('silent');
  const stops: Array<() => Promise<void>> = [];
  if (brokers) {
    const transport = (id: string) => new KafkaTransport({ brokers, topic: `lag-${randomUUID().slice(0, 8)}`, partitions: 6, retentionMs: -1, clientId: id });
    const topic = transport('t').settings.topic;
    const make = (id: string) => new KafkaTransport({ ...transport(id).settings, topic });
    const relay = new EventRelay({ pool, eventStore, kafka: make('relay'), logger, batchSize: 200 });
    const feed = new KafkaProjectionFeed({ pool, eventStore, kafka: make('feed'), logger, groupId: `lag-${topic}` }, allProjections);
    feed.onProgress(onProgress);
    feed.onStages((batch) => stages.push(...batch));
    await relay.start();
    await feed.start();
    stops.push(() => feed.stop(), () => relay.stop());
  } else {
    const runner = new ProjectionRunner({ pool, eventStore, logger, batchSize: 200 }, allProjections);
    runner.onProgress(onProgress);
    await runner.start();
    stops.push(() => runner.stop());
  }
  const actor = { userId: 'bench-user', isStaff: false };
  const context_ = { actor: actor.userId, correlationId: randomUUID() };
  // About one command per project per second, whatever the rate: few version conflicts.
  const projects = Array.from({ length: rate }, () => randomUUID());
  for (const projectId of projects) {
    const create = () => ({ type: 'CreateProject' as const, projectId, orderNumber: 1001, ownerId: actor.userId, draft: { name: 'Lag', fabrics: [] }, at: new Date().toISOString(), actor });
    await handleCommand({ eventStore, clock: systemClock, ids: uuidIds }, projectDecider, `project-${projectId}`, create, context_);
  }
  const loopBefore = performance.eventLoopUtilization();
  const load = await runLoad({ databaseUrl, rate, seconds, projects });
  const { appended } = load;
  const loopBusy = performance.eventLoopUtilization(loopBefore).utilization;
  const appendedAt = new Map(appended);
  const deadline = performance.now() + 60_000;
  while ([...appendedAt.keys()].some((id) => !applied.has(id)) && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  for (const stop of stops) await stop();
  await pool.end();
  const reached = [...appendedAt.keys()].filter((id) => applied.has(id)).length;
  const lags = [...appendedAt].filter(([id]) => applied.has(id)).map(([id, at]) => applied.get(id)! - at).sort((a, b) => a - b);
  const row = {
    section: 'lag',
    case: `${label}, ${fmt(rate)} commands/s for ${seconds} s`,
    figures:
      `p50 ${fmt(percentile(lags, 50), 1)} ms · p99 ${fmt(percentile(lags, 99), 1)} ms (${fmt(lags.length)} events; ${fmt(eventStore.reads)} log reads, ${fmt(eventStore.emptyReads)} empty); ` +
      `served ${fmt((load.acknowledged / load.asked) * 100, 1)}% of the asked rate (${fmt(load.acknowledged)} of ${fmt(load.asked)} acknowledged), ` +
      `refused: ${fmt(load.conflicts)} conflicts, ${fmt(load.overloaded)} busy, ${fmt(load.otherErrors)} other; ` +
      `${fmt(reached)} of ${fmt(appendedAt.size)} acknowledged events in the read models${reached === appendedAt.size ? '' : ' (MISSING EVENTS)'}`,
    ratio: '–',
  };
  if (!brokers) return [row];
  return [row, { section: 'lag', case: `${label}, ${fmt(rate)}/s: where the time goes`, figures: `${stageFigures(stages, appendedAt)}; projector thread busy ${fmt(loopBusy * 100, 0)}%`, ratio: '–' }];
}

/**
 * The Kafka path's stages, p50/p99 in ms: append returned → relay's send (wake-up, read, encode),
 * send → fetched (broker ack, consumer fetch), fetched → taken by the drain (queue wait behind the
 * previous transaction), taken → committed by every projection (the apply transaction).
 */
function stageFigures(stages: FeedStages[], appendedAt: Map<string, number>): string {
  const spans: Record<string, number[]> = { 'append→send': [], 'send→fetch': [], 'queue': [], 'apply': [] };
  for (const stage of stages) {
    const appended = appendedAt.get(stage.eventId);
    if (appended === undefined) continue;
    spans['append→send']!.push(stage.sentAt - appended);
    spans['send→fetch']!.push(stage.fetchedAt - stage.sentAt);
    spans['queue']!.push(stage.takenAt - stage.fetchedAt);
    spans['apply']!.push(stage.appliedAt - stage.takenAt);
  }
  return Object.entries(spans)
    .map(([name, values]) => {
      values.sort((a, b) => a - b);
      return `${name} ${fmt(percentile(values, 50), 0)}/${fmt(percentile(values, 99), 0)}`;
    })
    .join(' · ')
    .concat(' (p50/p99 ms)');
}

/**
 * Counts the subscriber's log reads (the runner's, or the relay's) and those that found nothing:
 * an empty read after a wake-up means an older transaction held the reading horizon back.
 */
class CountingEventStore extends PostgresEventStore {
  reads = 0;
  emptyReads = 0;

  override async readAll(options?: Parameters<PostgresEventStore['readAll']>[0]): Promise<StoredEvent[]> {
    const events = await super.readAll(options);
    this.reads++;
    if (events.length === 0) this.emptyReads++;
    return events;
  }
}

/** Runs the writers in a worker thread (lag-load-worker.ts) and waits for their report. */
export function runLoad(input: LoadInput): Promise<LoadResult> {
  const tsxApi = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/index\.cjs$/, 'index.mjs')).href;
  const entry = new URL('./lag-load-worker.ts', import.meta.url).href;
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;
  const worker = new Worker(bootstrap, { eval: true, workerData: input });
  return new Promise((resolve, reject) => {
    worker.once('message', (result: LoadResult) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}
