import type { Page } from '@playwright/test';
import { newAccount, pathOf, signUp } from './support/accounts';
import { expect, test } from './support/fixtures';
import { graphql } from './support/graphql';
import { waitForEmail } from './support/mail';
import { addFromCard, cartLink, DEMO, openMeals, payWith, plain, proceedToCheckout } from './support/shop';

const NO_ORDERS_YET = "Vous n'avez pas encore de commande.";
const ORDER_COMING = 'Paiement reçu, nous préparons votre commande…';
const ORDER_LATE = 'Votre paiement est bien enregistré.';

/**
 * From now on (client-side navigations keep the window), records which of the orders page's
 * states showed, in order of first appearance: the wait, the late message, 'no orders yet', an order.
 */
const watchOrdersPage = (page: Page) =>
  page.evaluate(
    ({ texts }) => {
      const seen: string[] = [];
      Object.assign(window, { e2eOrdersSeen: seen });
      const note = () => {
        const text = document.body.textContent ?? '';
        for (const [state, shown] of Object.entries(texts)) if (text.includes(shown) && !seen.includes(state)) seen.push(state);
        if (document.querySelector('section[aria-labelledby="orders-current"] article') && !seen.includes('order')) seen.push('order');
      };
      note();
      new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
    },
    { texts: { waiting: ORDER_COMING, late: ORDER_LATE, empty: NO_ORDERS_YET } },
  );
const ordersPageSeen = (page: Page) => page.evaluate(() => (window as { e2eOrdersSeen?: string[] }).e2eOrdersSeen ?? []);

test.describe('checkout: card payment in the offline sandbox, one order per cook', () => {
  test('keeps the cart after a declined card, then pays and shows one order per cook', async ({ page, pageErrors, base }) => {
    const account = newAccount();
    await signUp(page, base, account);

    // Without the cart's session data, /checkout sends back to the cart.
    await page.goto(`${base}/checkout`);
    await page.getByText('Données de paiement invalides').waitFor();
    await page.waitForURL(`${base}/cart`);

    // Two cooks' meals.
    await openMeals(page, base, DEMO.curry.name);
    await addFromCard(page, DEMO.tajine.name);
    await addFromCard(page, DEMO.curry.name);
    await cartLink(page, 2).click();
    await page.getByRole('heading', { level: 1, name: 'Panier' }).waitFor();

    // A pick-up slot per cook: nothing to pay until both are chosen.
    await page.getByRole('button', { name: 'Procéder au paiement' }).click();
    await page.waitForURL(`${base}/checkout`);
    const amina = page.getByRole('radiogroup', { name: 'Retrait chez amina_cuisine' });
    const mei = page.getByRole('radiogroup', { name: 'Retrait chez mei_wok' });
    await amina.waitFor();
    await mei.waitFor();
    const next = page.getByRole('button', { name: 'Continuer vers le paiement' });
    expect(await next.isDisabled()).toBe(true);
    await amina.locator('label').first().click();
    expect(await next.isDisabled()).toBe(true);
    const meiSlot = plain(await mei.locator('label').nth(1).innerText()).split('\n')[0];
    await mei.locator('label').nth(1).click();
    expect(await mei.getByRole('radio', { checked: true }).count()).toBe(1);
    await next.click();
    await page.getByRole('button', { name: /^Payer / }).waitFor();

    const summary = page.getByRole('region', { name: 'Votre commande' });
    expect(plain(await summary.innerText())).toContain('Chez amina_cuisine');
    expect(plain(await summary.innerText())).toContain('Chez mei_wok');
    expect(plain(await summary.innerText())).toMatch(/Total\s+25,50 €/);
    // Each cook's part shows its held slot (the second one offered for mei_wok).
    expect(plain(await summary.innerText())).toContain(meiSlot);
    expect((plain(await summary.innerText()).match(/Retrait : /g) ?? []).length).toBe(2);

    // Changing one cook's slot before paying (ADR 0024): the new one is held at once and the first
    // given back; the payment form comes back with the new slot.
    await page.getByRole('button', { name: 'Changer de créneau' }).click();
    const meiAgain = page.getByRole('radiogroup', { name: 'Retrait chez mei_wok' });
    await meiAgain.waitFor();
    expect(await page.getByRole('button', { name: 'Valider ce créneau' }).isDisabled()).toBe(true);
    const meiNew = plain(await meiAgain.locator('label').nth(2).innerText()).split('\n')[0];
    await meiAgain.locator('label').nth(2).click();
    await page.getByRole('button', { name: 'Valider ce créneau' }).click();
    await page.getByRole('status').filter({ hasText: 'Créneau changé' }).waitFor();
    await page.getByRole('button', { name: 'Payer 25,50 €' }).waitFor();
    expect(plain(await summary.innerText())).toContain(meiNew);
    expect((plain(await summary.innerText()).match(/Retrait : /g) ?? []).length).toBe(2);
    expect(await page.getByRole('complementary', { name: 'Mode test' }).isVisible()).toBe(true);
    const pay = page.getByRole('button', { name: 'Payer 25,50 €' });
    expect(await pay.isVisible()).toBe(true);

    // Checked before sending: an incomplete card number.
    await page.getByLabel('Numéro de carte').fill('4242 4242');
    await pay.click();
    await page.getByText('Numéro de carte incomplet ou invalide').waitFor();

    // Declined: the provider's message inline and as a toast; nothing ordered, the cart kept.
    await payWith(page, '4000 0000 0000 0002');
    await page.getByRole('alert').filter({ hasText: 'Votre carte a été refusée.' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Votre carte a été refusée.' }).waitFor();
    expect(pathOf(page)).toBe('/checkout');
    await page.goto(`${base}/cart`);
    await page.getByRole('article', { name: DEMO.tajine.name }).waitFor();
    await page.getByRole('article', { name: DEMO.curry.name }).waitFor();
    await cartLink(page, 2).waitFor();

    // Paid: 'Commande confirmée !', then /orders with one pending order per cook.
    await proceedToCheckout(page, base, 2);
    expect(await page.getByLabel('Numéro de carte').inputValue()).toBe('');
    await watchOrdersPage(page);
    await payWith(page, '4242 4242 4242 4242');
    await page.getByText('Commande confirmée !').first().waitFor();
    await page.getByRole('heading', { name: 'Paiement accepté' }).waitFor();
    await page.waitForURL(`${base}/orders`);
    const current = page.getByRole('region', { name: /Commandes en cours/ });
    const orders = current.getByRole('article');
    await orders.nth(1).waitFor();
    expect(await orders.count()).toBe(2);
    // Right after paying: the orders (or the wait, then the orders), never 'no orders yet'.
    const seen = await ordersPageSeen(page);
    expect(seen).not.toContain('empty');
    expect(seen.filter((state) => state !== 'late')).toEqual(seen.includes('waiting') ? ['waiting', 'order'] : ['order']);
    const texts = (await orders.allInnerTexts()).map(plain);
    expect(texts.every((text) => text.includes('En attente de confirmation'))).toBe(true);
    expect(texts.some((text) => text.includes('amina_cuisine') && text.includes(`${DEMO.tajine.name} × 1`))).toBe(true);
    expect(texts.some((text) => text.includes('mei_wok') && text.includes(`${DEMO.curry.name} × 1`))).toBe(true);
    expect(texts.every((text) => /Commande n° \S{8}\b/.test(text))).toBe(true);
    // Each order card shows its pick-up slot and offers it as a calendar file.
    expect(texts.every((text) => text.includes('Retrait :'))).toBe(true);
    expect(await current.getByRole('button', { name: /Ajouter à mon agenda/ }).count()).toBe(2);
    // The server emptied the cart once the orders existed.
    await cartLink(page, 0).waitFor();

    // Emails: the consumer's confirmation of each order, and each cook's new order, naming the dishes.
    for (const [dish, cookEmail] of [
      [DEMO.tajine.name, 'amina@popote.test'],
      [DEMO.curry.name, 'mei@popote.test'],
    ] as const) {
      const number = /Commande n° (\S{8})\b/.exec(texts.find((text) => text.includes(dish)) ?? '')?.[1];
      expect(number, dish).toBeTruthy();
      const sentTo = (address: string, subject: string) =>
        waitForEmail((m) => m.subject === subject && m.to.some((to) => to.address === address));
      const confirmation = await sentTo(account.email, `Commande n° ${number} enregistrée`);
      expect(confirmation.text).toContain(`- 1 × ${dish}`);
      const forCook = await sentTo(cookEmail, `Nouvelle commande n° ${number}`);
      expect(forCook.text).toContain(`- 1 × ${dish}`);
      expect(forCook.text).not.toContain('× plat');
    }

    // The payment data is gone with the payment.
    await page.goto(`${base}/checkout`);
    await page.getByText('Données de paiement invalides').waitFor();
    await page.waitForURL(`${base}/cart`);
    await page.getByText('Votre panier est vide').waitFor();
    expect(pageErrors).toEqual([]);
  });

  test('on /orders before the order exists: waits, says in French when it is late, shows it when the live update comes', async ({
    page,
    pageErrors,
    base,
  }) => {
    await signUp(page, base, newAccount());
    await openMeals(page, base, DEMO.tajine.name);
    await addFromCard(page, DEMO.tajine.name);
    await cartLink(page, 1).click();
    const intent = page.waitForResponse(
      (r) => r.url().endsWith('/graphql') && (r.request().postData() ?? '').includes('CreatePaymentIntent'),
    );
    await proceedToCheckout(page, base);
    const answer = (await (await intent).json()) as { data: { createPaymentIntent: { checkout: { checkout_id: string } } } };
    const checkoutId = answer.data.createPaymentIntent.checkout.checkout_id;

    // The buyer lands on /orders for this checkout before its order exists, as when ordering lags
    // behind the payment: the page opened by the payment (its history state), the card not charged yet.
    await watchOrdersPage(page);
    await page.evaluate((id) => history.pushState({ checkoutId: id }, '', '/orders'), checkoutId);
    await page.getByRole('heading', { level: 1, name: 'Mes commandes' }).waitFor();
    await page.getByRole('status').filter({ hasText: ORDER_COMING }).waitFor();
    // Late (10 s): what is happening, in French, and still no 'no orders yet'.
    const late = page.getByRole('status').filter({ hasText: ORDER_LATE });
    await late.waitFor({ timeout: 20_000 });
    expect(plain(await late.innerText())).toContain('cette page se met à jour toute seule');

    // The card is charged now: the order-placed live update brings the order, without a reload.
    const paid = await graphql<{ confirmSandboxPayment: { status: string } }>(
      page,
      'mutation($id: ID!, $card: CardInput!) { confirmSandboxPayment(checkout_id: $id, card: $card) { status } }',
      { id: checkoutId, card: { number: '4242424242424242', exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: '123' } },
    );
    expect(paid.data?.confirmSandboxPayment.status).toBe('succeeded');
    const order = page.getByRole('region', { name: /Commandes en cours/ }).getByRole('article');
    await order.first().waitFor();
    expect(plain(await order.first().innerText())).toContain(`${DEMO.tajine.name} × 1`);
    expect(await late.count()).toBe(0);
    expect(await ordersPageSeen(page)).toEqual(['waiting', 'late', 'order']);
    expect(pageErrors).toEqual([]);
  });
});
