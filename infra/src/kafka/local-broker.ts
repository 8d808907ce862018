import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, openSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { freePort } from '../postgres/free-port.js';

const run = promisify(execFile);
const pomFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../kafka/pom.xml');

export interface LocalKafka {
  brokers: string;
  pid: number;
  stop: () => Promise<void>;
}

/** True when Java and Maven are on the PATH, so a local broker can be started. */
export async function canRunLocalKafka(): Promise<boolean> {
  try {
    await run('java', ['-version']);
    await run('mvn', ['-v']);
    return true;
  } catch {
    return false;
  }
}

/** Resolves Kafka's jars with Maven (cached in ~/.m2 after the first time) into a classpath. */
export async function kafkaClasspath(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'classpath.txt');
  if (!existsSync(file)) {
    await mkdir(dataDir, { recursive: true });
    await run('mvn', ['-q', '-B', '-f', pomFile, 'dependency:build-classpath', `-Dmdep.outputFile=${file}`], {
      maxBuffer: 16 * 1024 * 1024,
    });
  }
  return (await readFile(file, 'utf8')).trim();
}

/**
 * Starts a single-node KRaft broker (broker and controller in one JVM) on 127.0.0.1 with
 * its log under `dataDir`. The storage is formatted on first use; a restart on the same
 * folder keeps topics and offsets (used by the broker-outage fault test).
 */
export async function startLocalKafka(options: { dataDir: string; port?: number; detached?: boolean }): Promise<LocalKafka> {
  const dataDir = path.resolve(options.dataDir);
  const classpath = await kafkaClasspath(dataDir);
  const settings = await brokerSettings(dataDir, options.port);
  const logDir = path.join(dataDir, 'log');
  if (!existsSync(path.join(logDir, 'meta.properties'))) {
    await run('java', ['-cp', classpath, 'kafka.tools.StorageTool', 'format', '-t', clusterId(), '-c', settings.file]);
  }
  // A detached broker (kafka:start) outlives this process, so it logs to a file, not a pipe.
  const logFd = options.detached ? openSync(path.join(dataDir, 'broker.log'), 'a') : null;
  const child = spawn('java', ['-Xmx512m', '-Dorg.slf4j.simpleLogger.defaultLogLevel=warn', '-cp', classpath, 'kafka.Kafka', settings.file], {
    stdio: ['ignore', logFd ?? 'ignore', logFd ?? 'pipe'],
    detached: options.detached ?? false,
  });
  if (options.detached) child.unref();
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  try {
    await waitForPort(settings.port, child, () => stderr);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return { brokers: `127.0.0.1:${settings.port}`, pid: child.pid!, stop: () => stopProcess(child) };
}

/** Keeps the broker's ports stable across restarts on the same folder. */
async function brokerSettings(dataDir: string, wanted?: number): Promise<{ file: string; port: number }> {
  const file = path.join(dataDir, 'server.properties');
  if (existsSync(file)) {
    const port = Number(/PLAINTEXT:\/\/127\.0\.0\.1:(\d+)/.exec(await readFile(file, 'utf8'))?.[1]);
    return { file, port };
  }
  const port = wanted ?? (await freePort());
  const controllerPort = await freePort();
  await writeFile(
    file,
    [
      'process.roles=broker,controller',
      'node.id=1',
      `controller.quorum.voters=1@127.0.0.1:${controllerPort}`,
      `listeners=PLAINTEXT://127.0.0.1:${port},CONTROLLER://127.0.0.1:${controllerPort}`,
      `advertised.listeners=PLAINTEXT://127.0.0.1:${port}`,
      'controller.listener.names=CONTROLLER',
      'listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
      `log.dirs=${path.join(dataDir, 'log')}`,
      'num.partitions=6',
      'offsets.topic.replication.factor=1',
      'transaction.state.log.replication.factor=1',
      'transaction.state.log.min.isr=1',
      'group.initial.rebalance.delay.ms=0',
      'auto.create.topics.enable=false',
      '',
    ].join('\n'),
  );
  return { file, port };
}

/** A KRaft cluster id: 16 random bytes, base64url without padding. */
/**
 * A KRaft cluster id: 16 random bytes in base64url. One in 64 of those starts with '-', which the
 * storage tool's argument parser reads as an option ("--cluster-id: expected one argument"), so such
 * ids are drawn again, as Kafka's own Uuid.randomUuid() does.
 */
export function clusterId(random: () => string = randomUUID): string {
  for (;;) {
    const id = Buffer.from(random().replace(/-/g, ''), 'hex').toString('base64url');
    if (!id.startsWith('-')) return id;
  }
}

async function waitForPort(port: number, child: ChildProcess, stderr: () => string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Kafka exited with code ${child.exitCode}: ${stderr()}`);
    if (await canConnect(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Kafka did not open port ${port} within ${timeoutMs} ms: ${stderr()}`);
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}
