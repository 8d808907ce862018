import { expect as webExpect } from '@playwright/test';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/http-client.js';
import { STAFF, staffClient } from '../int/commands/helpers.js';
import { browserShop } from '../support/browser-shop.js';
import { logIn, withScreenshot } from '../support/e2e.js';

/**
 * Issue 53 at a phone's width (390 px): every customer page of a priced project fits the screen
 * with nothing cut (no page overflow, no table scrolling sideways, the quote's total on screen),
 * the order number is where people meet the project, and the shop's e-mails fit a phone too.
 */
const PHONE = { width: 390, height: 844 };
const alex = { product_id: 1, product_type: 'P', product_style: 'Alex', size: '18x18', insert: 'poly', product_trim: null };

const shop = browserShop();
let staffApi: ApiClient;
let project: { id: string; order_label: string };

beforeAll(async () => {
  staffApi = await staffClient(shop);
  const created = await staffApi.post('/api/projects/', {
    name: 'Living room pillows with a rather long name for a small screen',
    fabrics: [
      { id: 'f1', name: 'Belgian Linen Indigo', source: 'shop', sku: 'F-LIN-IND', unit_price: 4200, items: [{ ...alex, quantity: 4 }] },
      { id: 'f2', name: 'My own velvet', source: 'customer', items: [{ ...alex, quantity: 2 }] },
    ],
  });
  expect(created.status, created.text).toBe(201);
  project = created.body as typeof project;
  const priced = await staffApi.put(`/api/internal/projects/${project.id}/`, {
    fabrics: [
      { id: 'f1', name: 'Belgian Linen Indigo', source: 'shop', sku: 'F-LIN-IND', unit_price: 4200, items: [{ ...alex, quantity: 4, unit_price: 4000, yardage: 1 }] },
      { id: 'f2', name: 'My own velvet', source: 'customer', items: [{ ...alex, quantity: 2, unit_price: 3500, yardage: 1 }] },
    ],
    shipping_cost: 1500,
  });
  expect(priced.status, priced.text).toBe(200);
});

/** How far the page, and any box that scrolls sideways inside it, reaches past the screen. */
async function overflow(page: Page): Promise<{ page: number; scrollers: string[] }> {
  return page.evaluate(() => {
    const scrollers = Array.from(document.querySelectorAll<HTMLElement>('.table-wrap, table, nav, ol'))
      .filter((el) => el.scrollWidth > el.clientWidth + 1)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} (${el.scrollWidth} > ${el.clientWidth})`);
    return { page: document.documentElement.scrollWidth, scrollers };
  });
}

const customerPages = (): Array<[string, string]> => [
  ['projects', '/projects'],
  ['summary', `/projects/editor/${project.id}`],
  ['editor', `/projects/editor/${project.id}/edit`],
  ['checkout', `/invoice/${project.id}`],
  ['account', '/account'],
];

describe('customer pages at 390 px', () => {
  it('fit the screen with nothing cut, the total in view, the order number shown', async () => {
    const context = await shop.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await logIn(page, shop.url, STAFF.email, STAFF.password);
    for (const [name, route] of customerPages()) {
      await withScreenshot(page, `phone-${name}`, async () => {
        await page.goto(`${shop.url}${route}`);
        await webExpect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        const measured = await overflow(page);
        expect(measured.page, `${name} is wider than the phone`).toBeLessThanOrEqual(PHONE.width);
        expect(measured.scrollers, `${name} has boxes scrolling sideways`).toEqual([]);
      });
    }
    // The summary: the order number by the name, and the quote's total on screen, not off to the side.
    await page.goto(`${shop.url}/projects/editor/${project.id}`);
    await webExpect(page.locator('.project-name')).toContainText(project.order_label);
    const total = page.locator('.quote-table tfoot tr.total td');
    await webExpect(total).toBeVisible();
    const box = (await total.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await webExpect(total).not.toHaveText('Price TBD');
    await context.close();
  });
});

describe('the order number where staff meet the project', () => {
  it('is in the staff list (found by it), the detail and the work order', async () => {
    const context = await shop.newContext();
    const page = await context.newPage();
    await logIn(page, shop.url, STAFF.email, STAFF.password);
    await page.goto(`${shop.url}/internal/projects/`);
    await page.getByLabel('Name or order number').fill(project.order_label);
    await webExpect(page.getByRole('cell', { name: project.order_label, exact: true })).toBeVisible();
    await page.goto(`${shop.url}/internal/projects/${project.id}`);
    await webExpect(page.locator('.project-name')).toContainText(project.order_label);
    await page.goto(`${shop.url}/internal/projects/${project.id}/pdf`);
    await webExpect(page.getByRole('heading', { level: 1 })).toContainText(project.order_label);
    await webExpect(page.getByRole('img', { name: `QR code of order ${project.order_label}` })).toBeVisible();
    // Printed: none of the site's header or footer, the order number still at the top.
    await page.emulateMedia({ media: 'print' });
    await webExpect(page.locator('.header')).toBeHidden();
    await webExpect(page.getByRole('heading', { level: 1 })).toContainText(project.order_label);
    await context.close();
  });
});

describe('the shop e-mails at 390 px', () => {
  it('every e-mail of the project fits a phone, its total and order number in view', async () => {
    const context = await shop.newContext({ viewport: PHONE });
    const page = await context.newPage();
    for (const kind of ['invoice', 'pause', 'unpause', 'reminder', 'transfer', 'activation', 'password_reset', 'profile_completion']) {
      const preview = await staffApi.get(`/api/internal/projects/${project.id}/mail-previews/${kind}/`);
      expect(preview.status, preview.text).toBe(200);
      await page.setContent(preview.body.html as string);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${kind} mail is wider than the phone`).toBeLessThanOrEqual(PHONE.width);
      await webExpect(page.getByText(/^Dear /)).toBeVisible();
    }
    const invoice = await staffApi.get(`/api/internal/projects/${project.id}/mail-previews/invoice/`);
    await page.setContent(invoice.body.html as string);
    await webExpect(page.getByText(`Order ${project.order_label}`, { exact: true })).toBeVisible();
    const remaining = page.getByRole('cell', { name: 'Remaining' });
    await webExpect(remaining).toBeVisible();
    const box = (await remaining.locator('xpath=following-sibling::td').boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await context.close();
  });
});
