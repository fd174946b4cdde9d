import type { Page } from '@playwright/test';
import { newAccount, signUp } from './support/accounts';
import { expect, remoteBaseUrl, test } from './support/fixtures';

/** Records every CSP violation of the page (the DOM event and Chromium's console report). */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction('__cspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { __cspViolation(t: string): void }).__cspViolation(
        `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`,
      ),
    );
  });
  return violations;
}

test.describe('browser security headers', () => {
  test('the shell and the remotes send a strict CSP, no framing and a referrer policy', async ({ base }) => {
    const consumer = await remoteBaseUrl('consumer');
    const cook = await remoteBaseUrl('cook');
    const ops = await remoteBaseUrl('ops');
    const page = await fetch(`${base}/meals`);
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toContain(`script-src 'self' ${new URL(consumer).origin} ${new URL(cook).origin} ${new URL(ops).origin}`);
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(page.headers.get('permissions-policy')).toContain('camera=()');
    for (const remote of [consumer, cook, ops]) {
      const res = await fetch(new URL('mf-manifest.json', remote));
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
    const graphql = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ me { user { user_id } } }' }),
    });
    expect(graphql.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  test('runs the shell, both remotes and the service worker with no CSP violation', async ({ page, pageErrors, base }) => {
    const violations = await watchViolations(page);
    // Public pages (shell and consumer remote), then a cook's pages (cook remote).
    for (const path of ['/', '/meals', '/contact', '/auth']) {
      await page.goto(`${base}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
    }
    await page.goto(`${base}/meals`);
    await page.locator('a[href^="/meals/"]').first().click();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await signUp(page, base, newAccount(), 'cook');
    for (const path of ['/cook/dashboard', '/create-meal', '/profile']) {
      await page.goto(`${base}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
    }
    // The installable app still works under the policy: its worker registers and takes the page.
    const sw = await page.evaluate(() =>
      Promise.race([
        navigator.serviceWorker.ready.then((registration) => registration.active?.scriptURL ?? null),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000)),
      ]),
    );
    expect(sw).toMatch(/\/sw\.js$/);
    await page.screenshot({ path: `${process.cwd()}/.data/test-reports/csp-last-page.png` }).catch(() => undefined);
    expect(violations).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
