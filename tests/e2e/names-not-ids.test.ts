import { expect as webExpect } from '@playwright/test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { activeCustomer, completeFabric, staffClient } from '../int/commands/helpers.js';
import { browserShop } from '../support/browser-shop.js';
import { saveScreen, withScreenshot } from '../support/e2e.js';
import { openPanel } from '../support/staff-panels.js';

/**
 * Issue 33's "done when": staff read people by name on every screen (never a user id), and one
 * thing they do in the UI (save prices, approve, add a note) is one line of the audit log.
 */
const shop = browserShop();
let page: Page;
let projectId = '';
let organizationId = '';
let customerEmail = '';
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

beforeAll(async () => {
  const customer = await activeCustomer(shop, 'Nadia Names');
  customerEmail = customer.email;
  const created = await customer.client.post('/api/projects/', { name: 'Reading nook', fabrics: [completeFabric()] });
  expect(created.status, created.text).toBe(201);
  projectId = created.body.id;
  expect((await customer.client.put(`/api/projects/${projectId}/`, { state: 'R' })).status).toBe(200);
  const organization = await (await staffClient(shop)).post('/api/internal/organizations/', { name: 'Nook & Co' });
  expect(organization.status, organization.text).toBe(201);
  organizationId = organization.body.id;
  ({ page } = await shop.loggedIn());
});

/** Every table cell and list line the page shows (the audit log's raw-event view aside): none may hold a user id. */
async function expectNoIdsShown(): Promise<void> {
  const texts = await page.locator('main td, main li, main .field-hint').evaluateAll((cells) =>
    cells.map((cell) => {
      const copy = cell.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('details').forEach((raw) => raw.remove());
      return copy.textContent ?? '';
    }),
  );
  expect(texts.length).toBeGreaterThan(0);
  expect(texts.filter((text) => UUID.test(text))).toEqual([]);
}

/** The audit table's Event column (docs/decisions/0150). */
const auditEvents = () => page.locator('table.audit-log tbody tr td:nth-child(4)').allTextContents();

describe('screens that name people', () => {
  it('the internal list names the customer', async () => {
    await withScreenshot(page, 'names-list', async () => {
      await page.goto(`${shop.url}/internal/projects/`);
      const row = page.getByRole('row', { name: /Reading nook/ });
      await webExpect(row.getByRole('cell').nth(2)).toHaveText(`Nadia Names · ${customerEmail}`); // after the order number and the name
      await expectNoIdsShown();
    });
  });

  it('pricing, approving and a note in the UI: one audit line each, and the activity log and notes name who did it', async () => {
    await withScreenshot(page, 'names-detail', async () => {
      await page.goto(`${shop.url}/internal/projects/${projectId}`);
      // Every event, the activity log's too: the audit log is folded and leaves those out until asked (decisions 0318, 0319).
      await openPanel(page, 'Audit log');
      await page.getByLabel('Also show the events the activity log tells').check();
      await page.locator('table.audit-log tbody tr').nth(1).waitFor();
      const before = await auditEvents();

      await page.getByLabel(/^Unit price for /).fill('140');
      await page.getByLabel(/^Yardage for /).fill('2');
      await page.getByLabel('Shipping cost ($)').fill('25');
      await page.getByRole('button', { name: 'Save prices' }).click();
      await page.getByText('Prices saved.').waitFor();
      await webExpect.poll(auditEvents).toEqual([...before, 'Items priced']);

      const invoice = page.getByLabel('E-mail the invoice on approval');
      if (await invoice.isChecked()) await invoice.uncheck();
      await page.getByRole('button', { name: 'Approve quote' }).click();
      await page.getByText('Quote approved.').waitFor();
      await webExpect.poll(auditEvents).toEqual([...before, 'Items priced', 'Quote approved']);

      await page.getByLabel('New note').fill('Customer prefers a deeper seat.');
      await page.getByRole('button', { name: 'Add note' }).click();
      // The note line, not the textarea: the list can show the note before the form clears its field.
      await page.locator('.notes .note-text', { hasText: 'Customer prefers a deeper seat.' }).waitFor();
      await webExpect(page.getByLabel('New note')).toHaveValue('');
      await webExpect(page.locator('.notes .field-hint').first()).toContainText('Staff (staff)');
      await webExpect.poll(async () => (await auditEvents()).slice(before.length)).toEqual(['Items priced', 'Quote approved', 'Note added']);

      const activityBy = page.getByRole('region', { name: 'Activity log' }).locator('tbody td:nth-child(4)');
      await activityBy.first().waitFor();
      const by = await activityBy.allTextContents();
      expect(by).toEqual(expect.arrayContaining(['Nadia Names (customer)', 'Staff (staff)']));
      await expectNoIdsShown();
      await saveScreen(page, 'names-detail');
    });
  });

  it('an organization names its members, and Remove takes the one named off', async () => {
    await withScreenshot(page, 'names-organization', async () => {
      await page.goto(`${shop.url}/internal/organizations/${organizationId}`);
      await page.getByLabel('Member e-mail').fill(customerEmail);
      await page.getByRole('button', { name: 'Add member' }).click();
      const member = page.locator('.member-list li', { hasText: 'Nadia Names' });
      await webExpect(member).toContainText(`Nadia Names (${customerEmail})`);
      await expectNoIdsShown();
      await member.getByRole('button', { name: 'Remove' }).click();
      await page.getByText(`${customerEmail} has been removed.`).waitFor();
      await page.getByText('No members yet.').waitFor();
    });
  });
});
