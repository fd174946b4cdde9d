import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

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

export interface OpenPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught exceptions of the page, for tests that assert there were none. */
  pageErrors: Error[];
}

export async function openPage(browser: Browser, viewport = { width: 1280, height: 900 }): Promise<OpenPage> {
  const context = await browser.newContext({ viewport, locale: 'fr-FR' });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  return { context, page, pageErrors };
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
