import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

const OFFLINE = 'Mode hors ligne activé. Les données seront synchronisées une fois la connexion rétablie.';
const ONLINE = 'Connexion rétablie. Synchronisation des données...';

/**
 * Headless Chromium never offers installation by itself: the test plays the browser's part
 * with an event of the same shape, whose prompt() records the call and whose choice is given.
 */
async function offerInstall(page: Page, outcome: 'accepted' | 'dismissed'): Promise<void> {
  await page.evaluate((choice) => {
    const event = new Event('beforeinstallprompt', { cancelable: true });
    Object.assign(event, {
      prompt: () => {
        (window as unknown as { __prompted: number }).__prompted = ((window as unknown as { __prompted?: number }).__prompted ?? 0) + 1;
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome: choice, platform: 'web' }),
    });
    window.dispatchEvent(event);
  }, outcome);
}

test.describe('installable app', () => {
  test('serves a French web app manifest with icons, and a service worker that keeps the shell usable offline', async ({
    context,
    page,
    base,
  }) => {
    const manifest = (await (await fetch(`${base}/manifest.webmanifest`)).json()) as {
      name: string;
      lang: string;
      description: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: { src: string; sizes: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Popote', lang: 'fr', start_url: '/', display: 'standalone' });
    expect(manifest.description).toMatch(/faits maison/);
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) {
      const response = await fetch(new URL(icon.src, base));
      expect(response.headers.get('content-type'), icon.src).toBe('image/png');
      expect((await response.arrayBuffer()).byteLength, icon.src).toBeLessThan(20_000);
    }

    await page.goto(`${base}/about`);
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
    // Registered, active, and controlling the page (clientsClaim).
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const cachedUrls = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      }
      return urls;
    });
    const cached = cachedUrls.map((url) => new URL(url).pathname);
    expect(cached.some((url) => /^\/main\.[0-9a-f]{10}\.js$/.test(url))).toBe(true);
    expect(cached).toContain('/manifest.webmanifest');
    // Never data, never the remotes (other origins), never the per-request configuration.
    expect(cached.filter((url) => url.startsWith('/graphql') || url === '/runtime-config.json')).toEqual([]);
    expect([...new Set(cachedUrls.map((url) => new URL(url).origin))]).toEqual([new URL(base).origin]);

    // Offline, a page load still opens the shell (network-first, then the cached shell page).
    await page.goto(`${base}/faq`);
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Questions fréquentes' }).waitFor();
    await context.setOffline(false);
  });

  test.describe(() => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('shows the install banner 3 s after the browser offers it; "Plus tard" hides it for the session', async ({ page, base }) => {
      // The page's clock is the test's: the 3 s are counted by the page, not by this process.
      await page.clock.install();
      await page.goto(`${base}/about`);
      await page.getByRole('heading', { level: 1, name: 'À propos de Popote' }).waitFor();
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
      const banner = page.getByRole('complementary', { name: 'Installer Popote' });
      await offerInstall(page, 'dismissed');
      await page.clock.runFor(2_900);
      expect(await banner.isVisible()).toBe(false);
      await page.clock.runFor(150);
      await banner.waitFor();
      expect(await banner.getByRole('button', { name: 'Installer' }).isVisible()).toBe(true);

      await banner.getByRole('button', { name: 'Plus tard' }).click();
      await banner.waitFor({ state: 'detached' });
      // Offered again during the same session (another page load): no banner.
      await page.clock.resume();
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'À propos de Popote' }).waitFor();
      await offerInstall(page, 'dismissed');
      await page.clock.runFor(3_800);
      expect(await banner.count()).toBe(0);
    });
  });

  test('"Installer" opens the browser’s install dialog and the banner goes once accepted', async ({ page, base }) => {
    await page.goto(`${base}/faq`);
    await page.getByRole('heading', { level: 1, name: 'Questions fréquentes' }).waitFor();
    await offerInstall(page, 'accepted');
    const banner = page.getByRole('complementary', { name: 'Installer Popote' });
    await banner.getByRole('button', { name: 'Installer' }).click({ timeout: 6_000 });
    await banner.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => (window as unknown as { __prompted?: number }).__prompted)).toBe(1);
  });

  test('tells when the connection goes and comes back, after 1 s, and says nothing for a shorter flap', async ({ context, page, base }) => {
    await page.goto(`${base}/meals`);
    await page.getByRole('heading', { level: 1, name: 'Plats disponibles' }).waitFor();

    // Offline for less than a second: no message.
    await context.setOffline(true);
    await page.waitForTimeout(300);
    await context.setOffline(false);
    await page.waitForTimeout(1_800);
    expect(await page.getByText(OFFLINE).count()).toBe(0);
    expect(await page.getByText(ONLINE).count()).toBe(0);

    await context.setOffline(true);
    const offlineAt = Date.now();
    await page.getByText(OFFLINE).waitFor();
    expect(Date.now() - offlineAt).toBeGreaterThanOrEqual(900);

    await context.setOffline(false);
    await page.getByText(ONLINE).waitFor();
    // One message at a time: coming back replaces the offline one.
    expect(await page.getByText(OFFLINE).count()).toBe(0);
  });
});
