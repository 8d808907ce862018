import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** What a command line printed and how it exited. */
export interface CommandRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `command args` from the repository's root with `env` (the whole environment) until it exits. */
export function runCommand(command: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<CommandRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** `npm run -s <script> -- <args>`, as an operator types it. */
export const runNpmScript = (script: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<CommandRun> => runCommand('npm', ['run', '-s', script, '--', ...args], env);
