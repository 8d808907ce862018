import { randomUUID } from 'node:crypto';
import { projectDecider } from '@shop/domain';
import { createLogger, createPool, KafkaTransport, PostgresEventStore, systemClock, uuidIds, type StoredEvent } from '@shop/infra';
import { handleCommand } from '@shop/infra';
import { allProjections, EventRelay, KafkaProjectionFeed, ProjectionRunner, type Projection } from '@shop/projectors';
import { startTestKafka } from '../support/kafka.js';
import type { BenchContext, Row } from './bench-context.js';
import { fmt, percentile } from './measure.js';

const RATE = 200;

/**
 * Projection lag at a steady 200 commands/s: from the moment a command's append returned to
 * the moment the projections applied its event (a probe projection beside the real ones
 * stamps the time inside the batch transaction, just before it commits).
 */
export async function lagBench(context: BenchContext): Promise<Row[]> {
  const seconds = context.quick ? 8 : 30;
  const rows: Row[] = [await measure(context, seconds, 'embedded (global order)')];
  const kafka = await startTestKafka();
  if (kafka) {
    try {
      rows.push(await measure(context, seconds, 'through Kafka', kafka.brokers));
    } finally {
      await kafka.stop();
    }
  } else {
    rows.push({ section: 'lag', case: 'through Kafka', figures: 'not measured: no broker (no KAFKA_BROKERS, no java+mvn)', ratio: '–' });
  }
  return rows;
}

async function measure(context: BenchContext, seconds: number, label: string, brokers?: string): Promise<Row> {
  const pool = createPool(await context.freshDatabase(), 20);
  const eventStore = new PostgresEventStore(pool, { pollIntervalMs: 50 });
  const applied = new Map<string, number>();
  const probe: Projection = { name: 'lag-probe', handles: ['DraftSaved'], tables: [], apply: async (_client, event: StoredEvent) => void applied.set(event.id, performance.now()) };
  const logger = createLogger('silent');
  const stops: Array<() => Promise<void>> = [];
  if (brokers) {
    const transport = (id: string) => new KafkaTransport({ brokers, topic: `lag-${randomUUID().slice(0, 8)}`, partitions: 6, retentionMs: -1, clientId: id });
    const topic = transport('t').settings.topic;
    const make = (id: string) => new KafkaTransport({ ...transport(id).settings, topic });
    const relay = new EventRelay({ pool, eventStore, kafka: make('relay'), logger, batchSize: 200 });
    const feed = new KafkaProjectionFeed({ pool, eventStore, kafka: make('feed'), logger, groupId: `lag-${topic}` }, [...allProjections, probe]);
    await relay.start();
    await feed.start();
    stops.push(() => feed.stop(), () => relay.stop());
  } else {
    const runner = new ProjectionRunner({ pool, eventStore, logger, batchSize: 200 }, [...allProjections, probe]);
    await runner.start();
    stops.push(() => runner.stop());
  }
  const actor = { userId: 'bench-user', isStaff: false };
  const context_ = { actor: actor.userId, correlationId: randomUUID() };
  const projects = Array.from({ length: 50 }, () => randomUUID());
  for (const projectId of projects) {
    const create = () => ({ type: 'CreateProject' as const, projectId, ownerId: actor.userId, draft: { name: 'Lag', fabrics: [] }, at: new Date().toISOString(), actor });
    await handleCommand({ eventStore, clock: systemClock, ids: uuidIds }, projectDecider, `project-${projectId}`, create, context_);
  }
  // Steady schedule: command n is due at start + n/RATE s, however long earlier ones took.
  const appendedAt = new Map<string, number>();
  let conflicts = 0;
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let n = 0; n < RATE * seconds; n++) {
    const wait = started + (n * 1000) / RATE - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(saveDraft(projects[n % projects.length]!, n).catch(() => void conflicts++));
  }
  async function saveDraft(projectId: string, n: number) {
    const ids: string[] = [];
    const recordingIds = { next: () => (ids.push(randomUUID()), ids[ids.length - 1]!) };
    const save = () => ({ type: 'SaveDraft' as const, draft: { name: `Lag ${n}`, fabrics: [] }, at: new Date().toISOString(), actor });
    await handleCommand({ eventStore, clock: systemClock, ids: recordingIds }, projectDecider, `project-${projectId}`, save, context_);
    const now = performance.now();
    for (const id of ids) appendedAt.set(id, now);
  }
  await Promise.all(inFlight);
  const deadline = performance.now() + 60_000;
  while ([...appendedAt.keys()].some((id) => !applied.has(id)) && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  for (const stop of stops) await stop();
  await pool.end();
  const lags = [...appendedAt].filter(([id]) => applied.has(id)).map(([id, at]) => applied.get(id)! - at).sort((a, b) => a - b);
  return {
    section: 'lag',
    case: `${label}, ${RATE} commands/s for ${seconds} s`,
    figures: `p50 ${fmt(percentile(lags, 50), 1)} ms · p99 ${fmt(percentile(lags, 99), 1)} ms (${fmt(lags.length)} events, ${conflicts} conflicts)`,
    ratio: '–',
  };
}
