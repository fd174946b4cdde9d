import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { graphql } from './support/graphql';
import { DEMO, mealCard, plain } from './support/shop';

/** "à 2,4 km" → 2.4; "dans votre commune" → 0. */
const km = (text: string): number => {
  const t = plain(text)
    .replace(/^\s*Distance\s*:\s*/, '') // the screen reader's prefix
    .trim();
  if (t === 'dans votre commune') return 0;
  const m = /^à (\d+(?:,\d)?) km$/.exec(t);
  if (!m) throw new Error(`not a distance: ${t}`);
  return Number(m[1]!.replace(',', '.'));
};
const distances = async (page: Page): Promise<number[]> => (await page.getByTestId('meal-distance').allInnerTexts()).map(km);

test.describe('near me: a visitor gives their commune, sees distances, filters by radius, sorts by distance', () => {
  test("'Où êtes-vous ?' → Lyon 1er: distances on /meals, 3 km, nearest first, then the home and cook pages", async ({
    page,
    pageErrors,
    base,
  }) => {
    test.setTimeout(120_000);
    await page.goto(`${base}/meals`);
    await page.getByRole('heading', { name: 'Où êtes-vous ?' }).waitFor();
    await mealCard(page, DEMO.curry.name).waitFor();
    expect(await page.getByTestId('meal-distance').count()).toBe(0); // no commune yet, no distance

    // The autocomplete: a name's start, accents and case ignored.
    const input = page.getByRole('combobox', { name: 'Votre commune ou code postal' });
    await input.fill('lyon 1');
    await page.getByRole('option', { name: /^Lyon 1er Arrondissement/ }).click();
    await page.getByTestId('near-commune').getByText('Près de Lyon 1er Arrondissement').waitFor();

    // Every demo cook has a commune (Lyon 7e, Lyon 3e, Villeurbanne): every card says how far.
    await expect.poll(async () => (await distances(page)).length, { timeout: 10_000 }).toBe(await page.getByRole('article').count());
    const curry = km(await mealCard(page, DEMO.curry.name).getByTestId('meal-distance').innerText());
    expect(curry).toBeGreaterThan(3); // Villeurbanne, from Lyon 1er
    expect(await mealCard(page, DEMO.curry.name).innerText()).toContain('Villeurbanne');

    // Within 3 km: Villeurbanne's dishes leave, Lyon 7e's stay; the URL keeps the choice.
    await page.getByLabel('Rayon').selectOption('3');
    await page.waitForURL(/rayon=3/);
    await expect.poll(() => mealCard(page, DEMO.curry.name).count(), { timeout: 10_000 }).toBe(0);
    await mealCard(page, DEMO.tajine.name).waitFor();
    expect((await distances(page)).every((d) => d <= 3)).toBe(true);

    // Nearest first (the radius dropped first and its list shown, so that each choice starts
    // from the filters on screen; then the order is waited for, not read mid-update).
    await page.getByLabel('Rayon').selectOption('');
    await mealCard(page, DEMO.curry.name).waitFor();
    await page.getByLabel('Trier par').selectOption('distance');
    await page.waitForURL(/tri=distance/);
    const ascending = (list: number[]) => list.every((d, i) => i === 0 || (list[i - 1] ?? -Infinity) <= d);
    await expect
      .poll(
        async () => {
          const list = await distances(page);
          return list.length >= 3 && ascending(list);
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    const sorted = await distances(page);
    expect(sorted).toEqual([...sorted].sort((a, b) => a - b));
    expect(sorted.some((d) => d > 3)).toBe(true); // Villeurbanne's dishes are back, last

    // 1 km: nothing that close — said in French, with a way out.
    await page.getByLabel('Rayon').selectOption('1');
    await page.getByText('Aucun plat à moins de 1 km de chez vous.').waitFor();
    await page.getByRole('button', { name: 'Élargir la recherche' }).click();
    await mealCard(page, DEMO.curry.name).waitFor();

    // Remembered in this browser: the home page and a cook's page show distances too.
    await page.goto(`${base}/`);
    await expect.poll(async () => (await distances(page)).length, { timeout: 10_000 }).toBeGreaterThan(0);
    await page.goto(`${base}/meals`);
    await page.getByTestId('near-commune').waitFor();
    await mealCard(page, DEMO.tajine.name).getByText('par amina_cuisine').waitFor();

    // Bad input straight to the BFF: French errors.
    const radius = await graphql(page, 'query ($f: MealFilterInput) { meals(filter: $f) { items { meal_id } } }', {
      f: { near: '69381', radius_km: 7 },
    });
    expect(radius.errors?.[0]?.message).toContain('Rayon invalide : choisissez 1, 3, 5 ou 10 km');
    const unknown = await graphql(page, 'query ($f: MealFilterInput) { meals(filter: $f) { items { meal_id } } }', {
      f: { near: '99999' },
    });
    expect(unknown.errors?.[0]?.message).toContain('Commune inconnue');
    const postcode = await graphql(page, 'query ($q: String!) { communes(query: $q) { code } }', { q: '69999' });
    expect(postcode.data).toEqual({ communes: [] });
    expect(pageErrors).toEqual([]);
  });
});
