import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** What to forgive: a test that provokes an error on purpose names it (matched against the problem's text). */
export interface ChromiumOptions {
  allow?: readonly RegExp[];
}

/**
 * Debian's Chromium (browser downloads are blocked on our machines). The flags keep it
 * from calling home, which this network refuses, and let it run as root in CI.
 *
 * Every page of every context is watched: a console error, an uncaught page error, a request
 * that fails or an answer of 400 or more is a problem, and the e2e setup file
 * (page-problems-setup.ts) fails the test during which it happened (the favicon included). A
 * request the browser aborts itself (a navigation leaving a page with a fetch under way) is no problem.
 */
export async function launchChromium(options: ChromiumOptions = {}): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const note = (problem: string) => {
    if (!options.allow?.some((pattern) => pattern.test(problem))) problems.push(problem);
  };
  const watchContext = (context: BrowserContext) => context.on('page', (page) => watchPage(page, note));
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    watchContext(context);
    return context;
  };
  // browser.newPage makes its own context, which newContext above does not see.
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (...args) => {
    const page = await newPage(...args);
    watchPage(page, note);
    return page;
  };
  return browser;
}

const problems: string[] = [];

/** The problems the pages had since the last call (the e2e setup file asks after every test). */
export function takePageProblems(): string[] {
  return [...new Set(problems.splice(0))];
}

function watchPage(page: Page, note: (problem: string) => void): void {
  const where = () => new URL(page.url() || 'about:blank').pathname;
  page.on('console', (message) => {
    if (message.type() === 'error') note(`console error on ${where()}: ${message.text()} (${message.location().url})`);
  });
  // An init script of a test (one that sets localStorage, say) also runs on about:blank, where it may throw: not the app's error.
  page.on('pageerror', (error) => {
    if (page.url() !== 'about:blank' && page.url() !== '') note(`page error on ${where()}: ${error.message}`);
  });
  page.on('requestfailed', (request) => {
    const failure = request.failure()?.errorText ?? '';
    if (!failure.includes('ERR_ABORTED')) note(`request failed on ${where()}: ${request.method()} ${request.url()} ${failure}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) note(`answer ${response.status()} on ${where()}: ${response.request().method()} ${response.url()}`);
  });
}

/**
 * The screens tests open a bad activation link, a bad profile-completion link and an unknown
 * organization on purpose, to see their error screens: the API's 4xx answers there are expected.
 */
const BAD_LINK_PAGES = String.raw`\/(activation\/abc|profile-completion\/abc|internal\/organizations\/unknown)`;
export const badLinkPagesAllowed: readonly RegExp[] = [
  new RegExp(String.raw`^answer 40\d on ${BAD_LINK_PAGES}: `),
  new RegExp(String.raw`^console error on ${BAD_LINK_PAGES}: Failed to load resource: the server responded with a status of 40\d`),
];
