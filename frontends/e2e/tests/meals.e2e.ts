import { expect, test } from './support/fixtures';

const PRICE = /^\d+,\d{2}\s€$/;

test.describe('meal list through the shell', () => {
  test('shows "Plats disponibles" and meal cards with French prices and pictures', async ({ page, pageErrors, base }) => {
    await page.goto(`${base}/meals`);
    await page.getByRole('heading', { level: 1, name: 'Plats disponibles' }).waitFor();

    const cards = page.getByRole('article');
    await cards.nth(2).waitFor();
    expect(await cards.count()).toBeGreaterThanOrEqual(3);

    for (let i = 0; i < 3; i += 1) {
      const card = cards.nth(i);
      const price = card.getByText(PRICE);
      await price.waitFor();
      expect((await price.textContent())?.trim()).toMatch(PRICE);

      const picture = card.getByRole('img');
      await picture.waitFor();
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)), {
          timeout: 10_000,
        })
        .toBeGreaterThan(0);
    }
    expect(pageErrors).toEqual([]);
  });
});
