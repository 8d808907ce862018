import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/http-client.js';
import { activeCustomer, completeFabric, staffClient } from '../int/commands/helpers.js';
import { browserShop } from '../support/browser-shop.js';
import { withScreenshot } from '../support/e2e.js';

/**
 * Issue 40's "done when": a page that is stale (someone saved in another tab or another staff
 * session since it was read) has its save refused with the reload message, the first change
 * survives, what was typed stays on the page, a reload and redo succeeds, and the audit log shows
 * no change undone. One shop for both stories.
 */
const STALE = 'This was changed by someone else in the meantime. Reload and try again.';
// The stale saves are refused with a 409 on purpose; nothing else may fail.
const shop = browserShop({
  allow: [/^answer 409 on [^:]+: PUT \S+\/api\/(internal\/)?projects\/[\w-]+\/$/, /^console error on [^:]+: Failed to load resource: the server responded with a status of 409 \(Conflict\)/],
});
let customer: { client: ApiClient; email: string; password: string };
let staff: ApiClient;

beforeAll(async () => {
  customer = await activeCustomer(shop, 'Tabitha Twotabs');
  staff = await staffClient(shop);
});

/** Reads `path` until `ready` holds of its body (the read side catches up with the writes). */
async function readWhen(client: ApiClient, path: string, ready: (body: any) => boolean): Promise<any> {
  let body: any;
  await expect.poll(async () => ready((body = (await client.get(path)).body)), { timeout: 20_000 }).toBe(true);
  return body;
}

/** The project's audit log as staff read it, once the read side has the revision. */
async function auditLog(projectId: string, revision: number) {
  const log = await staff.get(`/api/internal/projects/${projectId}/events/`, { 'x-min-revision': `project-${projectId}@${revision}` });
  expect(log.status, log.text).toBe(200);
  return log.body.events as Array<{ revision: number; type: string; changes: Array<{ field: string; from: unknown; to: unknown }> }>;
}

/** Every change of `field` the log records, in order. */
const changesOf = (events: Awaited<ReturnType<typeof auditLog>>, field: string) =>
  events.flatMap((event) => event.changes.filter((change) => change.field === field || change.field.startsWith(`${field}.`)).map((change) => ({ ...change, type: event.type })));

describe('a stale page cannot undo a change it never saw', () => {
  it('two tabs of the customer editor: the stale save is refused, the rename survives, the typed quantity stays, and the redo after a reload saves', async () => {
    const created = await customer.client.post('/api/projects/', { name: 'Bay window', fabrics: [completeFabric()] });
    expect(created.status, created.text).toBe(201);
    const id: string = created.body.id;
    await readWhen(customer.client, `/api/projects/${id}/`, (body) => body.revision === created.body.revision);
    // With the live push on, the second tab would be refreshed before it saves when it has no
    // unsaved input yet (decision 0170): the race staged here is with the push off.
    const { context, page: tabOne } = await shop.loggedIn({ as: customer, live: false });
    const tabTwo = await context.newPage();
    const editor = `${shop.url}/projects/editor/${id}/edit`;

    await withScreenshot(tabTwo, 'stale-editor-tab-two', async () => {
      // Both tabs open the draft before either saves.
      await tabOne.goto(editor);
      await tabTwo.goto(editor);
      await expect.poll(() => tabOne.getByLabel('Project name').inputValue()).toBe('Bay window');
      await expect.poll(() => tabTwo.getByLabel('Project name').inputValue()).toBe('Bay window');

      await tabOne.getByLabel('Project name').fill('Bay window, renamed in tab one');
      await tabOne.getByRole('button', { name: 'Save', exact: true }).click();
      await tabOne.getByText('Project saved.').waitFor();

      await tabTwo.getByLabel('Quantity').fill('5');
      await tabTwo.getByRole('button', { name: 'Save', exact: true }).click();
      await tabTwo.getByRole('alert').filter({ hasText: STALE }).waitFor();
      expect(await tabTwo.getByText('Project saved.').count()).toBe(0);
      // Nothing typed is lost: the stale tab still shows its quantity (and its old name).
      expect(await tabTwo.getByLabel('Quantity').inputValue()).toBe('5');
      expect(await tabTwo.getByLabel('Project name').inputValue()).toBe('Bay window');

      // Once the read side has tab one's save (so the reload below reads it too): the quantity is untouched.
      const afterRefusal = await readWhen(customer.client, `/api/projects/${id}/`, (body) => body.name === 'Bay window, renamed in tab one');
      expect(afterRefusal.fabrics[0].items[0].quantity).toBe(2);

      // Reload: the tab now shows tab one's name; the quantity is typed again and saves.
      await tabTwo.reload();
      await expect.poll(() => tabTwo.getByLabel('Project name').inputValue()).toBe('Bay window, renamed in tab one');
      await tabTwo.getByLabel('Quantity').fill('5');
      await tabTwo.getByRole('button', { name: 'Save', exact: true }).click();
      await tabTwo.getByText('Project saved.').waitFor();
    });

    const saved = await readWhen(customer.client, `/api/projects/${id}/`, (body) => body.fabrics[0].items[0].quantity === 5);
    expect(saved.name).toBe('Bay window, renamed in tab one');
    const events = await auditLog(id, saved.revision);
    // After the creation: one rename, never reverted; the quantity change came after the reload.
    expect(changesOf(events.slice(1), 'name').map((change) => [change.from, change.to])).toEqual([['Bay window', 'Bay window, renamed in tab one']]);
    expect(changesOf(events, 'fabrics').length).toBeGreaterThan(0);
    expect(events.at(-1)!.changes.some((change) => change.field === 'name')).toBe(false);
  });

  it('two staff sessions on one internal project: stale prices are refused, the new name survives, the typed price stays, and the redo after a reload saves', async () => {
    const created = await customer.client.post('/api/projects/', { name: 'Window seat quote', fabrics: [completeFabric()] });
    const id: string = created.body.id;
    const submitted = await customer.client.put(`/api/projects/${id}/`, { state: 'R', revision: created.body.revision });
    expect(submitted.status, submitted.text).toBe(200);
    await readWhen(staff, `/api/internal/projects/${id}/`, (body) => body.revision === submitted.body.revision);
    // The live push would refresh the second page before it saves (decision 0170); the race it
    // cannot always win (a push still on its way) is what this test stages, so the push is off.
    const { page: first } = await shop.loggedIn({ live: false });
    const { page: second } = await shop.loggedIn({ live: false });
    const detail = `${shop.url}/internal/projects/${id}`;

    await withScreenshot(second, 'stale-internal-second-staff', async () => {
      for (const page of [first, second]) {
        await page.goto(detail);
        await expect.poll(() => page.getByLabel('Project name', { exact: true }).inputValue()).toBe('Window seat quote');
      }

      await first.getByLabel('Project name', { exact: true }).fill('Window seat quote (bay)');
      await first.getByRole('button', { name: 'Save details' }).click();
      await first.getByText('Details saved.').waitFor();

      const unitPrice = second.getByLabel(/^Unit price for /).first();
      await unitPrice.fill('120');
      await second.getByRole('button', { name: 'Save prices' }).click();
      await second.getByRole('alert').filter({ hasText: STALE }).waitFor();
      expect(await second.getByText('Prices saved.').count()).toBe(0);
      expect(await unitPrice.inputValue()).toBe('120');

      const afterRefusal = await readWhen(staff, `/api/internal/projects/${id}/`, (body) => body.name === 'Window seat quote (bay)');
      expect(afterRefusal.fabrics[0].items[0].unit_price ?? null).toBeNull();

      await second.reload();
      await expect.poll(() => second.getByLabel('Project name', { exact: true }).inputValue()).toBe('Window seat quote (bay)');
      await second.getByLabel(/^Unit price for /).first().fill('120');
      await second.getByRole('button', { name: 'Save prices' }).click();
      await second.getByText('Prices saved.').waitFor();
    });

    const saved = await readWhen(staff, `/api/internal/projects/${id}/`, (body) => body.fabrics[0].items[0].unit_price === 12_000);
    expect(saved.name).toBe('Window seat quote (bay)');
    const events = await auditLog(id, saved.revision);
    expect(changesOf(events.slice(1), 'name').map((change) => [change.from, change.to])).toEqual([['Window seat quote', 'Window seat quote (bay)']]);
    expect(events.at(-1)!.changes.some((change) => change.field === 'name')).toBe(false);
  });

  it('with the live push on, a staff page shows a change made elsewhere at once and keeps what was typed; its save is refused until it starts again from the latest', async () => {
    const created = await customer.client.post('/api/projects/', { name: 'Porch swing quote', fabrics: [completeFabric()] });
    const id: string = created.body.id;
    const submitted = await customer.client.put(`/api/projects/${id}/`, { state: 'R', revision: created.body.revision });
    expect(submitted.status, submitted.text).toBe(200);
    const shown = await readWhen(staff, `/api/internal/projects/${id}/`, (body) => body.revision === submitted.body.revision);
    const { page } = await shop.loggedIn();

    await withScreenshot(page, 'stale-internal-live', async () => {
      await page.goto(`${shop.url}/internal/projects/${id}`);
      await expect.poll(() => page.getByLabel('Project name', { exact: true }).inputValue()).toBe('Porch swing quote');
      const unitPrice = page.getByLabel(/^Unit price for /).first();
      await unitPrice.fill('95');

      const renamed = await staff.put(`/api/internal/projects/${id}/`, { name: 'Porch swing quote (two seats)', revision: shown.revision });
      expect(renamed.status, renamed.text).toBe(200);
      await page.getByRole('heading', { name: 'Porch swing quote (two seats)' }).waitFor({ timeout: 10_000 });
      await page.getByText('Someone else changed this project since these forms were opened').waitFor();
      expect(await unitPrice.inputValue()).toBe('95');

      await page.getByRole('button', { name: 'Save prices' }).click();
      await page.getByRole('alert').filter({ hasText: STALE }).waitFor();
      expect(await unitPrice.inputValue()).toBe('95');

      await page.getByRole('button', { name: 'Start again from the latest' }).click();
      await expect.poll(() => page.getByLabel('Project name', { exact: true }).inputValue()).toBe('Porch swing quote (two seats)');
      await page.getByLabel(/^Unit price for /).first().fill('95');
      await page.getByRole('button', { name: 'Save prices' }).click();
      await page.getByText('Prices saved.').waitFor();
    });

    const saved = await readWhen(staff, `/api/internal/projects/${id}/`, (body) => body.fabrics[0].items[0].unit_price === 9_500);
    expect(saved.name).toBe('Porch swing quote (two seats)');
  });
});
