import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/http-client.js';
import { activeCustomer, completeFabric, customItem, staffClient } from '../int/commands/helpers.js';
import { browserShop } from '../support/browser-shop.js';
import { withScreenshot } from '../support/e2e.js';

/**
 * Issue 54's "done when": two quick clicks on the editor's Save or the checkout's Pay make one
 * change (decision 0325: one action at a time on the page, a fresh Idempotency-Key per action).
 */
const shop = browserShop();
let customer: Awaited<ReturnType<typeof activeCustomer>>;
let staff: ApiClient;

beforeAll(async () => {
  customer = await activeCustomer(shop, 'Dot Doubleclick');
  staff = await staffClient(shop);
});

/** Events of a type in the log, for this customer's projects: what was really appended. */
async function eventsOf(type: string, projectId?: string): Promise<number> {
  const { rows } = await shop.db.pool.query<{ count: string }>(
    `SELECT count(*) FROM events WHERE event_type = $1 AND ($2::text IS NULL OR stream_id = 'project-' || $2) AND ($2::text IS NOT NULL OR metadata->>'actor' = $3)`,
    [type, projectId ?? null, customer.userId],
  );
  return Number(rows[0]!.count);
}

describe('two quick clicks make one change', () => {
  it("the editor's Save on a new project: one project", async () => {
    const { page } = await shop.loggedIn({ as: customer });
    const before = await eventsOf('ProjectCreated');
    await withScreenshot(page, 'double-click-save', async () => {
      await page.goto(`${shop.url}/projects/editor/`);
      await page.getByLabel('Project name').fill('Clicked twice');
      await page.getByRole('button', { name: 'Save', exact: true }).dblclick();
      await page.getByText('Project saved.').waitFor();
    });
    expect(await eventsOf('ProjectCreated')).toBe(before + 1);
    expect(await page.getByRole('alert').count()).toBe(0);
  });

  it("the checkout's Pay: one payment", async () => {
    const created = await customer.client.post('/api/projects/', { name: 'Paid once', fabrics: [completeFabric()] });
    const id: string = created.body.id;
    expect((await customer.client.put(`/api/projects/${id}/`, { state: 'R' })).status).toBe(200);
    const priced = await staff.put(`/api/internal/projects/${id}/`, { fabrics: [{ ...completeFabric(), items: [{ ...customItem, unit_price: 10_000, yardage: 1 }] }] });
    expect(priced.status, priced.text).toBe(200);
    expect((await staff.put(`/api/internal/projects/${id}/`, { state: 'A' })).body.state).toBe('A');
    const { page } = await shop.loggedIn({ as: customer });
    await withScreenshot(page, 'double-click-pay', async () => {
      await page.goto(`${shop.url}/invoice/${id}`);
      await page.getByRole('heading', { name: 'Checkout' }).waitFor();
      await page.getByLabel('Card number (test mode)').fill('4242 4242 4242 4242');
      await page.getByLabel('Recipient name').fill('Dot Doubleclick');
      await page.getByLabel('Street address').fill('1 Main St');
      await page.getByLabel('City').fill('Brooklyn');
      await page.getByLabel('State', { exact: true }).fill('NY');
      await page.getByLabel('Postal code').fill('11201');
      await page.getByRole('button', { name: /^Pay \$/ }).dblclick();
      await page.getByText(/Payment received — thank you/).waitFor();
    });
    expect(await eventsOf('PaymentRecorded', id)).toBe(1);
    expect(await page.getByRole('alert').count()).toBe(0);
  });
});
