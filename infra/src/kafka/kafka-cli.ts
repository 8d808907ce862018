import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig, commonConfigSchema } from '../config/config.js';
import { startLocalKafka } from './local-broker.js';

/**
 * `npm run kafka:start` starts a local KRaft broker in the background (data under
 * DATA_DIR/kafka) and prints KAFKA_BROKERS; `npm run kafka:stop` stops it.
 */
async function main(command: string | undefined) {
  const config = loadConfig(commonConfigSchema);
  const dataDir = path.resolve(config.DATA_DIR, 'kafka');
  const pidFile = path.join(dataDir, 'broker.pid');
  if (command === 'start') {
    if (existsSync(pidFile) && isAlive(Number(await readFile(pidFile, 'utf8')))) {
      console.log('Kafka is already running; stop it with npm run kafka:stop');
      return;
    }
    const kafka = await startLocalKafka({ dataDir, detached: true });
    await writeFile(pidFile, String(kafka.pid));
    console.log(`Kafka is running. Use:\n  export KAFKA_BROKERS=${kafka.brokers}`);
    // Leave the broker running after this script exits.
    process.exit(0);
  } else if (command === 'stop') {
    if (!existsSync(pidFile)) return console.log('Kafka is not running.');
    const pid = Number(await readFile(pidFile, 'utf8'));
    if (isAlive(pid)) process.kill(pid, 'SIGTERM');
    await rm(pidFile);
    console.log(`Stopped Kafka (pid ${pid}).`);
  } else {
    console.error('usage: kafka-cli start|stop');
    process.exit(2);
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

await main(process.argv[2]);
