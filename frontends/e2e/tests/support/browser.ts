import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

/**
 * The shell's URL, set by whoever launched the product (`./popote test` does).
 * Without it the suite must fail, never skip: a green run that tested nothing would lie.
 */
export function shellUrl(): string {
  const url = process.env.POPOTE_E2E_URL;
  if (!url) {
    throw new Error(
      'POPOTE_E2E_URL is not set. Start the whole product (./popote test does it for you) and set ' +
        'POPOTE_E2E_URL to the shell, e.g. POPOTE_E2E_URL=http://127.0.0.1:3000',
    );
  }
  return url.replace(/\/+$/, '');
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

type Viewport = { width: number; height: number };

export interface OpenPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught exceptions of the page, for tests that assert there were none. */
  pageErrors: Error[];
}

export async function openPage(browser: Browser, viewport: Viewport = { width: 1280, height: 900 }): Promise<OpenPage> {
  const context = await browser.newContext({ viewport, locale: 'fr-FR' });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  return { context, page, pageErrors };
}

/** What a test gets from `withPage`: its page, and the shell's URL. */
export interface PageSession extends OpenPage {
  base: string;
}

/**
 * The Chromium of a describe block: launched before its tests, closed after them. Tests open their
 * pages with `withPage`/`withPages`, which read the shell's URL inside the test (so a missing
 * POPOTE_E2E_URL fails every test, never skips one) and close what they opened, whatever happens.
 */
export function useBrowser() {
  let launched: Browser | undefined;
  beforeAll(async () => {
    launched = await launchBrowser();
  });
  afterAll(async () => {
    await launched?.close();
  });
  const browser = (): Browser => {
    if (!launched) throw new Error('the browser is launched before the tests: use it inside one');
    return launched;
  };

  /** Opens a page per name (each its own context, in that order), runs `test`, then closes them all. */
  async function withPages<K extends string, T>(names: readonly K[], test: (pages: Record<K, OpenPage>, base: string) => Promise<T>) {
    const base = shellUrl();
    const opened: OpenPage[] = [];
    const pages = {} as Record<K, OpenPage>;
    try {
      for (const name of names) {
        pages[name] = await openPage(browser());
        opened.push(pages[name]);
      }
      return await test(pages, base);
    } finally {
      for (const { context } of opened) await context.close();
    }
  }

  /** Opens a page (1280 × 900 unless `viewport`), runs `test`, then closes it. */
  async function withPage<T>(test: (session: PageSession) => Promise<T>, viewport?: Viewport): Promise<T> {
    const base = shellUrl();
    const open = await openPage(browser(), viewport);
    try {
      return await test({ ...open, base });
    } finally {
      await open.context.close();
    }
  }

  return { browser, withPage, withPages };
}

/** Where the shell loads a remote from, read from the shell's own runtime configuration. */
export async function remoteBaseUrl(remote: 'consumer' | 'cook'): Promise<string> {
  const response = await fetch(`${shellUrl()}/runtime-config.json`);
  if (!response.ok) throw new Error(`runtime-config.json answered HTTP ${response.status}`);
  const config = (await response.json()) as { remotes?: Record<string, string> };
  const entry = config.remotes?.[remote];
  if (!entry) throw new Error(`runtime-config.json has no entry URL for ${remote}`);
  return new URL('.', entry).href;
}

/** The support address of the running shell (`contactEmail` of its runtime configuration). */
export async function contactEmail(): Promise<string> {
  const response = await fetch(`${shellUrl()}/runtime-config.json`);
  if (!response.ok) throw new Error(`runtime-config.json answered HTTP ${response.status}`);
  const config = (await response.json()) as { contactEmail?: unknown };
  if (typeof config.contactEmail !== 'string') throw new Error('runtime-config.json has no contactEmail');
  return config.contactEmail;
}
