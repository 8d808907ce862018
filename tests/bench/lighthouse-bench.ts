import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import lighthouse, { type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { createLogger, embeddedConfigSchema, loadConfig } from '@shop/infra';
import { startShop } from '@shop/server';
import { ApiClient } from '../support/http-client.js';
import type { BenchContext, Row } from './bench-context.js';

const STAFF = { email: 'lighthouse@shop.test', password: 'Lighthouse-Pass1' };
/** The pages of issue 33: landing, login, the guest editor, and a signed-in project list. */
const PAGES: Array<{ path: string; signedIn: boolean }> = [
  { path: '/', signedIn: false },
  { path: '/login', signedIn: false },
  { path: '/projects/editor/guest/edit', signedIn: false },
  { path: '/projects', signedIn: true },
];
const PRESETS = { mobile: undefined, desktop: desktopConfig } as const;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/**
 * Lighthouse 12.2.3 (13 needs Node 22) on the built app served by the embedded shop, with Debian's
 * Chromium, mobile and desktop presets: the four category scores per page (`npm run lighthouse`).
 * Mobile uses Lighthouse's simulated slow 4G and 4x CPU slowdown, so it reads lower than desktop.
 */
export async function lighthouseBench(context: BenchContext): Promise<Row[]> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-lighthouse-'));
  const config = loadConfig(embeddedConfigSchema, {
    PORT: '0',
    DATABASE_URL: await context.freshDatabase(),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    STAFF_EMAIL: STAFF.email,
    STAFF_PASSWORD: STAFF.password,
  });
  const shop = await startShop(config, createLogger('silent'));
  const chrome = await startChromium();
  try {
    const client = new ApiClient(shop.url!);
    await client.get('/api/users/');
    const login = await client.post('/api/sessions/', STAFF);
    if (login.status !== 200) throw new Error(`lighthouse could not log in: ${login.status} ${login.text}`);
    const rows: Row[] = [];
    for (const [preset, presetConfig] of Object.entries(PRESETS)) {
      for (const page of PAGES) {
        const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', ...(page.signedIn ? { extraHeaders: { Cookie: client.cookieHeader() } } : {}) };
        // A run that could not load the page (Chromium's first navigation on a busy machine, say)
        // scores 0 with a runtime error: say why and measure once more.
        let result = await lighthouse(`${shop.url}${page.path}`, flags, presetConfig);
        const failure = result?.lhr.runtimeError;
        if (failure) {
          process.stderr.write(`lighthouse ${page.path} (${preset}): ${failure.code} ${failure.message}; measuring again\n`);
          result = await lighthouse(`${shop.url}${page.path}`, flags, presetConfig);
        }
        const categories = result?.lhr.categories ?? {};
        const scores = CATEGORIES.map((name) => `${name} ${Math.round((categories[name]?.score ?? 0) * 100)}`).join(', ');
        const lcp = result?.lhr.audits['largest-contentful-paint']?.displayValue ?? '?';
        const tbt = result?.lhr.audits['total-blocking-time']?.displayValue ?? '?';
        const fcp = result?.lhr.audits['first-contentful-paint']?.displayValue ?? '?';
        const cls = result?.lhr.audits['cumulative-layout-shift']?.displayValue ?? '?';
        rows.push({ section: 'lighthouse', case: `${page.path} (${preset})`, figures: `${scores}; FCP ${fcp}, LCP ${lcp}, TBT ${tbt}, CLS ${cls}`, ratio: 'goal: perf >= 90 mobile, >= 95 desktop; others >= 95' });
        process.stderr.write(`lighthouse ${page.path} (${preset}): ${scores}; FCP ${fcp}, LCP ${lcp}, TBT ${tbt}, CLS ${cls}\n`);
      }
    }
    return rows;
  } finally {
    chrome.process.kill();
    await shop.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Headless Chromium with a debugging port for Lighthouse to drive. */
async function startChromium(): Promise<{ port: number; process: ChildProcess }> {
  const userDir = await mkdtemp(path.join(os.tmpdir(), 'shop-lighthouse-chrome-'));
  const port = 9300 + Math.floor(Math.random() * 500);
  const child = spawn(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', [
    '--headless=new',
    `--remote-debugging-port=${port}`,
    `--user-data-dir=${userDir}`,
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    'about:blank',
  ], { stdio: 'ignore' });
  for (let attempt = 0; attempt < 100; attempt++) {
    const ready = await fetch(`http://127.0.0.1:${port}/json/version`).then((response) => response.ok).catch(() => false);
    if (ready) return { port, process: child };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error('Chromium did not open its debugging port');
}
