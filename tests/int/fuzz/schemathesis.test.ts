import { spawn } from 'node:child_process';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../support/http-client.js';
import type { TestShop } from '../../support/shop.js';
import { activeCustomer, anonymous, completeFabric, startCommandShop, staffClient } from '../commands/helpers.js';
import { heavy, repoRoot, schemathesisBinary, sessionEnv } from './support.js';

/**
 * Schemathesis (PyPI) against /api/openapi.json, once with a logged-in customer's session, once
 * with a staff session, and once as a visitor for the two operations that replace or end a
 * session: every generated request must answer without a 5xx, with a documented status, content
 * type and a body that matches the document. 40 examples per operation make about 11,000 requests
 * in about 3.5 minutes on 2 cores; HEAVY=1 doubles the examples.
 */
const MAX_EXAMPLES = Number(process.env.SCHEMATHESIS_MAX_EXAMPLES || (heavy ? 80 : 40));
const MIN_REQUESTS = process.env.SCHEMATHESIS_MAX_EXAMPLES ? 1 : 10_000;
const CHECKS = ['not_a_server_error', 'status_code_conformance', 'response_schema_conformance', 'content_type_conformance'];

const binary = schemathesisBinary();
if (!binary) console.warn('\n!!! schemathesis not found (.tmp/schemathesis-venv or PATH): the API fuzz test is SKIPPED (pip install schemathesis)\n');
if (!binary && process.env.CI) throw new Error('schemathesis must be installed in CI (.ci/run puts it in .tmp/schemathesis-venv)');

/** Becoming a guest, logging out and erasing oneself replace or end the session the rest of a run needs. */
const KEEP_SESSION = ['--exclude-name', 'POST /guests/', '--exclude-name', 'DELETE /sessions', '--exclude-name', 'POST /users/erase/'];
const SESSION_CHANGING = ['--include-name', 'POST /guests/', '--include-name', 'DELETE /sessions', '--include-name', 'POST /users/erase/'];

interface RunResult {
  exitCode: number;
  output: string;
  requests: number;
}

describe.skipIf(!binary)('schemathesis against /api/openapi.json', () => {
  let shop: TestShop;
  let customer: ApiClient;
  let staff: ApiClient;
  const workDir = path.join(repoRoot, '.tmp/schemathesis');

  beforeAll(async () => {
    shop = await startCommandShop();
    ({ client: customer } = await activeCustomer(shop, 'Fuzz Customer'));
    staff = await staffClient(shop);
    // Something to find: a project of the customer's.
    expect((await customer.post('/api/projects/', { name: 'Fuzzed', fabrics: [completeFabric()] })).status).toBe(201);
    await rm(workDir, { recursive: true, force: true });
    await mkdir(workDir, { recursive: true });
  });

  afterAll(async () => {
    await shop?.stop();
  });

  async function fuzz(label: string, client: ApiClient, filters: string[]): Promise<RunResult> {
    const report = path.join(workDir, `${label}.ndjson`);
    const args = [
      '--config-file',
      path.join(repoRoot, 'tests/int/fuzz/schemathesis.toml'),
      'run',
      `${shop.url}/api/openapi.json`,
      '--checks', CHECKS.join(','),
      '--max-examples', String(MAX_EXAMPLES),
      '--phases', 'examples,coverage,fuzzing',
      '--workers', '2',
      '--seed', '20240808',
      '--no-shrink',
      '--max-failures', '50',
      '--continue-on-failure',
      '--output-truncate', 'true',
      ...filters,
      // The live stream answers until the client leaves (each example would wait out the request
      // timeout); tests/int/live covers it.
      '--exclude-name', 'GET /live/',
      '--report', 'ndjson',
      '--report-ndjson-path', report,
    ];
    const started = Date.now();
    const { exitCode, output } = await run(binary!, args, workDir, sessionEnv(client));
    const requests = await countRequests(report);
    console.log(`schemathesis as ${label}: ${requests} requests in ${((Date.now() - started) / 1000).toFixed(0)} s, exit ${exitCode}`);
    return { exitCode, output, requests };
  }

  it(
    'finds no server error and no answer the document does not describe, as customer and as staff',
    async () => {
      // Customer and staff at once: each schemathesis process generates its examples on one core
      // (Python), and the shop answers both; run one after the other, a core stood idle.
      const results = [
        ...(await Promise.all([fuzz('customer', customer, KEEP_SESSION), fuzz('staff', staff, KEEP_SESSION)])),
        // The two left out above, by a visitor whose session they may replace or end.
        await fuzz('visitor', await anonymous(shop), SESSION_CHANGING),
      ];
      const total = results.reduce((sum, result) => sum + result.requests, 0);
      console.log(`schemathesis: ${total} generated requests in all (max examples ${MAX_EXAMPLES} per operation)`);
      for (const result of results) if (result.exitCode !== 0) console.log(result.output.slice(-20_000));
      expect(
        results.map((result) => result.exitCode),
        'schemathesis reported failures (output above)',
      ).toEqual(results.map(() => 0));
      expect(total).toBeGreaterThanOrEqual(MIN_REQUESTS);
    },
    (heavy ? 16 : 9) * 60_000,
  );
});

function run(command: string, args: string[], cwd: string, env: Record<string, string>): Promise<{ exitCode: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env, NO_COLOR: '1', SCHEMATHESIS_TELEMETRY: 'false' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ exitCode: code ?? 1, output }));
  });
}

/** Requests sent: the interactions of every scenario in the ndjson report. */
async function countRequests(report: string): Promise<number> {
  const text = await readFile(report, 'utf8').catch(() => '');
  let count = 0;
  for (const line of text.split('\n')) {
    if (!line.includes('"ScenarioFinished"')) continue;
    const event = JSON.parse(line) as { ScenarioFinished: { recorder: { interactions?: Record<string, unknown> } } };
    count += Object.keys(event.ScenarioFinished.recorder.interactions ?? {}).length;
  }
  return count;
}
