import type { Page, Route } from '@playwright/test';
import { expect, remoteBaseUrl, test } from './support/fixtures';
import { plain } from './support/shop';

const PRICE = /^\d+,\d{2}\s€$/;

/** The visible cards' names, in order. */
const cardNames = (page: Page) => page.getByRole('article').getByRole('heading').allTextContents();

/** The first card's picture, where it is on screen (and loaded). */
async function firstPictureBox(page: Page) {
  const picture = page.getByRole('article').first().getByRole('img');
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)), { timeout: 10_000 })
    .toBeGreaterThan(0);
  return picture.boundingBox();
}

// /meals arrives with its first cards written in by the shell's server (ADR 0015).
test.describe('the first paint of /meals', () => {
  test.describe(() => {
    test.use({ javaScriptEnabled: false, viewport: { width: 412, height: 915 } });

    test('shows the heading and the first cards without JavaScript, each a link to its meal', async ({ page, base }) => {
      await page.goto(`${base}/meals`);
      await page.getByRole('heading', { level: 1, name: 'Plats disponibles' }).waitFor();
      const cards = page.getByRole('article');
      expect(await cards.count()).toBeGreaterThanOrEqual(3);
      for (let i = 0; i < 3; i += 1) {
        const card = cards.nth(i);
        expect(plain(await card.getByText(PRICE).textContent())).toMatch(PRICE);
        expect(await card.getByText(/^par /).textContent()).toMatch(/^par \S/);
        const link = card.getByRole('link');
        expect(await link.getAttribute('href')).toMatch(/^\/meals\/[^/]+$/);
        // Named by its meal, like the real card.
        expect(await card.getAttribute('aria-labelledby')).toBeTruthy();
      }
      expect((await firstPictureBox(page))?.width).toBeGreaterThan(300);
      // Without scripts a card is a plain link to the meal's page.
      const name = await cards.first().getByRole('heading').textContent();
      await cards.first().getByRole('link').click();
      await page.waitForURL(/\/meals\/[^/]+$/);
      expect(name).toBeTruthy();
    });
  });

  test('shows the cards before the consumer remote has loaded, then hands over to the real page in place', async ({
    page,
    pageErrors,
    base,
  }) => {
    const consumer = await remoteBaseUrl('consumer');
    // Hold every file of the consumer remote until the first paint has been looked at.
    const held: Route[] = [];
    let holding = true;
    await page.route(`${consumer}**`, (route) => (holding ? void held.push(route) : route.continue()));
    // Not until `load`: the remote's entry script, inserted by main.js, is held, and the window's
    // load event waits for the scripts inserted before it.
    await page.goto(`${base}/meals`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('heading', { level: 1, name: 'Plats disponibles' }).waitFor();
    await page.getByRole('article').nth(2).waitFor();
    const before = await cardNames(page);
    const boxBefore = await firstPictureBox(page);
    expect(await page.locator('#pp-first-paint').count()).toBe(1);
    await expect.poll(() => held.length).toBeGreaterThan(0);

    holding = false;
    for (const route of held.splice(0)) await route.continue();
    // The real page replaces it: same cards first, same place, with their cart buttons.
    await page.locator('#pp-first-paint').waitFor({ state: 'detached' });
    await page.getByRole('article').first().getByRole('button').first().waitFor();
    const after = await cardNames(page);
    expect(after.slice(0, before.length)).toEqual(before);
    const boxAfter = await firstPictureBox(page);
    expect(Math.abs((boxAfter?.y ?? 0) - (boxBefore?.y ?? 0))).toBeLessThanOrEqual(4);
    expect(Math.abs((boxAfter?.width ?? 0) - (boxBefore?.width ?? 0))).toBeLessThanOrEqual(4);

    // …and works as usual: the filters query the server, a card opens its page without a reload.
    await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
    await page.getByLabel('Catégorie').selectOption({ label: 'Thaïlandaise' });
    await page.waitForURL(`${base}/meals?category=thai`);
    await expect.poll(() => cardNames(page)).toEqual(['Curry vert thaï au poulet']);
    await page.getByRole('article').first().getByRole('link').first().click();
    await page.waitForURL(/\/meals\/[^/?]+$/);
    await page.getByRole('heading', { level: 1, name: 'Curry vert thaï au poulet' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    expect(pageErrors).toEqual([]);
  });

  test('is only written for /meals itself: a filtered list and other pages load as before', async ({ base }) => {
    for (const path of ['/meals?category=thai', '/', '/cart']) {
      const html = await (await fetch(`${base}${path}`)).text();
      expect(html, path).not.toContain('pp-first-paint');
    }
    const meals = await fetch(`${base}/meals`);
    expect(meals.headers.get('cache-control')).toBe('no-cache');
    expect(await meals.text()).toContain('<div id="pp-first-paint"');
  });
});
