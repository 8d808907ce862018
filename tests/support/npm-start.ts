import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@shop/infra';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** An npm command run from the repository root as an operator would, with its output kept. */
export interface NpmRun {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

export function runNpm(args: string[], env: Record<string, string>, options: { ownProcessGroup?: boolean } = {}): NpmRun {
  // As an operator runs it: without the test runner's NODE_ENV=test, which makes Vite build the
  // web app in development mode (the dev JSX runtime), bigger than the bundle budget allows.
  const { NODE_ENV: _testMode, ...inherited } = process.env;
  const child = spawn('npm', args, { cwd: repoRoot, env: { ...inherited, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: options.ownProcessGroup ?? false });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

export interface NpmStartedShop extends NpmRun {
  url: string;
  /** The shop's own process (npm execs it in place of its shell) and its PostgreSQL postmaster. */
  shopPid: number;
  postgresPid: number;
}

/** `npm start` on DATA_DIR, resolved once the shop says it is running. */
export async function npmStart(dataDir: string, env: Record<string, string> = {}): Promise<NpmStartedShop> {
  const port = await freePort();
  const run = runNpm(['start'], { DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'info', ...env });
  await new Promise<void>((resolve, reject) => {
    const onData = () => {
      if (run.output().includes('is running at')) resolve();
    };
    run.child.stdout!.on('data', onData);
    void run.exited.then((code) => reject(new Error(`npm start exited with ${code}:\n${run.output()}`)));
  });
  const shopPid = childPids(run.child.pid!)[0]!;
  const postgresPid = Number(readFileSync(path.join(dataDir, 'postgres', 'cluster', 'postmaster.pid'), 'utf8').split('\n')[0]);
  return { ...run, url: `http://127.0.0.1:${port}`, shopPid, postgresPid };
}

export interface NpmScaledShop {
  url: string;
  /** Stops every process the command started (its process group) and waits until they are gone. */
  stop: () => Promise<void>;
}

/**
 * `npm run start:scaled` as an operator runs it (web build, then six role processes behind one
 * port), in a process group of its own so that stopping it leaves nothing behind.
 */
export async function npmStartScaled(env: Record<string, string>): Promise<NpmScaledShop> {
  const run = runNpm(['run', 'start:scaled'], { PORT: '0', ...env }, { ownProcessGroup: true });
  const group = run.child.pid!;
  const url = await new Promise<string>((resolve, reject) => {
    run.child.stdout!.on('data', () => {
      const found = /behind (http:\/\/\S+)/.exec(run.output());
      if (found) resolve(found[1]!);
    });
    void run.exited.then((code) => reject(new Error(`npm run start:scaled exited with ${code}:\n${run.output()}`)));
  });
  return {
    url,
    stop: async () => {
      signalGroup(group, 'SIGTERM');
      while (signalGroup(group, 0)) await new Promise((resolve) => setTimeout(resolve, 100));
    },
  };
}

/** Signals a process group; false once no process of it is left. */
function signalGroup(group: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-group, signal);
    return true;
  } catch {
    return false;
  }
}

/** Direct children of a process (Linux /proc). */
export function childPids(pid: number): number[] {
  const file = `/proc/${pid}/task/${pid}/children`;
  return existsSync(file) ? readFileSync(file, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number) : [];
}

/** True while a process exists (a zombie awaiting its parent counts as gone). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const status = `/proc/${pid}/status`;
  return !existsSync(status) || !/^State:\s+Z/m.test(readFileSync(status, 'utf8'));
}

/** Waits, without a deadline of its own (the test's timeout bounds it), until the process is gone. */
export async function gone(pid: number): Promise<void> {
  while (isAlive(pid)) await new Promise((resolve) => setTimeout(resolve, 100));
}
