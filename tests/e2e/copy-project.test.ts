import { expect as webExpect } from '@playwright/test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { activeCustomer, customItem } from '../int/commands/helpers.js';
import { browserShop } from '../support/browser-shop.js';
import { withScreenshot } from '../support/e2e.js';

/** The editor's "Copy project" button in Chromium: the server applies the SPEC §5 copy rule. */
const shop = browserShop();
let page: Page;
let sourceId = '';

beforeAll(async () => {
  const customer = await activeCustomer(shop, 'Cody Copier');
  const created = await customer.client.post('/api/projects/', {
    name: 'Reading nook',
    fabrics: [
      // Not shown in the catalogue any more (active false): the copy gets an Undecided placeholder.
      { id: 'F-COT-FLR', name: 'Printed Cotton Floral', source: 'shop', unit_price: 3200, items: [customItem] },
      // Only an inactive product (Alex 16x16): dropped, and the emptied fabric with it.
      { id: 'F-LIN-NAT', name: 'Belgian Linen Natural', source: 'shop', unit_price: 4200, items: [{ product_id: 5, product_type: 'P', product_style: 'Alex', size: '16x16', quantity: 1 }] },
    ],
  });
  expect(created.status, created.text).toBe(201);
  sourceId = created.body.id;
  ({ page } = await shop.loggedIn({ as: customer }));
});

describe('copy project', () => {
  it('opens the copy made by the server: renamed, unavailable fabric Undecided, inactive product dropped', async () => {
    await withScreenshot(page, 'copy-project', async () => {
      await page.goto(`${shop.url}/projects/editor/${sourceId}/edit`);
      await webExpect(page.getByLabel('Project name')).toHaveValue('Reading nook');
      await page.getByRole('button', { name: 'Copy project' }).click();
      await page.waitForURL((url) => /\/projects\/editor\/[^/]+\/edit$/.test(url.pathname) && !url.pathname.includes(sourceId));
      await webExpect(page.getByLabel('Project name')).toHaveValue('COPY OF: Reading nook');
      const fabricNames = page.getByLabel('Fabric name');
      await expect(fabricNames.count()).resolves.toBe(1);
      await webExpect(fabricNames.first()).toHaveValue('Undecided');
    });
  });
});
