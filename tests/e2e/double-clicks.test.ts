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

/** Events in a project's stream (of one type when given): what was really appended. */
async function eventsIn(projectId: string, type?: string): Promise<number> {
  const { rows } = await shop.db.pool.query<{ count: string }>(
    `SELECT count(*) FROM events WHERE stream_id = 'project-' || $1 AND ($2::text IS NULL OR event_type = $2)`,
    [projectId, type ?? null],
  );
  return Number(rows[0]!.count);
}

describe('two quick clicks make one change', () => {
  it("the editor's Save: one change, and no refusal of the second click as stale", async () => {
    const created = await customer.client.post('/api/projects/', { name: 'Clicked twice', fabrics: [completeFabric()] });
    expect(created.status, created.text).toBe(201);
    const id: string = created.body.id;
    const { page } = await shop.loggedIn({ as: customer });
    await withScreenshot(page, 'double-click-save', async () => {
      await page.goto(`${shop.url}/projects/editor/${id}/edit`);
      await expect.poll(() => page.getByLabel('Project name').inputValue(), { timeout: 20_000 }).toBe('Clicked twice');
      await page.getByLabel('Project name').fill('Clicked twice, saved once');
      await page.getByRole('button', { name: 'Save', exact: true }).dblclick();
      await page.getByText('Project saved.').waitFor();
    });
    // The creation and one save, nothing more.
    expect(await eventsIn(id)).toBe(2);
    expect(await page.getByRole('alert').filter({ hasText: /changed by someone else/ }).count()).toBe(0);
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
    expect(await eventsIn(id, 'PaymentRecorded')).toBe(1);
    expect(await page.getByRole('alert').filter({ hasText: /changed by someone else/ }).count()).toBe(0);
  });
});
