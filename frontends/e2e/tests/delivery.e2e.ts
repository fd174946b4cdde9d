import { newAccount, signUp } from './support/accounts';
import { expect, test } from './support/fixtures';
import { addFromCard, cartLink, chooseFirstSlots, openDashboardAs, openMeals, orderCard, payWith, plain } from './support/shop';

const BOWL = 'Bowl tofu mariné et légumes';
const OUT_OF_RANGE = 'Votre adresse est hors de la zone de livraison de ce cuisinier : choisissez le retrait.';

/**
 * Delivery by the cook (ADR 0044), as people do it: the cook turns it on in 'Retrait et livraison',
 * a buyer too far is told so, a buyer in range chooses it, pays the fee with the dishes and follows
 * the order to « Livrée »; the receipt and the cook's ledger show the fee on its own line.
 */
test.describe('delivery by the cook', () => {
  test('a cook turns delivery on; a buyer in range pays the fee and follows the order to « Livrée »; out of range is refused', async ({
    base,
    openPage,
  }) => {
    test.setTimeout(240_000);
    const { page: cook } = await openPage();
    const { page: buyer } = await openPage();

    // The cook (Villeurbanne) delivers within 10 km for 4,00 €, on the default window (Fridays 18:00–20:00).
    await openDashboardAs(cook, base, 'mei@popote.test', 'retrait');
    await cook.getByRole('tab', { name: 'Retrait et livraison', selected: true }).waitFor();
    const delivery = cook.getByTestId('pickup-delivery');
    await delivery.getByLabel('Proposer la livraison').check();
    await delivery.getByLabel('Rayon de livraison (km)').fill('10');
    await delivery.getByLabel('Frais de livraison (€)').fill('4,00');
    await cook.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await cook.getByText('Horaires de retrait enregistrés').first().waitFor();
    await cook.reload();
    expect(await cook.getByTestId('pickup-delivery').getByLabel('Frais de livraison (€)').inputValue()).toBe('4,00');

    // A buyer puts the bowl in the cart and goes to pay.
    await signUp(buyer, base, newAccount());
    await openMeals(buyer, base, BOWL);
    await addFromCard(buyer, BOWL);
    await cartLink(buyer, 1).click();
    await buyer.getByRole('button', { name: 'Procéder au paiement' }).click();
    await buyer.waitForURL(`${base}/checkout`);
    await buyer.getByLabel('Retrait (gratuit)').waitFor();
    await buyer.getByLabel('Livraison (4,00 €)').check();

    // From Marseille: out of the cook's zone, said in French, no delivery slot.
    await buyer.getByLabel('Adresse (numéro et rue)').fill('1 La Canebière');
    await buyer.getByLabel('Code postal').fill('13001');
    await buyer.getByText(OUT_OF_RANGE).waitFor();
    expect(await buyer.getByRole('radiogroup', { name: 'Livraison par mei_wok' }).count()).toBe(0);

    // From Lyon 7e: in range; the fee is in the total.
    await buyer.getByLabel('Adresse (numéro et rue)').fill('12 rue de Marseille');
    await buyer.getByLabel('Code postal').fill('69007');
    await buyer.getByLabel('Téléphone (pour le cuisinier)').fill('06 12 34 56 78');
    await buyer.getByLabel('Instructions pour le cuisinier (facultatif)').fill('Interphone Martin');
    await buyer.getByRole('radiogroup', { name: 'Livraison par mei_wok' }).waitFor();
    expect(await buyer.getByText(OUT_OF_RANGE).count()).toBe(0);
    expect(plain(await buyer.locator('main').innerText())).toContain('Livraison (mei_wok)');
    await chooseFirstSlots(buyer, 1);
    const pay = buyer.getByRole('button', { name: /^Payer / });
    await pay.waitFor();
    expect(plain(await pay.innerText())).toContain('14,50 €');
    await payWith(buyer, '4242 4242 4242 4242');
    await buyer.waitForURL(`${base}/orders`);
    const heading = buyer.getByRole('region', { name: /Commandes en cours/ }).getByRole('heading', { name: /^Commande n° / });
    await heading.first().waitFor();
    const number = (await heading.first().innerText()).replace('Commande n° ', '').trim();
    const buyerOrder = orderCard(buyer, number);
    await buyerOrder.getByText(/^Livraison : /).waitFor();
    expect(plain(await buyerOrder.innerText())).toContain('4,00 €');

    // The cook sees the address once the order is confirmed, with a map link, and moves it along.
    await cook.goto(`${base}/cook/dashboard?onglet=commandes`);
    const cookOrder = orderCard(cook, number);
    await cookOrder.getByText('L’adresse de livraison s’affichera une fois la commande confirmée.').waitFor();
    await cookOrder.getByRole('button', { name: 'Confirmer', exact: true }).click();
    await cookOrder.getByText(/12 rue de Marseille, 69007 Lyon 7e Arrondissement/).waitFor();
    expect(await cookOrder.getByRole('link', { name: 'Ouvrir dans mon application de cartes' }).getAttribute('href')).toMatch(
      /^geo:0,0\?q=/,
    );
    await cookOrder.getByText('Interphone Martin').waitFor();
    for (const step of [
      { action: 'Commencer la préparation', label: 'En préparation' },
      { action: 'Partir en livraison', label: 'En cours de livraison' },
      { action: 'Marquer comme livrée', label: 'Livrée' },
    ]) {
      await cookOrder.getByRole('button', { name: step.action, exact: true }).click();
      await cookOrder.getByText(step.label, { exact: true }).waitFor();
      await orderCard(buyer, number).getByText(step.label, { exact: true }).waitFor();
    }
    // Delivered: the cook no longer sees where the buyer lives.
    await cook.reload();
    await orderCard(cook, number).getByText('Livrée', { exact: true }).waitFor();
    expect(
      await orderCard(cook, number)
        .getByText(/12 rue de Marseille/)
        .count(),
    ).toBe(0);

    // The receipt: the fee on its own line, the commission on the dishes only.
    await orderCard(buyer, number).getByRole('link', { name: 'Voir le reçu' }).click();
    await buyer.waitForURL(/\/orders\/[^/]+\/receipt$/);
    const feeRow = buyer.getByTestId('receipt-delivery-fee');
    await feeRow.waitFor();
    expect(plain(await feeRow.innerText())).toContain('Livraison par le cuisinier');
    expect(plain(await feeRow.innerText())).toContain('4,00 €');
    expect(plain(await buyer.getByTestId('receipt-total').innerText())).toBe('14,50 €');
    await buyer.getByText(/sur le prix des plats ; les frais de livraison reviennent entièrement au cuisinier/).waitFor();

    // The cook's ledger: the fee as its own entry.
    await cook.goto(`${base}/cook/dashboard?onglet=paiements`);
    const feeEntry = cook.locator('[data-testid="ledger-row"][data-kind="delivery_fee"]').first();
    await feeEntry.waitFor();
    expect(plain(await feeEntry.innerText())).toContain('Frais de livraison');
    expect(plain(await feeEntry.innerText())).toContain('4,00');
  });
});
