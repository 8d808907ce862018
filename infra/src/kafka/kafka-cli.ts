import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, commonConfigSchema } from '../config/config.js';
import { startLocalKafka, startLocalKafkaCluster } from './local-broker.js';

/**
 * `npm run kafka:start` starts a local KRaft broker in the background (data under DATA_DIR/kafka)
 * and prints KAFKA_BROKERS; `npm run kafka:start -- --brokers 3` starts a cluster of three
 * (data under DATA_DIR/kafka-cluster) and prints the topic settings that use it.
 * `npm run kafka:stop` stops whichever runs.
 */
async function main(argv: string[]) {
  const { positionals, values } = parseArgs({ args: argv, allowPositionals: true, options: { brokers: { type: 'string', default: '1' } } });
  const command = positionals[0];
  const size = Number(values.brokers);
  const config = loadConfig(commonConfigSchema);
  const pidFiles = [path.resolve(config.DATA_DIR, 'kafka', 'broker.pid'), path.resolve(config.DATA_DIR, 'kafka-cluster', 'brokers.pid')];
  if (command === 'start') {
    if (!Number.isInteger(size) || size < 1 || size > 9) return usage(`--brokers must be a whole number from 1 to 9, not "${values.brokers}"`);
    for (const file of pidFiles) {
      if ((await runningPids(file)).length > 0) return console.log('Kafka is already running; stop it with npm run kafka:stop');
    }
    if (size === 1) {
      const kafka = await startLocalKafka({ dataDir: path.dirname(pidFiles[0]!), detached: true });
      await writeFile(pidFiles[0]!, String(kafka.pid));
      console.log(`Kafka is running. Use:\n  export KAFKA_BROKERS=${kafka.brokers}`);
    } else {
      const cluster = await startLocalKafkaCluster({ dataDir: path.dirname(pidFiles[1]!), size, detached: true });
      await writeFile(pidFiles[1]!, cluster.nodes.map((node) => node.pid).join('\n'));
      const replicas = Math.min(3, size);
      console.log(
        `Kafka is running with ${size} brokers (logs in ${path.dirname(pidFiles[1]!)}/node-*/broker.log). Use:\n` +
          `  export KAFKA_BROKERS=${cluster.brokers}\n` +
          `  export KAFKA_REPLICATION_FACTOR=${replicas} KAFKA_MIN_INSYNC_REPLICAS=${Math.min(2, replicas)}`,
      );
    }
    // Leave the brokers running after this script exits.
    process.exit(0);
  } else if (command === 'stop') {
    let stopped = 0;
    for (const file of pidFiles) {
      for (const pid of await runningPids(file)) {
        process.kill(pid, 'SIGTERM');
        console.log(`Stopped Kafka (pid ${pid}).`);
        stopped++;
      }
      await rm(file, { force: true });
    }
    if (stopped === 0) console.log('Kafka is not running.');
  } else {
    usage();
  }
}

function usage(problem?: string): void {
  if (problem) console.error(problem);
  console.error('usage: kafka-cli start [--brokers N] | stop');
  process.exit(2);
}

/** The pids a pid file names (one a line) that are still alive. */
async function runningPids(file: string): Promise<number[]> {
  if (!existsSync(file)) return [];
  const pids = (await readFile(file, 'utf8')).split('\n').filter(Boolean).map(Number);
  return pids.filter(isAlive);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

await main(process.argv.slice(2));
