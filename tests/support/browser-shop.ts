import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import type { TestDatabase } from '@shop/infra/testing';
import { STAFF, startCommandShop } from '../int/commands/helpers.js';
import { launchChromium, takePageProblems } from './browser.js';
import { logIn } from './e2e.js';
import type { TestShop } from './shop.js';

/** What a browser test file asks of its shop and its Chromium. */
export interface BrowserShopOptions {
  /** Page problems the file provokes on purpose (see launchChromium). */
  allow?: readonly RegExp[];
  /** More shop configuration (the staff account and a DATA_DIR of its own are always there). */
  env?: Record<string, string>;
  /** Written into the migrated database before the shop starts (see startTestShop). */
  before?: (db: TestDatabase) => Promise<void>;
  /** For a `before` that writes a long history. */
  startTimeoutMs?: number;
}

/** A browser context as the tests want it: desktop-sized unless told; `live: false` switches the live push off (localStorage shop.live). */
export type ContextOptions = BrowserContextOptions & { live?: boolean };

interface Credentials {
  email: string;
  password: string;
}

/**
 * The file's shop and Chromium. Its fields are filled in before the file's tests (and before the
 * file's own `beforeAll`, which is registered after), so read them inside tests and hooks only.
 */
export interface BrowserShop {
  url: string;
  db: TestDatabase;
  /** The shop's DATA_DIR: mail files, uploads. */
  dataDir: string;
  /** A context of its own: its own cookies, so its own session. */
  newContext(options?: ContextOptions): Promise<BrowserContext>;
  /** A page in a context of its own. */
  newPage(options?: ContextOptions): Promise<Page>;
  /** A context logged in through the login form (as staff unless `as` says who), and the page that did it. */
  loggedIn(options?: ContextOptions & { as?: Credentials }): Promise<{ context: BrowserContext; page: Page }>;
}

const DESKTOP = { width: 1280, height: 900 };

/**
 * Starts one shop (fresh database, staff account STAFF) and one Chromium for the calling test
 * file, before its tests, and stops both after them. Both start at once: neither needs the other.
 */
export function browserShop(options: BrowserShopOptions = {}): BrowserShop {
  const world = {} as BrowserShop;
  let shop: TestShop | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    // Each kept as soon as it is up, so that afterAll stops it even when the other failed.
    await Promise.all([
      startCommandShop(options.env, options.before).then((started) => {
        shop = started;
        Object.assign(world, { url: started.url, db: started.db, dataDir: started.dataDir });
      }),
      launchChromium({ allow: options.allow }).then((launched) => {
        browser = launched;
      }),
    ]);
  }, options.startTimeoutMs);
  afterAll(async () => {
    await browser?.close();
    // What the pages reported while closing came after the file's last test; the next file in
    // this worker (the e2e project does not isolate files) must not be blamed for it.
    takePageProblems();
    await shop?.stop();
  });
  world.newContext = async ({ live, ...contextOptions } = {}) => {
    const context = await browser!.newContext({ viewport: DESKTOP, ...contextOptions });
    if (live === false) await context.addInitScript(() => window.localStorage.setItem('shop.live', 'off'));
    return context;
  };
  world.newPage = async (contextOptions) => (await world.newContext(contextOptions)).newPage();
  world.loggedIn = async ({ as = STAFF, ...contextOptions } = {}) => {
    const context = await world.newContext(contextOptions);
    const page = await context.newPage();
    await logIn(page, world.url, as.email, as.password);
    return { context, page };
  };
  return world;
}
