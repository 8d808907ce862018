import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, openSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Kafka, logLevel } from 'kafkajs';
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
    await writeFile(file, await keptClasspath(os.tmpdir(), mavenClasspath));
  }
  return (await readFile(file, 'utf8')).trim();
}

/**
 * The classpath Maven resolved for this pom, kept in `cacheDir` under the pom's hash and the
 * user's: asking Maven starts a JVM and costs seconds of CPU, and every broker on a new folder
 * (each Kafka test file starts one) asked again for the same answer. A kept answer naming a jar
 * that is gone (~/.m2 cleared) is asked for again. Written to a file of its own and renamed, so a
 * process reading it never sees half of one.
 */
export async function keptClasspath(cacheDir: string, resolve: (outputFile: string) => Promise<void>): Promise<string> {
  const key = createHash('sha256').update(await readFile(pomFile)).update(os.homedir()).digest('hex').slice(0, 16);
  const kept = path.join(cacheDir, `shop-kafka-classpath-${key}.txt`);
  if (existsSync(kept)) {
    const classpath = (await readFile(kept, 'utf8')).trim();
    if (classpath && classpath.split(path.delimiter).every((jar) => existsSync(jar))) return classpath;
  }
  const fresh = `${kept}.${process.pid}.${randomUUID()}`;
  await resolve(fresh);
  const classpath = (await readFile(fresh, 'utf8')).trim();
  await rename(fresh, kept);
  return classpath;
}

async function mavenClasspath(outputFile: string): Promise<void> {
  await run('mvn', ['-q', '-B', '-f', pomFile, 'dependency:build-classpath', `-Dmdep.outputFile=${outputFile}`], { maxBuffer: 16 * 1024 * 1024 });
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
  const { child, stderr } = spawnBroker(classpath, settings.file, ['-Xmx512m'], options.detached ? path.join(dataDir, 'broker.log') : null);
  try {
    await waitForPort(settings.port, child, stderr);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return { brokers: `127.0.0.1:${settings.port}`, pid: child.pid!, stop: () => stopProcess(child) };
}

/**
 * One broker JVM. A detached broker (kafka:start) outlives this process, so it logs to `logFile`,
 * not a pipe, and is not waited for.
 */
function spawnBroker(classpath: string, settingsFile: string, jvm: string[], logFile: string | null): { child: ChildProcess; stderr: () => string } {
  const logFd = logFile ? openSync(logFile, 'a') : null;
  const child = spawn('java', [...jvm, '-Dorg.slf4j.simpleLogger.defaultLogLevel=warn', '-cp', classpath, 'kafka.Kafka', settingsFile], {
    stdio: ['ignore', logFd ?? 'ignore', logFd ?? 'pipe'],
    detached: logFile !== null,
  });
  if (logFile) child.unref();
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  return { child, stderr: () => stderr };
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

/** One node of a local cluster (broker and controller in one JVM). */
export interface LocalKafkaNode {
  /** Its node.id, which Kafka's metadata names as partition leader. */
  id: number;
  port: number;
  pid: number;
  /** SIGTERM: a controlled shutdown (leadership moves first). */
  stop: () => Promise<void>;
  /** SIGKILL: the broker is gone at once, as a lost machine is. */
  crash: () => Promise<void>;
}

export interface LocalKafkaCluster {
  brokers: string;
  nodes: LocalKafkaNode[];
  stop: () => Promise<void>;
}

/**
 * Starts a KRaft cluster of `size` nodes on 127.0.0.1, each broker and controller in one JVM, with
 * node N's log under `dataDir/node-N`. Internal topics are replicated on three nodes (or all of them
 * when fewer) with min.insync.replicas 2, so the consumer group and the events topic outlive one
 * lost node. Heaps are small (256 MB, serial GC, no C2 compiler threads): three JVMs share the
 * machine with PostgreSQL and the shop's processes. Resolves once every node is a registered broker.
 */
export async function startLocalKafkaCluster(options: { dataDir: string; size: number; detached?: boolean }): Promise<LocalKafkaCluster> {
  const dataDir = path.resolve(options.dataDir);
  const classpath = await kafkaClasspath(dataDir);
  const files = await clusterSettings(dataDir, options.size);
  const formatted = await Promise.all(files.map((node) => existsSync(path.join(node.logDir, 'meta.properties'))));
  if (formatted.includes(false)) {
    const id = clusterId();
    await Promise.all(files.map((node) => run('java', ['-cp', classpath, 'kafka.tools.StorageTool', 'format', '-t', id, '-c', node.file])));
  }
  const children: ChildProcess[] = [];
  try {
    const nodes = await Promise.all(
      files.map(async (node): Promise<LocalKafkaNode> => {
        const { child, stderr } = spawnBroker(classpath, node.file, ['-Xmx256m', '-XX:+UseSerialGC', '-XX:TieredStopAtLevel=1'], options.detached ? path.join(node.dir, 'broker.log') : null);
        children.push(child);
        await waitForPort(node.port, child, stderr, 180_000);
        return { id: node.id, port: node.port, pid: child.pid!, stop: () => stopProcess(child), crash: () => killProcess(child) };
      }),
    );
    const brokers = nodes.map((node) => `127.0.0.1:${node.port}`).join(',');
    await waitForBrokers(brokers, options.size);
    return { brokers, nodes, stop: async () => void (await Promise.all(nodes.map((node) => node.stop()))) };
  } catch (error) {
    for (const child of children) child.kill('SIGKILL');
    throw error;
  }
}

interface ClusterNodeFile {
  id: number;
  dir: string;
  logDir: string;
  file: string;
  port: number;
}

/** Each node's server.properties, written once for the whole cluster (the voters name every node's controller port). */
async function clusterSettings(dataDir: string, size: number): Promise<ClusterNodeFile[]> {
  const ids = Array.from({ length: size }, (_, i) => i + 1);
  const dirs = ids.map((id) => path.join(dataDir, `node-${id}`));
  const files = dirs.map((dir) => path.join(dir, 'server.properties'));
  if (files.every((file) => existsSync(file))) {
    return Promise.all(
      ids.map(async (id, i) => {
        const port = Number(/PLAINTEXT:\/\/127\.0\.0\.1:(\d+)/.exec(await readFile(files[i]!, 'utf8'))?.[1]);
        return { id, dir: dirs[i]!, logDir: path.join(dirs[i]!, 'log'), file: files[i]!, port };
      }),
    );
  }
  const ports: number[] = [];
  const controllerPorts: number[] = [];
  // Drawn one after another, and kept apart: freePort may hand out a port just released again.
  while (ports.length < size) {
    const port = await freePort();
    if (!ports.includes(port)) ports.push(port);
  }
  while (controllerPorts.length < size) {
    const port = await freePort();
    if (!ports.includes(port) && !controllerPorts.includes(port)) controllerPorts.push(port);
  }
  const voters = ids.map((id, i) => `${id}@127.0.0.1:${controllerPorts[i]}`).join(',');
  const replicas = Math.min(3, size);
  const insync = Math.min(2, replicas);
  return Promise.all(
    ids.map(async (id, i) => {
      const dir = dirs[i]!;
      const logDir = path.join(dir, 'log');
      await mkdir(dir, { recursive: true });
      await writeFile(
        files[i]!,
        [
          'process.roles=broker,controller',
          `node.id=${id}`,
          `controller.quorum.voters=${voters}`,
          `listeners=PLAINTEXT://127.0.0.1:${ports[i]},CONTROLLER://127.0.0.1:${controllerPorts[i]}`,
          `advertised.listeners=PLAINTEXT://127.0.0.1:${ports[i]}`,
          'controller.listener.names=CONTROLLER',
          'inter.broker.listener.name=PLAINTEXT',
          'listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
          `log.dirs=${logDir}`,
          'num.partitions=6',
          `default.replication.factor=${replicas}`,
          `min.insync.replicas=${insync}`,
          `offsets.topic.replication.factor=${replicas}`,
          // The consumer offsets topic's default 50 partitions x 3 copies is work for nothing here.
          'offsets.topic.num.partitions=6',
          `transaction.state.log.replication.factor=${replicas}`,
          `transaction.state.log.min.isr=${insync}`,
          // Few threads per JVM: three of them share two cores with everything else.
          'num.network.threads=2',
          'num.io.threads=2',
          'background.threads=2',
          'group.initial.rebalance.delay.ms=0',
          'auto.create.topics.enable=false',
          '',
        ].join('\n'),
      );
      return { id, dir, logDir, file: files[i]!, port: ports[i]! };
    }),
  );
}

/** Waits until the cluster's metadata lists `size` brokers (a listening port comes before registration). */
async function waitForBrokers(brokers: string, size: number, timeoutMs = 180_000): Promise<void> {
  const admin = new Kafka({ clientId: 'local-cluster-start', brokers: brokers.split(','), logLevel: logLevel.NOTHING }).admin();
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      const registered = await admin
        .connect()
        .then(() => admin.describeCluster())
        .then((cluster) => cluster.brokers.length, () => 0);
      if (registered >= size) return;
      if (Date.now() > deadline) throw new Error(`only ${registered} of ${size} Kafka brokers registered within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    await admin.disconnect().catch(() => undefined);
  }
}

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

async function killProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGKILL');
  await exited;
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}
