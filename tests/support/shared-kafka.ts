import { existsSync, readFileSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startLocalKafka } from '@shop/infra';

/**
 * One local broker for the run's Kafka test files: each used to start (and format) a broker of its
 * own. The first file to ask starts it detached, so it outlives that file's worker, and notes where
 * it is in `dir`; the files after it use it. The files keep apart by topic (each makes its own) and
 * so by consumer group (named after the topic, decision 0450). Files run one after another
 * (vitest.config.ts), so no two start it at once, and a file may restart it (restartSharedKafka)
 * while no other file uses it.
 */
export async function sharedLocalKafka(dir: string): Promise<string> {
  const noted = path.join(dir, 'broker.json');
  if (existsSync(noted)) return (JSON.parse(await readFile(noted, 'utf8')) as SharedBroker).brokers;
  return startShared(dir);
}

/** Whether an earlier file of the run started the shared broker. */
export function sharedLocalKafkaStarted(dir: string): boolean {
  return existsSync(path.join(dir, 'broker.json'));
}

/** Stops the shared broker and starts it again on the same data and port (topics and offsets kept). */
export async function restartSharedKafka(dir: string): Promise<void> {
  const noted = path.join(dir, 'broker.json');
  const { pid } = JSON.parse(await readFile(noted, 'utf8')) as SharedBroker;
  await endProcess(pid);
  await startShared(dir);
}

async function startShared(dir: string): Promise<string> {
  const broker = await startLocalKafka({ dataDir: path.join(dir, 'data'), detached: true });
  const shared: SharedBroker = { brokers: broker.brokers, pid: broker.pid };
  await writeFile(path.join(dir, 'broker.json'), JSON.stringify(shared));
  return shared.brokers;
}

interface SharedBroker {
  brokers: string;
  pid: number;
}

/** Stops the shared broker when one was started (the run's global teardown) and removes its folder. */
export async function stopSharedKafka(dir: string): Promise<void> {
  const noted = path.join(dir, 'broker.json');
  if (existsSync(noted)) {
    const { pid } = JSON.parse(await readFile(noted, 'utf8')) as SharedBroker;
    await endProcess(pid);
  }
  await rm(dir, { recursive: true, force: true });
}

/** SIGTERM (the broker shuts down cleanly), SIGKILL if it is still there after 15 s. */
async function endProcess(pid: number): Promise<void> {
  if (!signal(pid, 'SIGTERM')) return;
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    if (!running(pid)) return;
  }
  signal(pid, 'SIGKILL');
  while (running(pid)) await new Promise((resolve) => setTimeout(resolve, 100));
}

/**
 * Whether the process still runs. The broker's parent is the worker of the file that started it,
 * usually gone by now: an orphan that has exited may stay a zombie until the container's first
 * process reaps it, if ever, and a zombie holds no port.
 */
function running(pid: number): boolean {
  if (!signal(pid, 0)) return false;
  try {
    // /proc/<pid>/stat: "pid (comm) state ..."; the name may hold spaces, so read after its last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true; // no /proc (not Linux): the signal's answer stands
  }
}

/** Sends a signal; false when the process is gone. */
function signal(pid: number, sig: NodeJS.Signals | 0): boolean {
  try {
    process.kill(pid, sig);
    return true;
  } catch {
    return false;
  }
}
