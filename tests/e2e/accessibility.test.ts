import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { staffClient } from '../int/commands/helpers.js';
import { badLinkPagesAllowed } from '../support/browser.js';
import { browserShop } from '../support/browser-shop.js';
import { seriousAxeViolations, withScreenshot } from '../support/e2e.js';

/** axe on every route of SPEC §2 (plus the notifications manager): no serious or critical violations. */
const shop = browserShop({ allow: badLinkPagesAllowed });
let visitor: BrowserContext;
let staff: BrowserContext;
let projectId = '';

beforeAll(async () => {
  // A project to open on the id routes: staff create one through the API.
  const created = await (await staffClient(shop)).post('/api/projects/', {
    name: 'Accessible project',
    fabrics: [{ id: 'f1', name: 'Linen', source: 'customer', items: [{ product_id: 1, product_type: 'P', product_style: 'Alex', size: '18x18', insert: 'poly', product_trim: null, quantity: 1 }] }],
  });
  projectId = String(created.body?.id ?? '');
  visitor = await shop.newContext();
  ({ context: staff } = await shop.loggedIn());
});

const visitorRoutes = ['/', '/login', '/signup', '/referral_signup', '/password-reset?token=abc', '/forgot-password', '/activation/abc', '/profile-completion/abc', '/projects/editor/guest/edit'];
const staffRoutes = () => [
  '/account',
  '/projects',
  '/projects/editor/',
  `/projects/editor/${projectId}`,
  `/projects/editor/${projectId}/edit`,
  `/invoice/${projectId}`,
  '/internal/projects/',
  `/internal/projects/${projectId}`,
  `/internal/projects/${projectId}/pdf`,
  '/internal/reporting/',
  '/internal/transfer/',
  '/internal/organizations/',
  '/internal/organizations/unknown',
  '/internal/notifications/',
  '/internal/privacy/',
];

describe('accessibility (axe) on every route', () => {
  it('has a project to show', () => {
    expect(projectId).not.toBe('');
  });

  it.each(visitorRoutes)('%s (visitor)', async (route) => {
    const page = await visitor.newPage();
    await withScreenshot(page, `a11y-visitor${route}`, async () => {
      await page.goto(`${shop.url}${route}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
    await page.close();
  });

  it('for each staff route', async () => {
    for (const route of staffRoutes()) {
      const page = await staff.newPage();
      await withScreenshot(page, `a11y-staff${route}`, async () => {
        await page.goto(`${shop.url}${route}`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.waitForLoadState('networkidle');
        expect({ route, violations: await seriousAxeViolations(page) }).toEqual({ route, violations: [] });
      });
      await page.close();
    }
  });

  it('the editor with a fabric and an item open', async () => {
    const page = await visitor.newPage();
    await withScreenshot(page, 'a11y-editor-open', async () => {
      await page.goto(`${shop.url}/projects/editor/guest/edit`);
      await page.getByRole('button', { name: 'Add fabric' }).click();
      await page.getByRole('button', { name: 'Add item to fabric 1' }).click();
      await page.getByRole('group', { name: 'Pillow 1' }).getByLabel('Style').selectOption('Alex');
      await page.getByRole('group', { name: 'Pillow 1' }).getByLabel('Trim').selectOption('P');
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
    await page.close();
  });
});
