import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';

/** Where failure screenshots (and the reviewed screens) go; not committed. */
export const resultsDir = path.resolve(import.meta.dirname, '../../test-results');

/** Runs a step; on failure saves a full-page screenshot under test-results/ before rethrowing. */
export async function withScreenshot<T>(page: Page, name: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    await mkdir(resultsDir, { recursive: true });
    const file = path.join(resultsDir, `${name.replace(/[^\w-]+/g, '-')}-failure.png`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    throw error;
  }
}

/** A screenshot kept for people to look at (test-results/screens/). */
export async function saveScreen(page: Page, name: string): Promise<string> {
  const dir = path.join(resultsDir, 'screens');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

export interface AxeProblem {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

/** Serious and critical axe violations of the page as it is now (none is the goal). */
export async function seriousAxeViolations(page: Page): Promise<AxeProblem[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

/** Logs in through the login form and waits to leave it. */
export async function logIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/**
 * Waits for a mail to `to` whose text holds `pattern`, written as files under DATA_DIR/mail
 * (the shop's transport when no SMTP_URL is set), and answers the first capture group.
 */
export async function waitForMailLink(dataDir: string, to: string, pattern: RegExp, timeoutMs = 20_000): Promise<string> {
  const dir = path.join(dataDir, 'mail');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names.filter((n) => n.endsWith('.json'))) {
      const entry = JSON.parse(await readFile(path.join(dir, name), 'utf8')) as { to: string; text: string };
      const match = entry.to.toLowerCase() === to.toLowerCase() ? pattern.exec(entry.text) : null;
      if (match?.[1]) return match[1];
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail to ${to} matching ${pattern} within ${timeoutMs} ms`);
}

/**
 * Collects every Content-Security-Policy violation in a browser context (issue 38): Chromium's
 * own console line ("Refused to ... Content Security Policy") and, to be sure, each page's
 * `securitypolicyviolation` event, written to the console by an init script. A test asserts
 * the list is empty at its end.
 */
export async function watchCspViolations(context: BrowserContext): Promise<string[]> {
  const seen: string[] = [];
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} on ${location.pathname}`);
    });
  });
  context.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy|CSP violation/i.test(text)) seen.push(text);
  });
  return seen;
}
