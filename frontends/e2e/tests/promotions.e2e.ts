import { expectAccessible } from './support/console';
import { newAccount, signUp } from './support/accounts';
import { expect, test } from './support/fixtures';
import { addOperator, firstSignIn } from './support/operators';
import { addFromCard, cartLink, chooseFirstSlots, mealCard, openDashboardAs, openMeals, orderCard, payWith, plain } from './support/shop';

/** Mei's gyozas (9,50 €, 3 portions): no other browser test buys them. */
const GYOZAS = 'Gyozas porc et légumes';
/** Mei's bowl (10,50 €): two of them make a basket above the offer's minimum. */
const BOWL = 'Bowl tofu mariné et légumes';

/** From /meals: `count` portions of `meal` in the cart, then /checkout. */
async function toCheckout(page: import('@playwright/test').Page, base: string, meal: string, count: number) {
  await openMeals(page, base, meal);
  await addFromCard(page, meal);
  for (let i = 1; i < count; i++) {
    await mealCard(page, meal).getByRole('button', { name: 'Ajouter une portion' }).click();
    await cartLink(page, i + 1).waitFor();
  }
  await cartLink(page, count).click();
  await page.getByRole('button', { name: 'Procéder au paiement' }).click();
  await page.waitForURL(`${base}/checkout`);
}

/** The newest order's number on /orders. */
async function newestOrder(page: import('@playwright/test').Page) {
  const heading = page.getByRole('region', { name: /Commandes en cours/ }).getByRole('heading', { name: /^Commande n° / });
  await heading.first().waitFor();
  return (await heading.first().innerText()).replace('Commande n° ', '').trim();
}

/**
 * Promotions (ADR 0045), as people use them: a cook creates 'WEEKEND10', a buyer applies it at
 * checkout and pays 10 % less, and the receipt and the cook's ledger say the same; an operator turns
 * the platform's first-order offer on, a new buyer gets it on their first order only, and the cook is
 * paid the full price.
 */
test.describe('promotions', () => {
  test("a cook creates 'WEEKEND10'; a buyer applies it and pays 10 % less; the receipt and the cook's ledger agree", async ({
    base,
    openPage,
  }) => {
    test.setTimeout(240_000);
    const { page: cook } = await openPage();
    const { page: buyer } = await openPage();

    await openDashboardAs(cook, base, 'mei@popote.test', 'promotions');
    await cook.getByRole('button', { name: 'Créer une promotion' }).first().click();
    const dialog = cook.getByRole('dialog', { name: 'Créer une promotion' });
    await dialog.getByLabel('Nom', { exact: true }).fill('Week-end gourmand');
    await dialog.getByLabel('Code', { exact: true }).fill('weekend10');
    await dialog.getByLabel('Réduction (%)').fill('95');
    await dialog.getByRole('button', { name: 'Créer la promotion' }).click();
    await dialog.getByText('La réduction doit être entre 1 et 90 %').waitFor();
    await dialog.getByLabel('Réduction (%)').fill('10');
    await dialog.getByLabel('Nombre d’utilisations').fill('10');
    await dialog.getByRole('button', { name: 'Créer la promotion' }).click();
    await cook.getByText('Promotion « Week-end gourmand » créée.').first().waitFor();
    const row = cook.getByTestId('promotion-row').filter({ hasText: 'WEEKEND10' });
    await expect(row).toContainText('10 %');
    await expect(row).toContainText('Active');

    // A buyer: a wrong code is refused in French under the field, the right one takes 0,95 € off.
    await signUp(buyer, base, newAccount());
    await toCheckout(buyer, base, GYOZAS, 1);
    await buyer.getByLabel('Code promo').fill('WEEKEND11');
    await buyer.getByRole('button', { name: 'Appliquer' }).click();
    await buyer.getByText("Ce code promo n'existe pas.").waitFor();
    await buyer.getByLabel('Code promo').fill('weekend10');
    await buyer.getByRole('button', { name: 'Appliquer' }).click();
    await buyer.getByText(/^WEEKEND10 : /).waitFor();
    expect(plain(await buyer.locator('main').innerText())).toContain('0,95');
    await chooseFirstSlots(buyer, 1);
    const pay = buyer.getByRole('button', { name: /^Payer / });
    await pay.waitFor();
    expect(plain(await pay.innerText())).toContain('8,55 €');
    expect(plain(await buyer.locator('main').innerText())).toContain('Réduction « Week-end gourmand »');
    await payWith(buyer, '4242 4242 4242 4242');
    await buyer.waitForURL(`${base}/orders`);
    const number = await newestOrder(buyer);
    const card = orderCard(buyer, number);
    await expect(card).toContainText('Réduction « Week-end gourmand » (offerte par le cuisinier)');
    expect(plain(await card.innerText())).toContain('8,55 €');

    // The receipt: the discount on its own line, the total paid.
    await card.getByRole('link', { name: 'Voir le reçu' }).click();
    await buyer.waitForURL(/\/orders\/[^/]+\/receipt$/);
    const discountRow = buyer.getByTestId('receipt-discount');
    await discountRow.waitFor();
    expect(plain(await discountRow.innerText())).toContain('Week-end gourmand');
    expect(plain(await discountRow.innerText())).toContain('0,95 €');
    expect(plain(await buyer.getByTestId('receipt-total').innerText())).toBe('8,55 €');

    // The cook's ledger: the sale is what the buyer paid, the commission on it (15 % of 8,55 € = 1,28 €).
    await cook.goto(`${base}/cook/dashboard?onglet=paiements`);
    const sale = cook.locator('[data-testid="ledger-row"][data-kind="sale"]').filter({ hasText: '8,55' });
    await sale.first().waitFor();
    await cook.locator('[data-testid="ledger-row"][data-kind="commission"]').filter({ hasText: '1,28' }).first().waitFor();

    // The promotion counts its use; stopped, it is over.
    await cook.goto(`${base}/cook/dashboard?onglet=promotions`);
    await expect(row).toContainText('1 / 10');
    cook.once('dialog', (d) => void d.accept());
    await row.getByRole('button', { name: 'Arrêter' }).click();
    await expect(row).toContainText('Arrêtée');
  });

  test("an operator turns the first-order offer on: a new buyer gets 5 € off their first order only; the cook is paid the full price", async ({
    base,
    openPage,
  }) => {
    test.setTimeout(300_000);
    const { page: ops } = await openPage();
    const { page: buyer } = await openPage();
    const { page: cook } = await openPage();
    await firstSignIn(ops, base, addOperator(), '/console/offre-de-bienvenue');
    await ops.getByRole('heading', { level: 1, name: 'Offre de bienvenue' }).waitFor();
    const setOffer = async (state: 'Active' | 'En pause', reason: string) => {
      await ops.getByLabel('Montant offert (en euros)').fill('5');
      await ops.getByLabel('Panier minimum (en euros)').fill('15');
      await ops.getByLabel(state, { exact: true }).check();
      await ops.getByLabel('Motif (écrit dans le journal)').fill(reason);
      await ops.getByRole('button', { name: 'Enregistrer' }).click();
      await ops.getByText('Offre de bienvenue enregistrée').first().waitFor();
    };
    await setOffer('Active', 'Lancement de l’offre de bienvenue');
    await expectAccessible(ops, "the console's first-order offer");
    try {
      // The buyer's first order: two gyozas (19,00 €) less 5,00 € from Popote.
      await signUp(buyer, base, newAccount());
      await toCheckout(buyer, base, GYOZAS, 2);
      await chooseFirstSlots(buyer, 1);
      const pay = buyer.getByRole('button', { name: /^Payer / });
      await pay.waitFor();
      expect(plain(await pay.innerText())).toContain('14,00 €');
      expect(plain(await buyer.locator('main').innerText())).toContain('Offre de bienvenue Popote');
      await payWith(buyer, '4242 4242 4242 4242');
      await buyer.waitForURL(`${base}/orders`);
      const number = await newestOrder(buyer);
      await expect(orderCard(buyer, number)).toContainText('(offerte par Popote)');

      // The cook: the sale the buyer paid, and Popote's contribution, the commission on 19,00 € (2,85 €).
      await openDashboardAs(cook, base, 'mei@popote.test', 'paiements');
      await cook.locator('[data-testid="ledger-row"][data-kind="platform_contribution"]').filter({ hasText: '5,00' }).first().waitFor();
      await cook.locator('[data-testid="ledger-row"][data-kind="sale"]').filter({ hasText: '14,00' }).first().waitFor();
      await cook.locator('[data-testid="ledger-row"][data-kind="commission"]').filter({ hasText: '2,85' }).first().waitFor();

      // The same buyer's next checkout (21,00 €, above the minimum) has no offer.
      await toCheckout(buyer, base, BOWL, 2);
      await chooseFirstSlots(buyer, 1);
      await buyer.getByRole('button', { name: /^Payer / }).waitFor();
      expect(plain(await buyer.getByRole('button', { name: /^Payer / }).innerText())).toContain('21,00 €');
      expect(plain(await buyer.locator('main').innerText())).not.toContain('Offre de bienvenue Popote');

      // The console counts the first order it gave.
      await ops.reload();
      await expect(ops.locator('main')).toContainText('Premières commandes concernées');
      expect(plain(await ops.locator('main').innerText())).toMatch(/Premières commandes concernées\s*1/);
    } finally {
      // The other browser tests' first orders are paid in full.
      await setOffer('En pause', 'Fin du test de l’offre');
    }
  });
});
