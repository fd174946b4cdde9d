import { MongoClient } from 'mongodb';
import type { Page } from '@playwright/test';
import { newAccount, signUp } from './support/accounts';
import { expect, test } from './support/fixtures';
import { graphql } from './support/graphql';
import { addFromCard, cartLink, chooseFirstSlots, openMeals, payWith, plain, proceedToCheckout, signInAs } from './support/shop';

/**
 * Moves a checkout's reservation past its expiry (rather than waiting 20 minutes) everywhere it
 * counts: the checkout in payments, the reservation, the meal's stock and the slot in the catalogue.
 */
async function expireReservation(mongoUrl: string, consumerId: string): Promise<void> {
  const client = await MongoClient.connect(mongoUrl);
  try {
    const past = new Date(Date.now() - 1000);
    const checkout = await client
      .db('popote_payments')
      .collection<{ _id: string }>('checkouts')
      .findOne({ consumer_id: consumerId, status: 'requires_payment_method' });
    if (!checkout) throw new Error(`no open checkout for ${consumerId}`);
    await client
      .db('popote_payments')
      .collection<{ _id: string }>('checkouts')
      .updateOne({ _id: checkout._id }, { $set: { reserved_until: past } });
    const catalogue = client.db('popote_catalogue');
    type WithHolds = { _id: string; holds: { hold_id: string; expires_at: Date }[] };
    for (const hold of await catalogue
      .collection<{ _id: string; cook_id: string; lines: { meal_id: string }[] }>('slotHolds')
      .find({ checkout_id: checkout._id })
      .toArray()) {
      await catalogue.collection<{ _id: string }>('slotHolds').updateOne({ _id: hold._id }, { $set: { expires_at: past } });
      const back = (holds: WithHolds['holds']) => holds.map((h) => (h.hold_id === hold._id ? { ...h, expires_at: past } : h));
      for (const load of await catalogue.collection<WithHolds>('slotLoads').find({ cook_id: hold.cook_id }).toArray())
        await catalogue.collection<WithHolds>('slotLoads').updateOne({ _id: load._id }, { $set: { holds: back(load.holds) } });
      for (const line of hold.lines) {
        const stock = await catalogue.collection<WithHolds>('stock').findOne({ _id: line.meal_id });
        if (stock) await catalogue.collection<WithHolds>('stock').updateOne({ _id: stock._id }, { $set: { holds: back(stock.holds) } });
      }
    }
  } finally {
    await client.close();
  }
}

/** A new dish of the demo cook lucas (pick-up windows every day), on sale with `portions` portions; its id. */
async function putOnSale(page: Page, base: string, name: string, portions: number): Promise<string> {
  await signInAs(page, base, 'lucas@popote.test');
  const created = await graphql<{ createMeal?: { meal_id: string } }>(
    page,
    'mutation($i: CreateMealInput!) { createMeal(input: $i) { meal_id } }',
    {
      i: {
        name,
        description: 'Aux cerises du jardin',
        price_cents: 650,
        portions_available: portions,
        ingredients: ['Riz'],
        allergens: [],
        category: 'dessert',
        preparation_time: 20,
        available_date: new Date().toISOString(),
      },
    },
  );
  expect(created.errors).toBeUndefined();
  const mealId = created.data?.createMeal?.meal_id;
  if (!mealId) throw new Error('createMeal answered no meal');
  return mealId;
}

test.describe('checkout reservations (docs/checkout.md): the food is held before the card, refused at once when gone, and expires', () => {
  test('the last portion: reserved for the first buyer, refused to the second before any card; once expired, the second gets it and the first is told', async ({
    base,
    openPage,
  }) => {
    test.setTimeout(150_000);
    const mongoUrl = process.env.POPOTE_MONGO_URL;
    if (!mongoUrl) throw new Error('POPOTE_MONGO_URL is set by the test runner');
    const cook = await openPage();
    const a = await openPage();
    const b = await openPage();
    // The first buyer's page runs on a clock the test can move (to see the reservation run out).
    await a.page.clock.install();
    // A cook (demo, with pick-up windows every day) puts one portion of a new dish on sale.
    const name = `Clafoutis réservé ${Date.now().toString(36)}`;
    const mealId = await putOnSale(cook.page, base, name, 1);
    /** What the dish's page says is left ('1 portion restante' or 'Épuisé'), once rendered, to someone with nothing in their cart. */
    const left = async (page: Page) => {
      await page.goto(`${base}/meals/${mealId}`);
      const row = page.getByText(/^(\d+ portions? restantes?|Épuisé)$/).first();
      await row.waitFor();
      return plain(await row.textContent());
    };

    // Both buyers put it in their cart while one portion is left.
    await signUp(a.page, base, newAccount());
    await signUp(b.page, base, newAccount());
    for (const { page } of [a, b]) {
      await openMeals(page, base, name);
      await addFromCard(page, name);
    }

    // A goes to pay: the portion and the slot are reserved before the card form shows, with the time.
    await cartLink(a.page, 1).click();
    await a.page.getByRole('button', { name: 'Procéder au paiement' }).click();
    await a.page.waitForURL(`${base}/checkout`);
    await chooseFirstSlots(a.page, 1);
    await a.page.getByRole('button', { name: 'Payer 6,50 €' }).waitFor();
    const reserved = plain(await a.page.getByText(/réservés pour vous jusqu’à/).innerText());
    expect(reserved).toMatch(/jusqu’à \d{2}:\d{2}, le temps de payer/);

    // Everyone now sees it sold out (portions − reserved), and B is refused before any card.
    expect(await left(cook.page)).toBe('Épuisé');
    await cartLink(b.page, 1).click();
    await b.page.getByRole('button', { name: 'Procéder au paiement' }).click();
    await b.page
      .getByText(/Stock insuffisant/)
      .first()
      .waitFor();
    expect(await b.page.getByRole('button', { name: /^Payer / }).count()).toBe(0);

    // A leaves it (20 minutes pass): A's page says it expired, with no card form and 'Réserver à nouveau'.
    await expireReservation(mongoUrl, await consumerIdOf(a.page));
    await a.page.clock.fastForward('21:00');
    await a.page.getByText(/Votre réservation a expiré à \d{2}:\d{2}/).waitFor();
    expect(await a.page.getByRole('button', { name: /^Payer / }).count()).toBe(0);

    // Within the catalogue's sweep (15 s), the portion is back on the dish's page for everyone.
    let shown = await left(cook.page);
    for (let i = 0; i < 30 && shown !== '1 portion restante'; i++) {
      await cook.page.waitForTimeout(1000);
      shown = await left(cook.page);
    }
    expect(shown).toBe('1 portion restante');

    // B can now reserve it and pay.
    await cartLink(b.page, 1).click();
    await b.page.getByRole('button', { name: 'Procéder au paiement' }).click();
    await b.page.waitForURL(`${base}/checkout`);
    await chooseFirstSlots(b.page, 1);
    await b.page.getByRole('button', { name: 'Payer 6,50 €' }).waitFor();

    // A asks again: refused in French, the portion is B's.
    await a.page.getByRole('button', { name: 'Réserver à nouveau' }).click();
    await a.page
      .getByRole('alert')
      .filter({ hasText: /Stock insuffisant/ })
      .waitFor();
    expect(await a.page.getByRole('button', { name: /^Payer / }).count()).toBe(0);

    await payWith(b.page, '4242 4242 4242 4242');
    await b.page.getByText('Commande confirmée !').first().waitFor();
    expect([...a.pageErrors, ...b.pageErrors]).toEqual([]);
  });
  test('one buyer, two tabs: the newer checkout replaces the older one, whose card is refused in French and never charged', async ({
    base,
    openPage,
  }) => {
    test.setTimeout(120_000);
    const cook = await openPage();
    const buyer = await openPage();
    const name = `Far breton ${Date.now().toString(36)}`;
    await putOnSale(cook.page, base, name, 5);
    await signUp(buyer.page, base, newAccount());
    await openMeals(buyer.page, base, name);
    await addFromCard(buyer.page, name);
    await cartLink(buyer.page, 1).click();
    await proceedToCheckout(buyer.page, base);
    // A second tab of the same browser goes to pay the same cart: its checkout replaces the first.
    const second = await buyer.page.context().newPage();
    await second.goto(`${base}/cart`);
    await proceedToCheckout(second, base);
    await payWith(buyer.page, '4242 4242 4242 4242');
    await buyer.page.getByRole('alert').filter({ hasText: 'Ce paiement a été remplacé par un plus récent' }).waitFor();
    await buyer.page.screenshot({ path: `${process.env.POPOTE_ROOT ?? '.'}/.data/test-reports/replaced-checkout.png` });
    // The newer tab pays; one order, one payment.
    await payWith(second, '4242 4242 4242 4242');
    await second.waitForURL(`${base}/orders`);
    const orders = await graphql<{ myOrders: unknown[] }>(second, '{ myOrders { order_id } }');
    expect(orders.data?.myOrders).toHaveLength(1);
    expect(buyer.pageErrors).toEqual([]);
  });
});

/** The signed-in person's id, as the BFF knows it. */
async function consumerIdOf(page: Page): Promise<string> {
  const me = await graphql<{ me: { user: { user_id: string } } }>(page, '{ me { user { user_id } } }');
  if (!me.data) throw new Error('not signed in');
  return me.data.me.user.user_id;
}
