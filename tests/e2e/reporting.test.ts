import { expect as webExpect } from '@playwright/test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { activeCustomer, completeFabric, staffClient } from '../int/commands/helpers.js';
import { browserShop } from '../support/browser-shop.js';
import { saveScreen, seriousAxeViolations, withScreenshot } from '../support/e2e.js';
import { openEventStore } from '@shop/personal-data';
import { generateDemoData } from '@shop/server';
import { waitCaughtUp } from '../int/queries/support/read-model-fingerprint.js';

/**
 * The reports page in Chromium against the real query API, with one project paid in full through
 * the command API: the charts and figures read the answers of docs/decisions/0061.
 */
const shop = browserShop();
let page: Page;
let paidCents = 0;

const usd = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

beforeAll(async () => {
  const { client: customer } = await activeCustomer(shop, 'Rhea Reports');
  const created = await customer.post('/api/projects/', { name: 'Reported pillows', fabrics: [completeFabric()] });
  expect(created.status, created.text).toBe(201);
  const id = created.body.id as string;
  expect((await customer.put(`/api/projects/${id}/`, { state: 'R', revision: created.body.revision })).status).toBe(200);
  const staff = await staffClient(shop);
  const priced = await staff.put(`/api/internal/projects/${id}/`, {
    fabrics: [{ ...completeFabric(), items: [{ ...completeFabric().items[0], unit_price: 10_000, yardage: 2 }] }],
    shipping_cost: 0,
  });
  expect(priced.status, priced.text).toBe(200);
  expect((await staff.put(`/api/internal/projects/${id}/`, { state: 'A' })).status).toBe(200);
  const paid = await customer.put(`/api/checkout/${id}/`, {
    shipping_notes: { shipping_address: { recipient_name: 'Rhea Reports', line1: '1 Main St', city: 'Brooklyn', state: 'NY', postal_code: '11201' }, delivery_type: 2 },
    payment: { token: 'tok_sandbox_visa' },
  });
  expect(paid.status, paid.text).toBe(200);
  expect(paid.body).toMatchObject({ state: 'P', payment: { partial: false, remaining: 0 } });
  paidCents = paid.body.payment.amount;
  expect(paidCents).toBeGreaterThan(0);
  ({ page } = await shop.loggedIn());
});

describe('reports page', () => {
  it('shows a paid project in the revenue figures and as a production bar', async () => {
    await withScreenshot(page, 'reporting', async () => {
      await page.goto(`${shop.url}/internal/reporting/`);
      await page.getByRole('heading', { name: 'Reports' }).waitFor();

      const rolling = page.getByRole('region', { name: 'Rolling revenue' });
      const figures = rolling.getByLabel('Revenue of the last 30 days');
      await figures.waitFor();
      await webExpect(figures.locator('dd').first()).toHaveText(usd(paidCents));

      const production = page.getByRole('region', { name: 'Production revenue (Paid and In Progress)' });
      const paidRow = production.getByRole('row', { name: /^Paid/ });
      await paidRow.waitFor();
      await expect(paidRow.getByRole('cell').allTextContents()).resolves.toEqual(['1', usd(paidCents), usd(paidCents), '$0.00']);
      const bars = production.locator('.recharts-bar-rectangle path');
      await bars.first().waitFor();
      const heights = await bars.evaluateAll((paths) => paths.map((p) => p.getBoundingClientRect().height));
      expect(heights.filter((h) => h > 0)).toHaveLength(1);

      const monthly = page.getByRole('region', { name: 'Monthly revenue' });
      await webExpect(monthly.getByText(/^Last 12 months:/)).toHaveText(`Last 12 months: ${usd(paidCents)} from 1 payment.`);
      await page.getByRole('region', { name: 'Projects due' }).getByRole('link', { name: 'Reported pillows' }).waitFor();

      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveScreen(page, 'reporting-fixed');
    });
  });

  // After the test above (its exact figures need the one project alone): a demo history in the same shop.
  it('opens the Funnel and Lead times on a demo history, filtered by product type, with a CSV of each', { timeout: 600_000 }, async () => {
    await generateDemoData({ pool: shop.db.pool, eventStore: openEventStore({}, shop.db.pool) }, { projects: 60, months: 12, seed: 9, now: new Date() });
    await waitCaughtUp(shop.db.pool);
    const started = async (productType: string | null) =>
      (
        await shop.db.pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM events WHERE event_type IN ('ProjectCreated', 'ProjectCopied') AND ($1::text IS NULL OR stream_id IN (SELECT stream_id FROM project_flow WHERE product_type = $1))`,
          [productType],
        )
      ).rows[0]!.n;
    await withScreenshot(page, 'reporting-flow', async () => {
      await page.goto(`${shop.url}/internal/reporting/`);
      const funnel = page.getByRole('region', { name: 'Funnel' });
      const startedRow = funnel.getByRole('row', { name: /^Started/ });
      await webExpect(startedRow.getByRole('cell').first()).toHaveText(String(await started(null)), { timeout: 30_000 });
      await webExpect(funnel.getByRole('row', { name: /^Shipped/ })).toBeVisible();
      expect(await funnel.locator('.recharts-bar-rectangle path').count()).toBeGreaterThan(4);
      await webExpect(funnel.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('download', 'funnel.csv');

      const leadTimes = page.getByRole('region', { name: 'Lead times' });
      await webExpect(leadTimes.getByRole('row', { name: /^Draft to paid/ })).toBeVisible({ timeout: 30_000 });
      await webExpect(leadTimes.getByRole('row', { name: /^Review/ })).toBeVisible();
      await webExpect(leadTimes.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('download', 'lead-times.csv');
      await saveScreen(page, 'reporting-funnel-lead-times');

      await funnel.getByLabel('Product type').selectOption({ value: 'P' });
      await webExpect(startedRow.getByRole('cell').first()).toHaveText(String(await started('P')), { timeout: 30_000 });
      await funnel.scrollIntoViewIfNeeded();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveScreen(page, 'reporting-funnel-pillows');
    });
  });
});
