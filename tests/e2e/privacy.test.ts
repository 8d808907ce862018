import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { activeCustomer, anonymous, STAFF } from '../int/commands/helpers.js';
import { browserShop } from '../support/browser-shop.js';
import { logIn, withScreenshot } from '../support/e2e.js';

/** Issue 16 in Chromium: the account page's export and erasure, and the staff erasure page. */
const shop = browserShop();

describe('personal data in the web app', () => {
  it('a customer downloads their data, then erases it and is logged out for good', async () => {
    const customer = await activeCustomer(shop, 'Petra Private');
    const page = await shop.newPage({ acceptDownloads: true });
    await withScreenshot(page, 'privacy-customer', async () => {
      await logIn(page, shop.url, customer.email, customer.password);
      await page.goto(`${shop.url}/account`);
      await page.getByRole('heading', { name: 'Your data' }).waitFor();

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download my data' }).click()]);
      expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
      const file = JSON.parse(await readFile((await download.path())!, 'utf8'));
      expect(file.profile).toMatchObject({ email: customer.email, name: 'Petra Private' });
      expect(file.events.map((event: { type: string }) => event.type)).toContain('Registered');

      await page.getByRole('button', { name: 'Erase my data' }).click();
      const confirm = page.getByRole('group', { name: 'Confirm erasure' });
      await confirm.getByText(/cannot be undone/).first().waitFor();
      await expect(confirm.getByRole('button', { name: 'Erase my data for good' }).isDisabled()).resolves.toBe(true);
      await confirm.getByLabel('I understand that this cannot be undone').check();
      await confirm.getByRole('button', { name: 'Erase my data for good' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('link', { name: 'Login' }).waitFor();
    });
    const again = await (await anonymous(shop)).post('/api/sessions/', { email: customer.email, password: customer.password });
    expect(again.status).toBe(401);
  });

  it('staff find a customer by e-mail and erase their personal data', async () => {
    const customer = await activeCustomer(shop, 'Sam Subject');
    const page = await shop.newPage();
    await withScreenshot(page, 'privacy-staff', async () => {
      await logIn(page, shop.url, STAFF.email, STAFF.password);
      await page.goto(`${shop.url}/internal/privacy/`);
      await page.getByLabel('E-mail').fill(customer.email);
      await page.getByRole('button', { name: 'Find user' }).click();
      const found = page.getByRole('group', { name: 'User found' });
      await found.getByText(`Sam Subject (${customer.email})`).waitFor();
      await found.getByRole('button', { name: 'Erase personal data' }).click();
      await found.getByRole('button', { name: 'Yes, erase for good' }).click();
      await page.getByRole('status').getByText('The personal data of this user is erased.').waitFor();
      // Until the next purge removes it from the database files (docs/decisions/0162).
      await page.getByText(/\d+ erasures? pending physical purge\./).waitFor();
    });
    // The users read model now holds the erased marker, not the name.
    for (let attempt = 0; attempt < 100; attempt++) {
      const rows = await shop.db.pool.query<{ name: string }>("SELECT view->>'name' AS name FROM users WHERE user_id = $1", [customer.userId]);
      if (rows.rows[0]?.name === '[erased]') return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the users read model still holds the name');
  });
});
