import { mainNav, newAccount, pathOf, signUp } from './support/accounts';
import { expect, test } from './support/fixtures';
import { addFromCard, cartLink, confettiWithin, DEMO, mealCard, openMeals, plain, waitForConfetti } from './support/shop';

test.describe('cart: add from cards and the meal page, steppers within stock, remove, clear', () => {
  test('asks a signed-out visitor to sign in before adding', async ({ page, pageErrors, base }) => {
    await openMeals(page, base, DEMO.tajine.name);
    await mealCard(page, DEMO.tajine.name)
      .getByRole('button', { name: /^Ajouter au panier/ })
      .click();
    await page.getByText('Veuillez vous connecter pour ajouter des articles au panier').waitFor();
    await page.waitForURL(`${base}/auth`);
    expect(pageErrors).toEqual([]);
  });

  test('adds from a card (confetti, toast, nav count) and steps the quantity up to the stock', async ({ page, pageErrors, base }) => {
    await signUp(page, base, newAccount());
    await openMeals(page, base, DEMO.tajine.name);
    await cartLink(page, 0).waitFor();

    // First add of the visit: confetti (canvas-confetti draws on a canvas of its own), toast, count.
    await mealCard(page, DEMO.tajine.name)
      .getByRole('button', { name: /^Ajouter au panier/ })
      .click();
    await page.getByText('1 portion(s) ajoutée(s) au panier').waitFor();
    await page.locator('body > canvas').waitFor();
    await cartLink(page, 1).waitFor();
    const tajine = mealCard(page, DEMO.tajine.name).getByRole('group', { name: `Quantité de ${DEMO.tajine.name}` });
    await tajine.getByRole('button', { name: 'Ajouter une portion' }).click();
    await cartLink(page, 2).waitFor();
    expect(await tajine.locator('output').innerText()).toContain('2');

    // One portion left: the stepper's + is disabled at the stock.
    await addFromCard(page, DEMO.quiche.name);
    await cartLink(page, 3).waitFor();
    const quiche = mealCard(page, DEMO.quiche.name).getByRole('group', { name: `Quantité de ${DEMO.quiche.name}` });
    expect(await quiche.getByRole('button', { name: 'Ajouter une portion' }).isDisabled()).toBe(true);
    // − at one portion takes the meal out of the cart: the card offers 'Ajouter au panier' again.
    await quiche.getByRole('button', { name: 'Retirer une portion' }).click();
    await page.getByText('Article retiré du panier').waitFor();
    await cartLink(page, 2).waitFor();
    await mealCard(page, DEMO.quiche.name)
      .getByRole('button', { name: /^Ajouter au panier/ })
      .waitFor();

    // Sold out: no way to add.
    const tarte = mealCard(page, DEMO.tarte.name).getByRole('button', { name: /^Épuisé/ });
    expect(await tarte.isDisabled()).toBe(true);

    // The count survives a reload (it is the server's cart).
    await page.reload();
    await cartLink(page, 2).waitFor();
    expect(pageErrors).toEqual([]);
  });

  test('adds from the meal page within what remains, then edits, removes and clears on /cart', async ({ page, pageErrors, base }) => {
    await signUp(page, base, newAccount());
    await openMeals(page, base, DEMO.couscous.name);
    await addFromCard(page, DEMO.tajine.name);
    await cartLink(page, 1).waitFor();

    // Meal page: stepper from 1 to the stock (2), then 'Ajouter 2 au panier'.
    await mealCard(page, DEMO.couscous.name).getByRole('link', { name: DEMO.couscous.name }).click();
    await page.getByRole('heading', { level: 1, name: DEMO.couscous.name }).waitFor();
    await page.getByText('2 portions restantes').waitFor();
    const stepper = page.getByRole('group', { name: `Quantité de ${DEMO.couscous.name}` });
    expect(await stepper.getByRole('button', { name: 'Retirer une portion' }).isDisabled()).toBe(true);
    await stepper.getByRole('button', { name: 'Ajouter une portion' }).click();
    expect(await stepper.getByRole('button', { name: 'Ajouter une portion' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Ajouter 2 au panier' }).click();
    await page.getByText('2 portion(s) ajoutée(s) au panier').waitFor();
    await page.getByText('Vous avez déjà 2 portion(s) dans votre panier').waitFor();
    // Nothing left to add: 'Épuisé', disabled.
    expect(await page.getByRole('button', { name: 'Épuisé' }).isDisabled()).toBe(true);
    await cartLink(page, 3).waitFor();

    // /cart: lines, amounts, steppers within stock.
    await cartLink(page, 3).click();
    await page.getByRole('heading', { level: 1, name: 'Panier' }).waitFor();
    const couscousLine = page.getByRole('article', { name: DEMO.couscous.name });
    const tajineLine = page.getByRole('article', { name: DEMO.tajine.name });
    await couscousLine.waitFor();
    expect(plain(await couscousLine.innerText())).toContain('par amina_cuisine');
    expect(plain(await couscousLine.innerText())).toContain('22,00 €');
    const summary = page.getByRole('complementary', { name: 'Récapitulatif' });
    expect(plain(await summary.innerText())).toMatch(/Sous-total\s+34,50 €/);
    expect(plain(await summary.innerText())).toContain('Retrait sur place — gratuit');
    expect(plain(await summary.innerText())).toMatch(/Total\s+34,50 €/);
    expect(await couscousLine.getByRole('button', { name: 'Ajouter une portion' }).isDisabled()).toBe(true);

    await tajineLine.getByRole('button', { name: 'Ajouter une portion' }).click();
    await cartLink(page, 4).waitFor();
    await summary.getByText(/47,00/).first().waitFor();

    await couscousLine.getByRole('button', { name: /^Retirer Couscous/ }).click();
    await page.getByText('Article retiré du panier').waitFor();
    await couscousLine.waitFor({ state: 'detached' });
    await cartLink(page, 2).waitFor();

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Vider le panier' }).click();
    await page.getByText('Panier vidé').waitFor();
    await page.getByText('Votre panier est vide').waitFor();
    await cartLink(page, 0).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Parcourir les plats' }).click();
    await page.waitForURL(`${base}/meals`);
    expect(pathOf(page)).toBe('/meals');
    expect(await mainNav(page).getByRole('link', { name: 'Panier (0)' }).isVisible()).toBe(true);
    expect(pageErrors).toEqual([]);
  });
  test('throws confetti on the first add of a visit and on the add that starts a new cart, not on every add', async ({
    context,
    page,
    pageErrors,
    base,
  }) => {
    await signUp(page, base, newAccount());
    await openMeals(page, base, DEMO.tajine.name);
    await addFromCard(page, DEMO.tajine.name);
    await waitForConfetti(page);
    await waitForConfetti(page, { over: true });

    // Same visit, the cart already started: no confetti.
    await addFromCard(page, DEMO.curry.name);
    await cartLink(page, 2).waitFor();
    expect(await confettiWithin(page, 1500)).toBe(false);

    // Another visit (a new tab has its own session) with the same cart: its first add celebrates.
    const later = await context.newPage();
    await openMeals(later, base, DEMO.couscous.name);
    await cartLink(later, 2).waitFor();
    await addFromCard(later, DEMO.couscous.name);
    await waitForConfetti(later);
    await later.close();

    // Emptied, the cart starts again: its first add celebrates, even within the same visit.
    await page.goto(`${base}/cart`);
    await page.getByRole('heading', { level: 1, name: 'Panier' }).waitFor();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Vider le panier' }).click();
    await page.getByText('Votre panier est vide').waitFor();
    await openMeals(page, base, DEMO.tajine.name);
    await cartLink(page, 0).waitFor();
    await addFromCard(page, DEMO.tajine.name);
    await waitForConfetti(page);
    expect(pageErrors).toEqual([]);
  });
});
