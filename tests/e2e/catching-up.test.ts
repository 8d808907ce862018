import { expect as webExpect } from '@playwright/test';
import { describe, expect, it } from 'vitest';
import { openEventStore } from '@shop/personal-data';
import { generateDemoData } from '@shop/server';
import { STAFF } from '../int/commands/helpers.js';
import { browserShop } from '../support/browser-shop.js';
import { loadEvents } from '../support/event-history.js';
import { logIn, saveScreen, withScreenshot } from '../support/e2e.js';

/**
 * A shop started on a history it has not read yet (a demo history with payments, and a long log
 * of draft saves), as after `npm run demo-data` with the shop stopped: its read models catch up
 * in the background (one pass, decision 0100) while staff already use it.
 */
let expected = { payments: 0, cents: 0 };

const usd = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

const shop = browserShop({
  startTimeoutMs: 300_000,
  before: async (db) => {
    await generateDemoData({ pool: db.pool, eventStore: openEventStore({}, db.pool) }, { projects: 40, months: 12, seed: 11, now: new Date() }, () => undefined);
    // Enough events that catching up takes a while even on a fast machine.
    await loadEvents(db.pool, 80_000);
    const { rows } = await db.pool.query<{ n: number; cents: string }>(`SELECT count(*)::int AS n, coalesce(sum((data ->> 'amount')::bigint), 0) AS cents FROM events WHERE event_type = 'PaymentRecorded'`);
    expected = { payments: rows[0]!.n, cents: Number(rows[0]!.cents) };
  },
});

describe('a shop catching up on its history', () => {
  it('shows "catching up" on the Reports page, then the full figures without a reload', async () => {
    expect(expected.payments).toBeGreaterThan(10);
    const page = await shop.newPage();
    await withScreenshot(page, 'catching-up', async () => {
      await logIn(page, shop.url, STAFF.email, STAFF.password);
      await page.goto(`${shop.url}/internal/reporting/`);
      await page.getByRole('heading', { name: 'Reports' }).waitFor();
      const sign = page.getByText(/^Catching up: [\d,]+ events behind/);
      await sign.waitFor({ timeout: 10_000 });
      await saveScreen(page, 'reports-catching-up');
      const monthly = page.getByRole('region', { name: 'Monthly revenue' });
      // Read once, never reloaded: the page polls while behind and reads again when done.
      await sign.waitFor({ state: 'detached', timeout: 240_000 });
      await webExpect(monthly.getByText(/^Last 12 months:/)).toHaveText(`Last 12 months: ${usd(expected.cents)} from ${expected.payments} payments.`, { timeout: 20_000 });
      await saveScreen(page, 'reports-caught-up');
    });
  });
});
