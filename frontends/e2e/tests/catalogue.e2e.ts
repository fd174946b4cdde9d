import type { Locator, Page } from '@playwright/test';
import { mainNav, newAccount, pathOf, signUp } from './support/accounts';
import { expect, test } from './support/fixtures';
import { makePng } from './support/png';
import { markSellerVerified } from './support/seller';

/** The meal names of the cards on the page (each card is an article named by its meal). */
const cardNames = async (page: Page): Promise<string[]> =>
  (await page.getByRole('article').getByRole('heading').allTextContents()).map((name) => name.trim());

const pictureWidth = (card: Locator) =>
  card
    .getByRole('img')
    .first()
    .evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0));

test.describe('catalogue: a cook publishes, edits and deletes a meal; a consumer filters and searches', () => {
  test('creates a meal with a photo, finds it on /meals and on the home page, edits its price, deletes it', async ({
    page,
    pageErrors,
    base,
  }) => {
    const account = newAccount();
    await signUp(page, base, account, 'cook');
    await markSellerVerified(account.email); // a new dish needs a verified seller (fixture)

    // A new cook's 'Plats' tab offers to add a first meal.
    await mainNav(page).getByRole('link', { name: 'Tableau de bord' }).click();
    await page.getByRole('tab', { name: 'Plats' }).click();
    await page.getByRole('link', { name: 'Ajouter mon premier plat' }).click();
    await page.getByRole('heading', { level: 1, name: 'Ajouter un plat' }).waitFor();
    expect(pathOf(page)).toBe('/create-meal');

    // Nothing is sent while the form is incomplete; the reasons are in French, next to the fields.
    await page.getByRole('button', { name: 'Créer le plat' }).click();
    await page.getByText('Veuillez sélectionner au moins un ingrédient').waitFor();
    await page.getByText('Veuillez choisir une catégorie').waitFor();

    // The photo is uploaded as soon as it is chosen, and previewed.
    await page.getByLabel('Photo du plat').setInputFiles({ name: 'gratin.png', mimeType: 'image/png', buffer: makePng() });
    await page.getByText('Image téléchargée avec succès').waitFor();
    await page.getByRole('img', { name: 'Aperçu de la photo du plat' }).waitFor();

    // Words no demo meal uses, so the consumer test's searches are not disturbed even if this one fails midway.
    const name = `Gratin e2e ${Date.now().toString(36)}`;
    await page.getByLabel('Nom du plat').fill(name);
    await page.getByLabel('Description').fill('Gratin de légumes du marché, crème et fromage.');
    await page.getByLabel('Prix (€)').fill('12.40');
    // More portions than any demo meal: the home page features the meals with the most portions.
    await page.getByLabel('Portions disponibles').fill('50');
    await page.getByLabel('Temps de préparation (minutes)').fill('50');
    await page.getByLabel('Catégorie').selectOption({ label: 'Française' });
    const yesterday = new Date(Date.now() - 24 * 3600 * 1000);
    const local = new Date(yesterday.getTime() - yesterday.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    await page.getByLabel('Disponible à partir du').fill(local);
    const ingredients = page.getByRole('group', { name: 'Ingrédients' });
    await ingredients.getByLabel('Rechercher un ingrédient').fill('courg');
    await ingredients.getByRole('checkbox', { name: 'Courgette' }).check();
    await ingredients.getByLabel('Rechercher un ingrédient').fill('');
    for (const ingredient of ['Crème fraîche', 'Fromage', 'Pomme de terre']) {
      await ingredients.getByRole('checkbox', { name: ingredient, exact: true }).check();
    }
    await ingredients.getByText('4 / 40 sélectionnés').waitFor();
    await page
      .getByRole('group', { name: /^Allergènes/ })
      .getByRole('checkbox', { name: 'Lait' })
      .check();

    await page.getByRole('button', { name: 'Créer le plat' }).click();
    await page.getByText('Plat créé avec succès !').waitFor();
    // Confetti, then the dashboard's meals 2 s later.
    await page.waitForURL(`${base}/cook/dashboard?onglet=plats`, { timeout: 10_000 });
    const dashboardCard = page.getByRole('article').filter({ hasText: name });
    await dashboardCard.getByText('12,40').waitFor();

    // On /meals, newest first, with its picture.
    await mainNav(page).getByRole('link', { name: 'Parcourir les plats' }).click();
    const listCard = page.getByRole('article').filter({ hasText: name });
    await listCard.waitFor();
    await expect.poll(() => pictureWidth(listCard), { timeout: 10_000 }).toBeGreaterThan(0);

    // On the home page, among the featured meals; its card opens the meal's page.
    await page.getByRole('link', { name: 'Popote' }).first().click();
    const featured = page.getByRole('region', { name: 'Plats à la une' });
    const featuredCard = featured.getByRole('article').filter({ hasText: name });
    await featuredCard.waitFor();
    await featuredCard.getByRole('link', { name }).click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    expect(pathOf(page)).toMatch(/^\/meals\/[^/]+$/);
    const mealUrl = page.url();
    await page.getByText('50 portions restantes').waitFor();
    await page.getByRole('listitem').filter({ hasText: 'Courgette' }).waitFor();
    await page.getByRole('listitem').filter({ hasText: 'Lait' }).waitFor();

    // Edit the price from the dashboard.
    await mainNav(page).getByRole('link', { name: 'Tableau de bord' }).click();
    await page.getByRole('tab', { name: 'Plats' }).click();
    await page.getByRole('article').filter({ hasText: name }).getByRole('link', { name: 'Modifier' }).click();
    await page.getByRole('heading', { level: 1, name: 'Modifier le plat' }).waitFor();
    expect(pathOf(page)).toMatch(/^\/meals\/[^/]+\/edit$/);
    expect(await page.getByLabel('Prix (€)').inputValue()).toBe('12.4');
    await page.getByLabel('Prix (€)').fill('14.75');
    await page.getByRole('button', { name: 'Enregistrer les modifications' }).click();
    await page.getByText('Plat mis à jour avec succès').waitFor();
    await page.waitForURL(`${base}/cook/dashboard?onglet=plats`);
    await page.getByRole('article').filter({ hasText: name }).getByText('14,75').waitFor();

    // Delete it, after the confirmation.
    const dialogs: string[] = [];
    page.once('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    await page.getByRole('article').filter({ hasText: name }).getByRole('button', { name: 'Supprimer' }).click();
    await page.getByText('Plat supprimé avec succès').waitFor();
    expect(dialogs).toEqual(['Êtes-vous sûr de vouloir supprimer ce plat ?']);
    await page.getByRole('article').filter({ hasText: name }).waitFor({ state: 'detached' });
    await page.getByText("Vous n'avez pas encore de plat.").waitFor();

    await page.goto(mealUrl);
    await page.getByRole('heading', { level: 1, name: 'Plat introuvable' }).waitFor();
    expect(pageErrors).toEqual([]);
  });

  test("refuses to edit another cook's meal", async ({ page, base }) => {
    await signUp(page, base, newAccount(), 'cook');
    await page.goto(`${base}/meals`);
    await page.getByRole('article').first().getByRole('link').click();
    await page.waitForURL(/\/meals\/[^/]+$/);
    await page.goto(`${page.url()}/edit`);
    await page.getByText("Vous n'êtes pas autorisé à modifier ce plat").waitFor();
    await page.waitForURL(`${base}/cook/dashboard`);
  });

  test('filters /meals by category and searches from the nav bar: exactly the matching meals', async ({ page, pageErrors, base }) => {
    await signUp(page, base, newAccount(), 'consumer');
    await mainNav(page).getByRole('link', { name: 'Parcourir les plats' }).click();
    await page.getByRole('heading', { level: 1, name: 'Plats disponibles' }).waitFor();
    await page.getByRole('article').nth(2).waitFor();

    // The filter is in the URL and really asks the server.
    await page.getByLabel('Catégorie').selectOption({ label: 'Thaïlandaise' });
    await page.waitForURL(`${base}/meals?category=thai`);
    await expect.poll(() => cardNames(page)).toEqual(['Curry vert thaï au poulet']);

    // The nav bar's search is the server's search (name, description, ingredients, accents ignored).
    const search = page.getByRole('searchbox', { name: 'Rechercher des plats' });
    await search.fill('poulet');
    await search.press('Enter');
    await page.waitForURL(`${base}/meals?q=poulet`);
    await page.getByText('Résultats pour « poulet »').waitFor();
    await expect
      .poll(async () => (await cardNames(page)).sort())
      .toEqual(['Curry vert thaï au poulet', 'Tajine de poulet aux citrons confits']);

    // Search and filter together.
    await page.getByLabel('Catégorie').selectOption({ label: 'Méditerranéenne' });
    await page.waitForURL(`${base}/meals?q=poulet&category=mediterranean`);
    await expect.poll(() => cardNames(page)).toEqual(['Tajine de poulet aux citrons confits']);

    // Back restores the previous result.
    await page.goBack();
    await page.waitForURL(`${base}/meals?q=poulet`);
    await expect.poll(async () => (await cardNames(page)).length).toBe(2);

    // Nothing matches: the empty state resets everything.
    await page.getByLabel('Catégorie').selectOption({ label: 'Desserts' });
    await page.getByText('Aucun plat ne correspond à votre recherche.').waitFor();
    await page.getByRole('button', { name: 'Réinitialiser la recherche' }).click();
    await page.waitForURL(`${base}/meals`);
    await expect.poll(async () => (await cardNames(page)).length).toBeGreaterThanOrEqual(8);
    expect(pageErrors).toEqual([]);
  });
});
