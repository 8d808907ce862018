import { access, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { createLogger, embeddedConfigSchema, loadConfig } from '@shop/infra';
import { startShop } from '@shop/server';
import { launchChromium } from '../support/browser.js';
import { logIn } from '../support/e2e.js';
import { ApiClient } from '../support/http-client.js';
import type { BenchContext, Row } from './bench-context.js';
import { fmt, percentile } from './measure.js';

const STAFF = { email: 'live-bench@shop.test', password: 'Live-Bench-Pass1' };
const CUSTOMER = { email: 'live-customer@shop.test', name: 'Lia Bench', password: 'Customer-Pass1' };
const CHANGES = 30;
const item = { product_id: 0, product_type: 'X', name: 'Window seat', description: 'A long cushion for the bay window', quantity: 2, has_upholstery: false };

/**
 * Issue 30's "p90 under 1 s": a customer's project summary open in Chromium (the built app served
 * by the embedded shop), staff rename the project through the API 30 times, one after the other;
 * each figure is from the PUT's answer to the page's heading showing the new name (a
 * MutationObserver stamps it), with no reload: the push, the refetch and React's render.
 */
export async function liveBrowserBench(context: BenchContext): Promise<Row> {
  const label = `in the browser: staff change to the customer's open summary page (${CHANGES} renames, embedded)`;
  const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
  if (!(await access(path.join(webDir, 'index.html')).then(() => true, () => false))) {
    return { section: 'live', case: label, figures: 'not measured: the web app is not built (npm run build:web)', ratio: '–' };
  }
  const config = loadConfig(embeddedConfigSchema, {
    PORT: '0',
    DATABASE_URL: await context.freshDatabase(),
    DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'shop-live-browser-')),
    LOG_LEVEL: 'warn',
    STAFF_EMAIL: STAFF.email,
    STAFF_PASSWORD: STAFF.password,
  });
  const shop = await startShop(config, createLogger('silent'));
  const browser = await launchChromium();
  try {
    const staff = await loggedIn(shop.url!, STAFF.email, STAFF.password);
    const customer = await activeCustomer(shop.url!, staff);
    const created = await ok(customer.post('/api/projects/', { name: 'Live 0', fabrics: [{ id: 'f1', name: 'Linen', items: [item] }] }));
    const id: string = created.id;
    await ok(customer.put(`/api/projects/${id}/`, { state: 'R' }));

    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await logIn(page, shop.url!, CUSTOMER.email, CUSTOMER.password);
    await page.goto(`${shop.url}/projects/editor/${id}`);
    await page.getByRole('heading', { name: 'Live 0' }).waitFor();
    const latencies: number[] = [];
    for (let n = 1; n <= CHANGES; n++) {
      const name = `Live ${n}`;
      const shown = await watchHeading(page, name);
      await ok(staff.put(`/api/internal/projects/${id}/`, { name }));
      const acknowledged = Date.now();
      latencies.push((await shown()) - acknowledged);
    }
    latencies.sort((a, b) => a - b);
    return {
      section: 'live',
      case: label,
      figures: `write acknowledged to DOM showing it p50 ${fmt(percentile(latencies, 50), 0)} ms · p90 ${fmt(percentile(latencies, 90), 0)} ms · max ${fmt(latencies.at(-1)!, 0)} ms`,
      ratio: 'goal: p90 < 1 s',
    };
  } finally {
    await browser.close();
    await shop.stop();
  }
}

/** Starts watching the page for a heading reading `name`; the returned function waits for it and answers when (epoch ms). */
async function watchHeading(page: Page, name: string): Promise<() => Promise<number>> {
  const key = `seen:${name}`;
  // Strings, not functions: tsx's name helpers (__name) do not exist in the page.
  await page.evaluate(`window[${JSON.stringify(key)}] = new Promise((resolve) => {
    const name = ${JSON.stringify(name)};
    const observer = new MutationObserver(() => {
      // The summary's heading is the order number, then the name: the name ends it.
      if (!Array.from(document.querySelectorAll('h1, h2, h3'), (heading) => heading.textContent.trim()).some((text) => text === name || text.endsWith(' ' + name))) return;
      observer.disconnect();
      resolve(Date.now());
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  }), undefined`);
  return async () => (await page.evaluate(`Promise.race([window[${JSON.stringify(key)}], new Promise((_, reject) => setTimeout(() => reject(new Error('not shown in 30 s')), 30000))])`)) as number;
}

async function ok(answer: Promise<{ status: number; text: string; body: any }>): Promise<any> {
  const response = await answer;
  if (response.status >= 300) throw new Error(`live browser bench: ${response.status} ${response.text}`);
  return response.body;
}

async function loggedIn(url: string, email: string, password: string): Promise<ApiClient> {
  const client = new ApiClient(url);
  await client.get('/api/openapi.json');
  await ok(client.post('/api/sessions/', { email, password }));
  return client;
}

/** Signs the customer up and activates them with the token from their mail (as staff read it). */
async function activeCustomer(url: string, staff: ApiClient): Promise<ApiClient> {
  const client = new ApiClient(url);
  await client.get('/api/openapi.json');
  await ok(client.post('/api/users/', CUSTOMER));
  for (let attempt = 0; attempt < 100; attempt++) {
    const mails = (await ok(staff.get('/api/internal/mail/'))) as Array<{ id: string; to: string; subject: string }>;
    const mail = mails.find((entry) => entry.to === CUSTOMER.email && /Activate/.test(entry.subject));
    if (mail) {
      const text: string = (await ok(staff.get(`/api/internal/mail/${mail.id}`))).text;
      await ok(client.put('/api/activation/', { activation_key: /\/activation\/([A-Za-z0-9_-]+)/.exec(text)![1] }));
      return loggedIn(url, CUSTOMER.email, CUSTOMER.password);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('live browser bench: no activation mail');
}
