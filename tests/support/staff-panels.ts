import type { Page } from 'playwright-core';

/**
 * Opens a panel of the staff project page by its title when the page has folded it (decision
 * 0318: the work of the moment is open, the rest folded under its title); an open panel is left as
 * it is. Waits for the panel to be on the page first.
 */
export async function openPanel(page: Page, title: string): Promise<void> {
  const heading = page.locator('.internal-detail > .panel').getByRole('heading', { name: title, exact: true });
  await heading.waitFor();
  // The inner locator of `has` is matched inside each panel, so it names the heading alone.
  const folded = page.locator('.internal-detail > details.panel').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  if ((await folded.count()) === 0) return;
  if (!(await folded.evaluate((panel) => (panel as HTMLDetailsElement).open))) await folded.locator(':scope > summary').click();
}
