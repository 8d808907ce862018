import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous } from '../int/commands/helpers.js';
import { browserShop } from '../support/browser-shop.js';
import { withScreenshot } from '../support/e2e.js';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp.js';

/**
 * Issue 54 item 5 (decision 0327): failed and retried mail are listed for staff. A real SMTP
 * server refuses one account mail once (sent on the second attempt) and another on every attempt
 * (failed after the fifth); staff find each on the health page, under "Failed" and "Retried".
 */
const env: Record<string, string> = {};
let smtp: TestSmtpServer;

// Before the shop's own start (hooks run in the order they are registered): the shop sends through this server.
beforeAll(async () => {
  smtp = await startSmtpServer();
  env.SMTP_URL = smtp.url;
});
afterAll(async () => {
  await smtp?.stop();
});

const shop = browserShop({ env });

async function deliveryTo(email: string) {
  const { rows } = await shop.db.pool.query<{ status: string; attempts: number }>('SELECT status, attempts FROM mail_deliveries WHERE recipient = $1', [email]);
  return rows;
}

async function signUp(email: string, name: string): Promise<void> {
  const made = await (await anonymous(shop)).post('/api/users/', { email, name, password: 'Mail-Pass1' });
  expect(made.status, made.text).toBe(201);
}

describe('failed and retried mail on the staff health page', () => {
  it('lists the mail that failed for good and the mail that took a second attempt', async () => {
    smtp.refuseNext(1);
    await signUp('retried.mail@shop.test', 'Rhoda Retried');
    await expect.poll(() => deliveryTo('retried.mail@shop.test'), { timeout: 60_000, interval: 500 }).toEqual([{ status: 'sent', attempts: 2 }]);
    smtp.refuseNext(100);
    try {
      await signUp('failed.mail@shop.test', 'Fay Failed');
      // Five attempts, 2 s doubling: about 30 s.
      await expect.poll(() => deliveryTo('failed.mail@shop.test'), { timeout: 120_000, interval: 1000 }).toEqual([{ status: 'failed', attempts: 5 }]);
    } finally {
      smtp.refuseNext(0);
    }

    const { page } = await shop.loggedIn();
    await withScreenshot(page, 'mail-deliveries', async () => {
      await page.goto(`${shop.url}/internal/health/`);
      const section = page.getByRole('region', { name: 'Mail deliveries' });
      const failed = section.getByRole('table', { name: 'Failed mail' });
      await failed.waitFor();
      const failedRows = failed.locator('tbody tr');
      await expect.poll(() => failedRows.count()).toBe(1);
      const cells = await failedRows.first().locator('td').allTextContents();
      expect(cells.slice(1, 4)).toEqual(['activation', 'failed.mail@shop.test', '5']);
      expect(cells[4]).toMatch(/^Failed \d\d\/\d\d\/\d{4} /);
      expect(cells[5]).toMatch(/Try again later/);

      await section.getByLabel('Show').selectOption({ label: 'Retried' });
      const retried = section.getByRole('table', { name: 'Retried mail' });
      await retried.waitFor();
      const recipients = await retried.locator('tbody tr td:nth-child(3)').allTextContents();
      expect(recipients.sort()).toEqual(['failed.mail@shop.test', 'retried.mail@shop.test']);
      const retriedRow = retried.locator('tbody tr').filter({ hasText: 'retried.mail@shop.test' });
      expect((await retriedRow.locator('td').allTextContents()).slice(3, 5)).toEqual(['2', expect.stringMatching(/^Sent \d\d\/\d\d\/\d{4} /)]);
    });
  }, 300_000);
});
