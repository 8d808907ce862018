import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@shop/infra';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../server/src');
const scripts = { command: 'start-command-api.ts', query: 'start-query-api.ts', projectors: 'start-projectors.ts', shop: 'embedded.ts' } as const;

export interface RoleProcess {
  role: keyof typeof scripts;
  url: string;
  child: ChildProcess;
  /** SIGKILL: no shutdown handler runs (a crash). */
  crash: () => Promise<void>;
  stop: () => Promise<void>;
}

/** Starts one role of the scaled topology (or the whole embedded shop) as its own OS process and waits until it is up. */
export async function startRole(role: keyof typeof scripts, env: Record<string, string>): Promise<RoleProcess> {
  // Projectors too: their /metrics and /readyz are read by the fault tests.
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverDir, scripts[role])], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${role} did not start in time:\n${output}`)), 90_000);
    const check = () => {
      if (/is running at|running\n/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${role} exited with ${code}:\n${output}`));
    });
  });
  const exited = () => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));
  return {
    role,
    url: `http://127.0.0.1:${port}`,
    child,
    crash: async () => {
      child.kill('SIGKILL');
      await exited();
    },
    stop: async () => {
      child.kill('SIGTERM');
      await exited();
    },
  };
}
