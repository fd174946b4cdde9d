// What the benchmarks' simulated people do over GraphQL, as the apps do it: sign up (with a
// confirmed address), publish a dish, and the buyer's checkout from the cart to the paid order.

import { MongoClient } from 'mongodb';
import { followOrderUpdates } from './order-updates';

/** A GraphQL client with its own cookie jar (one per simulated person). */
export function person(bff: string) {
  const jar = new Map<string, string>();
  return async (query: string, variables: Record<string, unknown> = {}) => {
    const res = await fetch(`${bff}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
      body: JSON.stringify({ query, variables }),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
    const body = (await res.json()) as { data?: any; errors?: { message: string }[] };
    if (body.errors?.length) throw new Error(body.errors[0].message);
    return body.data;
  };
}
export type Person = ReturnType<typeof person>;

/**
 * Paying and publishing need a confirmed address. The load generator confirms its
 * accounts in identity's database, as opening the emailed link would (reading hundreds of links from
 * the mail inbox would measure the inbox); the browser tests use the real link.
 */
let storeClient: MongoClient | null = null;
export async function confirmAccountsIn(mongoUrl: string): Promise<void> {
  storeClient = await MongoClient.connect(mongoUrl);
}
export async function stopConfirmingAccounts(): Promise<void> {
  await storeClient?.close();
  storeClient = null;
}
/** The store connection confirmAccountsIn opened (null before it and after stopConfirmingAccounts). */
export const benchStore = (): MongoClient | null => storeClient;

let unique = 0;
export const signUp = async (gql: Person, user_type: string, i: number) => {
  const tag = `${Date.now().toString(36)}${(++unique).toString(36)}`;
  const email = `bench-${user_type}-${i}-${tag}@popote.test`;
  const created = await gql('mutation($i: SignUpInput!) { signUp(input: $i) { user { user_id } } }', {
    i: {
      email,
      password: 'bench-secret',
      name: 'Bench',
      username: `b_${user_type.slice(0, 2)}_${i}_${tag}`.slice(0, 30),
      location: 'Lyon',
      user_type,
    },
  });
  if (!storeClient) throw new Error('confirmAccountsIn(MONGO_URL) first: paying and publishing need a confirmed address');
  // After the relay has cleared the sign-up's outbox (FerretDB rewrites whole documents: an update
  // racing that clear could be undone); nothing else writes the user afterwards.
  const users = storeClient.db('popote_identity').collection('users');
  for (let i = 0; i < 200 && (await users.findOne({ email, _outbox_pending: true }, { projection: { _id: 1 } })); i++) {
    await new Promise((r) => setTimeout(r, 50));
  }
  await users.updateOne({ email }, { $set: { email_verified_at: new Date() } });
  // A new dish needs a verified seller: the cook's trader file verified in the store, as an operator would.
  if (user_type === 'cook') await markSellerVerified(storeClient, email);
  // A buyer who confirmed their address and came back: the session's token says so, as after the
  // link opened in the same browser (ADR 0021 decision 12). Before any clock starts.
  await gql('mutation($e: String!, $p: String!) { signIn(email: $e, password: $p) { user { user_id } } }', { e: email, p: 'bench-secret' });
  return created;
};

/**
 * The load generator's cooks sell at once: their trader file is written verified in identity's
 * database (plausible details, a SIRET whose check digit is right, no documents), as an operator's
 * verification would — a fixture, like the confirmed address above; no product path skips the
 * operator. Written right after the sign-up, when nothing else writes the file or the cook profile.
 */
async function markSellerVerified(store: MongoClient, email: string): Promise<void> {
  const identity = store.db('popote_identity');
  const cook = await identity.collection<{ _id: string; name: string }>('users').findOne({ email }, { projection: { name: 1 } });
  if (!cook) throw new Error(`no account ${email}`);
  const seller = {
    legal_name: cook.name,
    siret: '73282932000074',
    address: { street: '1 rue du Banc', postcode: '75001', city: 'Paris' },
    phone: '0100000000',
    email,
  };
  const now = new Date();
  const details = { ...seller, ddpp_receipt_key: null, hygiene_certificate_key: null, self_certified: true };
  await identity.collection<{ _id: string }>('traders').updateOne(
    { _id: cook._id },
    {
      $set: {
        status: 'verified',
        revision: 1,
        details,
        submitted_at: now,
        decided_at: now,
        verified_at: now,
        relationship_ended_at: null,
        delete_after: null,
      },
    },
    { upsert: true },
  );
  await identity
    .collection<{ _id: string }>('cookProfiles')
    .updateOne({ _id: cook._id }, { $set: { verified_seller: true, seller } }, { upsert: true });
}

/** Pick-up every day, all day, room for every buyer of a run: set with the cook's first meal. */
const PICKUP_ALL_DAY = {
  windows: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '23:45' })),
  days_off: [],
  address: { street: '1 rue du Banc', postcode: '75001', commune_code: '75101' }, // Paris 1er
  cutoff_minutes: 0,
  slot_minutes: 15,
  capacity: 100,
  capacity_unit: 'orders',
};

/** Delivery every day, all day, within 5 km of Paris 1er, room for every buyer of a run (ADR 0044). */
const DELIVERY_ALL_DAY = {
  enabled: true,
  radius_km: 5,
  fee_cents: 500,
  free_above_cents: null,
  windows: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '23:30' })),
  slot_minutes: 30,
  cutoff_minutes: 0,
  capacity: 100,
};

/** Where the bench's deliveries go: Paris 2e, about a kilometre from the cooks. */
const DELIVERY_ADDRESS = {
  street: '12 rue Montorgueil',
  complement: '',
  postcode: '75002',
  commune_code: '75102',
  phone: '0612345678',
  instructions: '',
};

export async function createMeal(cook: Person, portions: number, name = 'Plat du banc d’essai', delivers = false): Promise<string> {
  await setPickupAllDay(cook, delivers);
  return publishMeal(cook, portions, name);
}

export const setPickupAllDay = (cook: Person, delivers = false) =>
  cook('mutation($i: PickupSettingsInput!) { updatePickupSettings(input: $i) { cook_id } }', {
    i: delivers ? { ...PICKUP_ALL_DAY, delivery: DELIVERY_ALL_DAY } : PICKUP_ALL_DAY,
  });

/** The bench's promotion code (ADR 0045): 10 % off every dish of the cook, with a cap, so each use is held and counted. */
export const BENCH_PROMO_CODE = 'BANC10';

export const createPromotion = (cook: Person) =>
  cook('mutation($i: PromotionInput!) { createPromotion(input: $i) { promotion_id } }', {
    i: {
      name: 'Banc d’essai',
      code: BENCH_PROMO_CODE,
      kind: 'percent',
      value: 10,
      starts_at: new Date(Date.now() - 3_600_000).toISOString(),
      ends_at: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      max_uses: 100_000,
      max_uses_per_buyer: 1,
    },
  });

/** A dish published by a cook whose pick-up settings are saved. */
export async function publishMeal(cook: Person, portions: number, name: string): Promise<string> {
  const meal = await cook('mutation($i: CreateMealInput!) { createMeal(input: $i) { meal_id } }', {
    i: {
      name,
      description: 'Pour mesurer',
      price_cents: 990,
      portions_available: portions,
      ingredients: ['Riz'],
      allergens: [],
      category: 'healthy',
      preparation_time: 5,
      available_date: new Date().toISOString(),
    },
  });
  return meal.createMeal.meal_id as string;
}

/** The slot a buyer picks among those offered (in time order, never empty). */
export type SlotPicker = (offered: { start: string }[]) => { start: string };

/**
 * Past the hour before the slot when ordering reminds the buyer (REMINDER_BEFORE_MS, plus a sweep's
 * margin): no reminder falls inside a run, whatever its hour, so two runs count the same work per
 * order. A reminder is one more event, email and order write per order, later.
 */
const AFTER_REMINDER_MS = 75 * 60_000;

/** The first slot whose reminder is not due during the run (the last offered if none is that late). */
export const slotAfterReminder: SlotPicker = (offered) =>
  offered.find((s) => Date.parse(s.start) >= Date.now() + AFTER_REMINDER_MS) ?? offered[offered.length - 1]!;

/**
 * As a buyer does at checkout: for each cook of the cart, a pick-up slot among those offered
 * (`pick`: one whose reminder is not due during the run by default), read again on every call; then
 * the payment intent.
 */
export async function createIntent(
  gql: Person,
  pick: SlotPicker = slotAfterReminder,
  delivery = false,
  promoCode: string | null = null,
): Promise<string> {
  const mode = delivery ? 'delivery' : 'pickup';
  const cart = await gql('{ cart { items { meal_id quantity meal { cook_id } } } }');
  const items = cart.cart.items as { meal_id: string; quantity: number; meal: { cook_id: string } }[];
  const slots = await Promise.all(
    [...new Set(items.map((i) => i.meal.cook_id))].map(async (cookId) => {
      const own = items.filter((i) => i.meal.cook_id === cookId);
      const r = await gql(
        'query($c: ID!, $m: [ID!]!, $p: Int!, $mode: String!, $commune: String) { pickupSlots(cook_id: $c, meal_ids: $m, portions: $p, mode: $mode, commune_code: $commune) { slots { start } } }',
        {
          c: cookId,
          m: own.map((i) => i.meal_id),
          p: own.reduce((n, i) => n + i.quantity, 0),
          mode,
          commune: delivery ? DELIVERY_ADDRESS.commune_code : null,
        },
      );
      const offered = r.pickupSlots.slots as { start: string }[];
      if (!offered.length) throw new Error(`no pick-up slot offered by ${cookId}`);
      return { cook_id: cookId, start: pick(offered).start, mode };
    }),
  );
  const intent = await gql(
    'mutation($s: [ChosenSlotInput!]!, $a: DeliveryAddressInput, $c: [PromoCodeInput!]) { createPaymentIntent(slots: $s, delivery_address: $a, promo_codes: $c) { checkout { checkout_id } } }',
    { s: slots, a: delivery ? DELIVERY_ADDRESS : null, c: promoCode ? slots.map((x) => ({ cook_id: x.cook_id, code: promoCode })) : [] },
  );
  return intent.createPaymentIntent.checkout.checkout_id as string;
}

/** Pays checkout `id` with the sandbox's test card; returns what the BFF answered. */
export async function payWithSandboxCard(gql: Person, id: string): Promise<{ status: string }> {
  const paid = await gql(
    'mutation($id: ID!) { confirmSandboxPayment(checkout_id: $id, card: {number: "4242424242424242", exp_month: 12, exp_year: 2034, cvc: "123"}) { status } }',
    { id },
  );
  return paid.confirmSandboxPayment;
}

/**
 * A buyer's whole checkout: add to cart, slots and payment intent (the reservation), the sandbox card;
 * with `untilVisible`, as /orders does: the live order updates (GraphQL subscription over the
 * WebSocket) followed before the card is charged, and the buyer's orders read again on each new
 * order announced until the checkout's is listed: returns the time from the add to the paid order
 * visible to the buyer (null if it never was within a minute).
 */
export const buyOne = async (
  gql: Person,
  mealId: string,
  quantity = 1,
  untilVisible = false,
  delivery = false,
  promoCode: string | null = null,
) => {
  const t0 = performance.now();
  await gql('mutation($m: ID!, $q: Int!) { addToCart(meal_id: $m, quantity: $q) { item_count } }', { m: mealId, q: quantity });
  const checkoutId = await createIntent(gql, slotAfterReminder, delivery, promoCode);
  const live = untilVisible ? await followOrderUpdates(gql) : null;
  try {
    if ((await payWithSandboxCard(gql, checkoutId)).status !== 'succeeded') throw new Error('payment failed');
    const visibleMs = live ? await live.untilListed(checkoutId, t0) : null;
    return { checkoutId, visibleMs };
  } finally {
    live?.close();
  }
};
