import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchContext, Row } from './bench-context.js';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web');

/** The landing page's initial JavaScript, gzip, as the web build's own budget script reports it. */
export async function webBench(_context: BenchContext): Promise<Row[]> {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], { cwd: webDir, stdio: 'ignore' });
  const report = execFileSync('node', ['scripts/report-bundle-size.mjs'], { cwd: webDir, encoding: 'utf8' });
  const total = /total\s+([\d.]+ KB)/.exec(report)?.[1] ?? 'unknown';
  return [{ section: 'web', case: 'landing page initial JS (gzip)', figures: total, ratio: 'budget 200 KB' }];
}
