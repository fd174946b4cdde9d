import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, shellUrl } from './support/browser';

describe('shell navigation', () => {
  let browser: Browser;

  // The URL is read inside each test, so a missing POPOTE_E2E_URL fails every test (never skips one).
  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows "Page introuvable" with a way home for an unknown address', async () => {
    const base = shellUrl();
    const { context, page } = await openPage(browser);
    try {
      await page.goto(`${base}/cette-page-n-existe-pas`);
      await page.getByRole('heading', { level: 1, name: 'Page introuvable' }).waitFor();
      await page.getByRole('link', { name: "Retour à l'accueil" }).click();
      await page.getByRole('link', { name: 'Découvrir les plats' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
    } finally {
      await context.close();
    }
  });

  it('searches from the nav bar, and the small-screen menu closes after a link', async () => {
    const base = shellUrl();
    const { context, page } = await openPage(browser, { width: 390, height: 844 });
    try {
      await page.goto(`${base}/`);
      const menu = page.getByRole('button', { name: 'Menu' });
      const browse = page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Parcourir les plats' });
      expect(await browse.isVisible()).toBe(false);

      await menu.click();
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
      await page.getByRole('searchbox', { name: 'Rechercher des plats' }).fill('tajine');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: 'Plats disponibles' }).waitFor();
      expect(new URL(page.url()).search).toBe('?q=tajine');
      expect(await menu.getAttribute('aria-expanded')).toBe('false');

      await menu.click();
      await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Connexion' }).click();
      await page.getByRole('heading', { level: 1, name: 'Connexion' }).waitFor();
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
    } finally {
      await context.close();
    }
  });
});
