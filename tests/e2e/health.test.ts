import { randomUUID } from 'node:crypto';
import { expect as webExpect } from '@playwright/test';
import { describe, it } from 'vitest';
import { PostgresEventStore } from '@shop/event-store';
import { STAFF } from '../int/commands/helpers.js';
import { browserShop } from '../support/browser-shop.js';
import { logIn, saveScreen, withScreenshot } from '../support/e2e.js';

/** Issue 12 in Chromium: staff see a parked stream in the health view and ask for a retry (decision 0111). */
const shop = browserShop();

/** When the projects read model last parked the stream (a failed retry parks it anew), in ms; 0 while a retry is pending. */
async function parkedAt(streamId: string): Promise<number> {
  const { rows } = await shop.db.pool.query<{ at: number; pending: boolean }>(
    `SELECT extract(epoch FROM parked_at) * 1000 AS at, retry_requested_at IS NOT NULL AS pending
       FROM projection_stream_revisions WHERE projection = 'projects' AND stream_id = $1`,
    [streamId],
  );
  return rows[0] && !rows[0].pending ? Number(rows[0].at) : 0;
}

describe('read model health view', () => {
  it('lists a stream parked on an event the read models reject, and a retry that fails again leaves it listed with its error', async () => {
    const streamId = `project-${randomUUID()}`;
    await new PostgresEventStore(shop.db.pool).appendToStream(streamId, [
      { id: randomUUID(), type: 'ProjectCreated', data: { garbled: true }, metadata: { actor: 'old-version', correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() } },
    ]);
    const page = await shop.newPage();
    await withScreenshot(page, 'health-parked', async () => {
      await logIn(page, shop.url, STAFF.email, STAFF.password);
      await page.getByRole('navigation', { name: 'INTERNAL' }).getByRole('link', { name: 'Health' }).click();
      await webExpect(page.getByRole('heading', { name: 'Read model health' })).toBeVisible();
      await webExpect(page.getByRole('table', { name: 'Projections' }).getByRole('row', { name: /^projects / })).toBeVisible();
      const parked = page.getByRole('listitem').filter({ hasText: streamId }).filter({ hasText: /^projects/ });
      await webExpect(parked).toContainText('ProjectCreated (revision 0)', { timeout: 20_000 });
      const before = await parkedAt(streamId);
      await parked.getByRole('button', { name: 'Retry' }).click();
      // The projection tries again within a second or so, fails the same way and parks the stream anew.
      await webExpect.poll(() => parkedAt(streamId), { timeout: 20_000 }).toBeGreaterThan(before);
      await webExpect(parked.getByRole('button', { name: 'Retry' })).toBeEnabled({ timeout: 20_000 });
      await webExpect(parked.locator('.parked-error')).not.toBeEmpty();
      await saveScreen(page, 'internal-health-desktop');
    });
  });

  it('names an event of an unknown type and its stream, parked for the projections (decision 0356)', async () => {
    const streamId = `project-${randomUUID()}`;
    await new PostgresEventStore(shop.db.pool).appendToStream(streamId, [
      { id: randomUUID(), type: 'ProjectRecoloured', data: { colour: 'teal' }, metadata: { actor: 'newer-version', correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() } },
    ]);
    const page = await shop.newPage();
    await withScreenshot(page, 'health-unknown-type', async () => {
      await logIn(page, shop.url, STAFF.email, STAFF.password);
      await page.getByRole('navigation', { name: 'INTERNAL' }).getByRole('link', { name: 'Health' }).click();
      const parked = page.getByRole('listitem').filter({ hasText: streamId }).filter({ hasText: /^projects/ });
      await webExpect(parked).toContainText('ProjectRecoloured (revision 0)', { timeout: 20_000 });
      await webExpect(parked.locator('.parked-error')).toHaveText(`Unknown event type ProjectRecoloured in stream ${streamId}: this version of the shop cannot read it (docs/decisions/0356)`);
    });
  });
});
