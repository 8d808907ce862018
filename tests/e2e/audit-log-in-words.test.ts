import { createPublicKey, verify } from 'node:crypto';
import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { LogSigningKey, sealLog, type LogDigest } from '@shop/event-store';
import { activeCustomer, completeFabric, customItem, staffClient } from '../int/commands/helpers.js';
import { browserShop } from '../support/browser-shop.js';
import { withScreenshot } from '../support/e2e.js';
import { openPanel } from '../support/staff-panels.js';

/**
 * Issue 17's "done when": staff open a project that a customer created, submitted and paid, read
 * every audit line in words (names, not ids), filter by actor, and the CSV holds the lines shown.
 */
const shop = browserShop();
let page: Page;
let projectId = '';
let lastRevision = 0;
let chargeId = '';
let sealed: LogDigest;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

beforeAll(async () => {
  const customer = await activeCustomer(shop, 'Wendy Walker');
  const staff = await staffClient(shop);
  const created = await customer.client.post('/api/projects/', { name: 'Bay window', fabrics: [completeFabric()] });
  expect(created.status, created.text).toBe(201);
  projectId = created.body.id;
  await customer.client.put(`/api/projects/${projectId}/`, { state: 'R' });
  await staff.put(`/api/internal/projects/${projectId}/`, { fabrics: [{ ...completeFabric(), items: [{ ...customItem, unit_price: 31_250, yardage: 1 }] }] });
  await staff.put(`/api/internal/projects/${projectId}/`, { state: 'A' });
  const paid = await customer.client.put(`/api/checkout/${projectId}/`, {
    shipping_notes: { shipping_address: { recipient_name: 'Wendy', line1: '1 Main St', city: 'Brooklyn', state: 'NY', postal_code: '11201' }, delivery_type: 2 },
    notes: { payment_details: { partial_payment: false } },
    payment: { token: 'tok_sandbox_visa' },
  });
  expect(paid.status, paid.text).toBe(200);
  chargeId = paid.body.payment.chargeId;
  // The payment reactor records the card's capture after the payment (decision 0380): the history ends with it.
  const capturedRevision = async () =>
    (await shop.db.pool.query<{ revision: number | null }>("SELECT max(stream_revision)::int AS revision FROM events WHERE stream_id = $1 AND event_type = 'PaymentCaptured'", [`project-${projectId}`])).rows[0]!.revision;
  let captured = await capturedRevision();
  for (let tries = 0; captured === null && tries < 600; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    captured = await capturedRevision();
  }
  if (captured === null) throw new Error('the payment reactor recorded no capture');
  lastRevision = captured;
  // The log sealed as the shop's schedule does (decision 0347), here with a key of this test's own.
  sealed = await sealLog(shop.db.pool, await LogSigningKey.open(path.join(await mkdtemp(path.join(os.tmpdir(), 'audit-e2e-')), 'log-signing-key.pem')));
  ({ page } = await shop.loggedIn({ acceptDownloads: true }));
});

/** The visible cells of the audit table's body rows: #, When (the business time, without the recorded time under it), Who, Event, What happened. */
async function shownRows(): Promise<string[][]> {
  return page.locator('table.audit-log tbody tr').evaluateAll((rows) =>
    rows.map((row) => Array.from(row.querySelectorAll('td')).slice(0, 5).map((cell, index) => (index === 1 || index === 2 || index === 4 ? (cell.firstChild?.textContent ?? '') : (cell.textContent ?? '')).trim())),
  );
}

/** A CSV of quoted fields (as the export writes them) back into records. */
function parseCsv(text: string): string[][] {
  return text
    .trim()
    .split('\r\n')
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((match) => match[1]!.replaceAll('""', '"')));
}

describe('the staff audit log in words', () => {
  it('reads every line in words, filters by actor, and exports the lines shown', async () => {
    await withScreenshot(page, 'audit-log-in-words', async () => {
      await page.goto(`${shop.url}/internal/projects/${projectId}`);
      // The audit log is folded and leaves out what the activity log tells until asked (decisions 0318, 0319).
      await openPanel(page, 'Audit log');
      await page.getByLabel('Also show the events the activity log tells').check();
      const table = page.locator('table.audit-log');
      await table.locator('tbody tr').nth(lastRevision).waitFor();

      const rows = await shownRows();
      expect(rows.length).toBe(lastRevision + 1);
      for (const [, , who, event, happened] of rows) {
        expect(who).toMatch(/\((customer|staff|system)\)$/);
        expect(who).not.toMatch(UUID);
        expect(event).not.toMatch(/^[A-Z][a-z]+[A-Z]/); // a business name, not a code name like ProjectCreated
        expect(happened).not.toMatch(UUID);
      }
      // Under each business time, the time the database recorded the event (decision 0351).
      const recorded = await table.locator('tbody tr td:nth-child(2) .audit-recorded').allTextContents();
      expect(recorded.length).toBe(rows.length);
      for (const text of recorded) expect(text).toMatch(/^recorded \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
      expect(rows[0]).toEqual(['0', expect.any(String), 'Wendy Walker (customer)', 'Project created', expect.stringMatching(/^Wendy Walker \(customer\) created the project/)]);
      expect(rows.map((row) => row[3])).toEqual(expect.arrayContaining(['Submitted for review', 'Quote approved', 'Payment received']));
      expect(rows.find((row) => row[3] === 'Quote approved')![4]).toMatch(/\(staff\) approved the quote: State Review → Approved/);

      await page.getByLabel('Who', { exact: true }).selectOption('Wendy Walker (customer)');
      // The count line says "k of n events" with k < n once the filter has applied.
      await page.getByText(new RegExp(`^(?!${rows.length} of)\\d+ of ${rows.length} events$`)).waitFor();
      const filtered = await shownRows();
      expect(filtered.length).toBeGreaterThan(0);
      expect(filtered.length).toBeLessThan(rows.length);
      expect(filtered.every((row) => row[2] === 'Wendy Walker (customer)')).toBe(true);

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
      const csv = parseCsv(await readFile((await download.path())!, 'utf8'));
      expect(csv[0]).toEqual(['#', 'When', 'Recorded (UTC)', 'Who', 'E-mail', 'Event', 'In words', 'What changed']);
      expect(csv.slice(1).map(([revision, when, , who, , event, summary]) => [revision, when, who, event, summary])).toEqual(filtered);
      // The recorded time is the database's exact timestamp, as the event store holds it.
      for (const [, , recordedAt] of csv.slice(1)) expect(recordedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    });
  });

  it('says up to where the history is verified, and hands over the signed digest to keep (decision 0350)', async () => {
    await page.goto(`${shop.url}/internal/projects/${projectId}`);
    await openPanel(page, 'Audit log');
    const line = page.locator('p.log-verified');
    await line.getByRole('link', { name: 'Download signed digest' }).waitFor();
    expect(await line.textContent()).toMatch(new RegExp(`^History verified up to event ${sealed.eventCount} at \\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2} \\(signed digest ${sealed.digestId}\\)\\.`));

    const [download] = await Promise.all([page.waitForEvent('download'), line.getByRole('link', { name: 'Download signed digest' }).click()]);
    expect(download.suggestedFilename()).toBe(`shop-log-digest-${sealed.digestId}.json`);
    const digest = JSON.parse(await readFile((await download.path())!, 'utf8'));
    expect(digest).toMatchObject({ format: 'shop-log-digest/1', digestId: sealed.digestId, events: sealed.eventCount, root: sealed.root.toString('hex') });
    expect(verify(null, Buffer.from(digest.statement, 'utf8'), createPublicKey(digest.publicKey), Buffer.from(digest.signature, 'base64'))).toBe(true);
  });
});

describe('the staff project page by the work of the moment (decision 0318)', () => {
  it('at desktop size, a paid project shows its production panel on the first screen, and the audit log shows only what the activity log does not', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${shop.url}/internal/projects/${projectId}`);
    const production = page.getByRole('region', { name: 'Production' });
    await production.getByLabel('Project state').waitFor();
    const box = await production.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y).toBeLessThan(800);
    expect(await page.locator('.internal-detail > details.panel:not([open]) > summary h2').allTextContents()).toEqual(
      expect.arrayContaining(['Pricing', 'Audit log']),
    );

    await openPanel(page, 'Audit log');
    const activity = await page.getByRole('region', { name: 'Activity log' }).locator('tbody td:nth-child(3)').allTextContents();
    expect(activity).toEqual(expect.arrayContaining(['Submitted for review', 'Approved']));
    await page.locator('table.audit-log tbody tr').first().waitFor();
    const audited = (await shownRows()).map((row) => row[3]);
    expect(audited).toContain('Project created');
    expect(audited).not.toContain('Submitted for review');
    expect(audited).not.toContain('Quote approved');
    expect(audited).not.toContain('Payment received');
  });
});

describe('card payments on the staff project page (decision 0380)', () => {
  it('shows the card payment the reactor captured, open whatever the state', async () => {
    await page.goto(`${shop.url}/internal/projects/${projectId}`);
    const panel = page.getByRole('region', { name: 'Card payments' });
    await panel.locator('tbody tr').first().waitFor();
    const cells = await panel.locator('tbody tr td').allTextContents();
    expect(cells).toEqual([expect.stringMatching(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/), expect.stringMatching(/^\$[\d,]+\.\d\d$/), 'Captured', chargeId]);
  });
});
