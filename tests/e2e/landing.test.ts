import { expect as webExpect } from '@playwright/test';
import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserShop } from '../support/browser-shop.js';
import { withScreenshot } from '../support/e2e.js';

const shop = browserShop();

/** Every answer the page receives that a visitor would notice as broken: an error status, or HTML where an image was asked for. */
function watchResponses(page: Page): string[] {
  const problems: string[] = [];
  page.on('response', (response: Response) => {
    const type = response.headers()['content-type'] ?? '';
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
    if (response.request().resourceType() === 'image' && !type.startsWith('image/')) problems.push(`${type} for image ${response.url()}`);
  });
  return problems;
}

describe('storefront in Chromium', () => {
  it('shows the shop with the common layout, the product range and how it works', async () => {
    const page = await shop.newPage();
    await page.goto(shop.url);
    await webExpect(page.getByRole('heading', { level: 1 })).toHaveText(/soft furnishings/i);
    await webExpect(page.getByRole('contentinfo')).toContainText('©');
    for (const name of ['Pillow', 'Cushion', 'Curtain', 'Ottoman', 'Headboard', 'Banquette', 'Reupholstery', 'Custom'])
      await webExpect(page.getByRole('heading', { level: 4, name, exact: true })).toBeVisible();
    await webExpect(page.getByRole('heading', { name: 'How it works' })).toBeVisible();
    await webExpect(page.locator('.how-it-works li')).toHaveText([/Design/, /Quote/, /Checkout/, /Production/, /Shipment/]);
    await page.close();
  });

  it('a visitor who is not logged in picks a card and lands in the editor with that type and its picture', async () => {
    const page = await shop.newPage();
    const problems = watchResponses(page);
    await withScreenshot(page, 'storefront-start-designing', async () => {
      await page.goto(shop.url);
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Curtain', exact: true }) });
      const cardPicture = await card.locator('img').getAttribute('src');
      expect(cardPicture).toBe('/static/products/pinch-pleat.svg');
      await card.getByRole('link', { name: /Start designing/ }).click();

      await page.waitForURL(/\/projects\/editor\/guest\/edit$/);
      const item = page.getByRole('group', { name: 'Curtain 1' });
      await webExpect(item).toBeVisible();
      const picture = item.locator('img.item-picture');
      await webExpect(picture).toHaveAttribute('src', cardPicture!);
      await picture.scrollIntoViewIfNeeded();
      // Loaded for real: a broken image has no natural width.
      await webExpect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      await webExpect(page.getByLabel('Category')).toHaveValue('drapery');
      await webExpect(item.getByLabel('Style')).toBeVisible();

      await item.getByLabel('Style').selectOption('Ripplefold');
      await webExpect(picture).toHaveAttribute('src', '/static/products/ripplefold.svg');
      await webExpect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    });
    expect(problems).toEqual([]);
    await page.close();
  });
});
