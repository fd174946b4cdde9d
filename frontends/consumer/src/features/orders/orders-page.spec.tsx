// @vitest-environment jsdom
import { renderWithBff, settle, SIGNED_IN_CONSUMER, stubLiveBff, useReactTestRoot, type SentOperation } from '@popote/ui/testing';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ARRIVAL_LATE_MS, OrdersPage } from './orders-page';

const EMPTY = "Vous n'avez pas encore de commande.";
const WAITING = 'Paiement reçu, nous préparons votre commande…';
const LATE = 'Votre paiement est bien enregistré.';
const LATE_BODY = "Elle apparaîtra ici dès qu'elle sera prête : cette page se met à jour toute seule";

const dom = useReactTestRoot();
const text = () => dom.container.textContent ?? '';

/** An order of the signed-in consumer, as the BFF answers `myOrders`. */
const order = (orderId: string, checkoutId: string) => ({
  __typename: 'Order',
  order_id: orderId,
  checkout_id: checkoutId,
  cook_id: 'cook-amina',
  cook_name: 'amina_cuisine',
  total_cents: 1250,
  order_status: 'pending',
  delivery_option: 'pickup',
  delivery_fee_cents: 0,
  discount_cents: 0,
  discount_name: null,
  discount_funder: null,
  delivery_address: null,
  pickup_start: null,
  pickup_end: null,
  pickup_address: null,
  cancel_reason: null,
  created_at: '2026-12-01T10:00:00.000Z',
  updated_at: '2026-12-01T10:00:00.000Z',
  items: [
    { __typename: 'OrderItem', order_item_id: `${orderId}-1`, meal_id: 'meal-tajine', name: 'Tajine', quantity: 1, price_cents: 1250 },
  ],
});

const EMPTY_CART = { __typename: 'Cart', cart_id: 'cart-u1', item_count: 0, subtotal_cents: 0, total_cents: 0, items: [] };

/** A new order, as the live subscription announces it (`from` null). */
const placed = (orderId: string) => ({
  orderUpdated: { __typename: 'OrderUpdate', order_id: orderId, from: null, order_status: 'pending' },
});

/** The BFF: the consumer's orders are `orders()` at the moment each request arrives. */
const bff = (orders: () => unknown[]) => (op: SentOperation) => {
  if (op.operationName === 'Me') return { me: SIGNED_IN_CONSUMER };
  if (op.operationName === 'MyOrders') return { myOrders: orders() };
  if (op.operationName === 'Cart') return { cart: EMPTY_CART };
  throw new Error(`unexpected ${op.operationName}`);
};

const myOrdersRequests = (sent: SentOperation[]) => sent.filter((op) => op.operationName === 'MyOrders').length;

/** Waits (real time, up to 3 s) for the page's subscription: the WebSocket chunk loads first. */
async function subscribed(live: ReturnType<typeof stubLiveBff>) {
  for (let i = 0; i < 60 && !live.open.includes('OrderUpdated'); i += 1) await settle();
  expect(live.open).toContain('OrderUpdated');
  await settle();
}

/** Opens /orders against `bff(orders)` and waits for its live subscription. */
async function openOrders(orders: () => unknown[]) {
  const live = stubLiveBff();
  const sent = await renderWithBff(dom, <OrdersPage />, bff(orders));
  await subscribed(live);
  return { live, sent };
}

describe('/orders right after paying: follows the live subscription, never "no orders yet"', () => {
  beforeEach(() => {
    // What the checkout page leaves in the history entry when it sends the buyer here.
    act(() => window.history.replaceState({ checkoutId: 'chk-new' }, '', '/orders'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits with a French message, then shows the order as soon as the subscription announces it', async () => {
    let orders: unknown[] = [];
    const { live, sent } = await openOrders(() => orders);

    expect(text()).toContain(WAITING);
    expect(text()).not.toContain(EMPTY);
    expect(dom.container.querySelector('[role="status"]')?.textContent).toContain(WAITING);

    // Nothing new is announced: the page asks nothing more (no polling), and still waits.
    const before = myOrdersRequests(sent);
    for (let i = 0; i < 30; i += 1) await settle();
    expect(myOrdersRequests(sent)).toBe(before);
    expect(text()).toContain(WAITING);
    expect(text()).not.toContain(EMPTY);

    // The order is placed: the subscription says so, the page reads its list once and shows it.
    orders = [order('order-new-12345678', 'chk-new')];
    await live.push('OrderUpdated', placed('order-new-12345678'));
    await settle();
    expect(myOrdersRequests(sent)).toBe(before + 1);
    expect(text()).toContain('Commande n° 12345678');
    expect(text()).toContain('Commandes en cours');
    expect(text()).not.toContain(WAITING);
    expect(text()).not.toContain(EMPTY);
    // The server emptied the cart with the order: the nav count is read again.
    expect(sent.some((op) => op.operationName === 'Cart')).toBe(true);
  });

  it('late, says in French that the payment is recorded and the page updates by itself; still no "no orders yet"', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    let orders: unknown[] = [];
    const { live, sent } = await openOrders(() => orders);
    expect(text()).toContain(WAITING);
    const before = myOrdersRequests(sent);

    await act(async () => vi.advanceTimersByTimeAsync(ARRIVAL_LATE_MS - 1000));
    expect(text()).toContain(WAITING);
    expect(text()).not.toContain(LATE);

    await act(async () => vi.advanceTimersByTimeAsync(1000));
    await settle();
    expect(text()).toContain(LATE);
    expect(text()).toContain(LATE_BODY);
    expect(text()).not.toContain(EMPTY);

    // Long after (the old page gave up after 30 s): still waiting, still not asking again and again.
    await act(async () => vi.advanceTimersByTimeAsync(60_000));
    await settle();
    expect(text()).toContain(LATE);
    expect(text()).not.toContain(EMPTY);
    expect(myOrdersRequests(sent)).toBe(before);

    // It comes at last: shown at once.
    orders = [order('order-late-87654321', 'chk-new')];
    await live.push('OrderUpdated', placed('order-late-87654321'));
    await settle();
    expect(text()).toContain('Commande n° 87654321');
    expect(text()).not.toContain(LATE);
    expect(text()).not.toContain(EMPTY);
  });

  it('keeps the earlier orders on screen while waiting, without "no current order"', async () => {
    let orders: unknown[] = [{ ...order('order-old-11111111', 'chk-old'), order_status: 'delivered' }];
    const { live } = await openOrders(() => orders);

    expect(text()).toContain(WAITING);
    expect(text()).toContain('Commande n° 11111111');
    expect(text()).not.toContain('Aucune commande en cours.');
    expect(text()).not.toContain(EMPTY);

    orders = [order('order-new-22222222', 'chk-new'), ...orders];
    await live.push('OrderUpdated', placed('order-new-22222222'));
    await settle();
    expect(text()).toContain('Commande n° 22222222');
    expect(text()).not.toContain(WAITING);
  });

  it('reads the list once more when the subscription is up: an order placed while it was being set up is not missed', async () => {
    // The first answer predates the order; by the time the subscription is up, it exists (never announced).
    let answered = 0;
    const { live, sent } = await openOrders(() => (answered++ === 0 ? [] : [order('order-new-33333333', 'chk-new')]));
    expect(live.connections).toBe(1);
    expect(text()).toContain('Commande n° 33333333');
    expect(text()).not.toContain(WAITING);
    expect(myOrdersRequests(sent)).toBe(2);
  });

  it('without a checkout just paid: no waiting, "no orders yet" when there are none', async () => {
    act(() => window.history.replaceState(null, '', '/orders'));
    const { sent } = await openOrders(() => []);
    expect(text()).toContain(EMPTY);
    expect(text()).not.toContain(WAITING);
    // Not waiting for anything: the connection does not ask the list again.
    expect(myOrdersRequests(sent)).toBe(1);
  });
});

describe('/orders: an order delivered by the cook (ADR 0044)', () => {
  beforeEach(() => {
    act(() => window.history.replaceState(null, '', '/orders'));
  });

  /** amina_cuisine's order, ready, to be delivered on Saturday for a 5 € fee. */
  const delivery = {
    ...order('order-deliv-44444444', 'chk-d'),
    order_status: 'ready',
    delivery_option: 'delivery',
    delivery_fee_cents: 500,
    total_cents: 1750,
    pickup_start: '2030-06-15T10:00:00.000Z',
    pickup_end: '2030-06-15T11:00:00.000Z',
    delivery_address: {
      __typename: 'DeliveryAddress',
      street: '3 rue Paul Bert',
      complement: 'Bât. B',
      postcode: '69003',
      city: 'Lyon 3e Arrondissement',
      phone: '0612345678',
      instructions: 'Interphone Martin',
    },
  };
  const pickup = {
    ...order('order-pick-55555555', 'chk-p'),
    order_status: 'ready',
    pickup_start: '2030-06-15T16:00:00.000Z',
    pickup_end: '2030-06-15T16:30:00.000Z',
  };
  const card = (number: string) =>
    [...dom.container.querySelectorAll('article')].find((a) => a.querySelector('h3')?.textContent === `Commande n° ${number}`)!;
  const plain = (element: Element) => (element.textContent ?? '').replace(/\s+/g, ' ');
  const totalOf = (element: Element) =>
    plain([...element.querySelectorAll('p')].find((p) => p.firstElementChild?.textContent === 'Total')!.lastElementChild!);
  const lines = (element: Element) =>
    [...element.querySelectorAll('ul[aria-label="Articles"] > li')].map((li) => [...li.children].map((c) => plain(c).trim()).join(' '));

  it("reads its status, slot, fee and address in delivery's words; a pick-up keeps its own", async () => {
    await openOrders(() => [delivery, pickup]);

    const delivered = card('44444444');
    expect(plain(delivered.querySelector('header')!)).toContain('En cours de livraison');
    expect(plain(delivered)).toContain('Votre commande est en cours de livraison !');
    expect(plain(delivered)).toContain('Livraison par le cuisinier');
    expect(plain(delivered)).toMatch(/Livraison : \S+/);
    expect(plain(delivered)).not.toContain('Retrait :');
    expect(lines(delivered)).toEqual(['Tajine × 1 12,50 €', 'Frais de livraison 5,00 €']);
    expect(totalOf(delivered)).toBe('17,50 €');
    expect(plain(delivered)).toContain('Adresse de livraison : 3 rue Paul Bert, Bât. B, 69003 Lyon 3e Arrondissement');
    expect(plain(delivered)).toContain('Téléphone : 06 12 34 56 78');
    expect(plain(delivered)).toContain('Instructions : Interphone Martin');

    const pickedUp = card('55555555');
    expect(plain(pickedUp.querySelector('header')!)).toContain('Prête pour le retrait');
    expect(plain(pickedUp)).toContain('Votre commande est prête à être retirée !');
    expect(plain(pickedUp)).toMatch(/Retrait : \S+/);
    expect(lines(pickedUp)).toEqual(['Tajine × 1 12,50 €']);
  });
});

describe('/orders: an order with a discount (ADR 0045)', () => {
  beforeEach(() => {
    act(() => window.history.replaceState(null, '', '/orders'));
  });

  const card = (number: string) =>
    [...dom.container.querySelectorAll('article')].find((a) => a.querySelector('h3')?.textContent === `Commande n° ${number}`)!;
  const plain = (element: Element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim();
  const lines = (element: Element) =>
    [...element.querySelectorAll('ul[aria-label="Articles"] > li')].map((li) => [...li.children].map((c) => plain(c)).join(' '));
  const totalOf = (element: Element) =>
    plain([...element.querySelectorAll('p')].find((p) => p.firstElementChild?.textContent === 'Total')!.lastElementChild!);

  it('lists the discount and who offered it before the total, which is net of it; none without', async () => {
    const byCook = {
      ...order('order-promo-66666666', 'chk-1'),
      total_cents: 1145,
      discount_cents: 105,
      discount_name: 'Week-end',
      discount_funder: 'cook',
    };
    const byPopote = {
      ...order('order-promo-77777777', 'chk-2'),
      total_cents: 750,
      discount_cents: 500,
      discount_name: 'Offre de bienvenue Popote',
      discount_funder: 'platform',
    };
    await openOrders(() => [byCook, byPopote, order('order-plain-88888888', 'chk-3')]);

    expect(lines(card('66666666'))).toEqual(['Tajine × 1 12,50 €', 'Réduction « Week-end » (offerte par le cuisinier) -1,05 €']);
    expect(totalOf(card('66666666'))).toBe('11,45 €');
    expect(lines(card('77777777'))).toEqual(['Tajine × 1 12,50 €', 'Réduction « Offre de bienvenue Popote » (offerte par Popote) -5,00 €']);
    expect(totalOf(card('77777777'))).toBe('7,50 €');
    expect(lines(card('88888888'))).toEqual(['Tajine × 1 12,50 €']);
    // The discount is no dish: no link to a meal.
    expect(card('66666666').querySelectorAll('ul[aria-label="Articles"] a')).toHaveLength(1);
  });
});
