import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../support/browser.js';
import { startTestShop, type TestShop } from '../support/shop.js';

let shop: TestShop;
let browser: Browser;
beforeAll(async () => {
  shop = await startTestShop();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

describe('landing page in Chromium', () => {
  it('shows the shop with the common layout', async () => {
    const page = await browser.newPage();
    await page.goto(shop.url);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(/soft furnishings/i);
    await expect(page.getByRole('contentinfo').textContent()).resolves.toMatch(/©/);
    await page.close();
  });
});
