import { test as playwrightTest, expect, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';

export { expect };

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

/** Where the shell loads a remote from, read from the shell's own runtime configuration. */
export async function remoteBaseUrl(remote: 'consumer' | 'cook' | 'ops'): Promise<string> {
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

/** A page in a browser context of its own: another person, another browser. */
export interface OpenPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught exceptions of this context's pages, for tests that look at one person's side. */
  pageErrors: Error[];
}

interface Fixtures {
  /**
   * The shell's URL (`POPOTE_E2E_URL`, no trailing slash). Read when a test asks for it, so a
   * missing POPOTE_E2E_URL fails every test that needs it, never skips one.
   */
  base: string;
  /**
   * Uncaught exceptions of every page the test opened (`page`, its context's other pages, and
   * `openPage`'s). Tests may assert on it; whatever is in it when the test ends fails the test.
   */
  pageErrors: Error[];
  /**
   * Opens a page in a new context (the suite's viewport and locale unless `options` says
   * otherwise), for a test that needs several people at once; closed when the test ends.
   */
  openPage: (options?: BrowserContextOptions) => Promise<OpenPage>;
}

/** The browser tests' `test`: Playwright's, with the shell's URL, page errors, and more pages on demand. */
export const test = playwrightTest.extend<Fixtures>({
  base: async ({}, use) => {
    await use(shellUrl());
  },

  pageErrors: async ({}, use, testInfo) => {
    const errors: Error[] = [];
    await use(errors);
    if (errors.length === 0) return;
    const text = errors.map((error) => error.stack ?? String(error)).join('\n\n');
    // Already failed: the page's errors go with the report instead of a second failure.
    if (testInfo.status !== 'passed') {
      await testInfo.attach('uncaught page errors', { body: text, contentType: 'text/plain' });
      return;
    }
    throw new Error(`${errors.length} uncaught error(s) in the page:\n${text}`);
  },

  context: async ({ context, pageErrors }, use) => {
    context.on('weberror', (webError) => pageErrors.push(webError.error()));
    await use(context);
  },

  openPage: async ({ browser, viewport, locale, baseURL, pageErrors }, use) => {
    const opened: BrowserContext[] = [];
    await use(async (options = {}) => {
      const context = await browser.newContext({ viewport, locale, baseURL, ...options });
      opened.push(context);
      const own: Error[] = [];
      context.on('weberror', (webError) => {
        own.push(webError.error());
        pageErrors.push(webError.error());
      });
      const page = await context.newPage();
      return { context, page, pageErrors: own };
    });
    for (const context of opened) await context.close();
  },
});
