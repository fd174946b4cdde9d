// The checkout's specs' BFF and page helpers (test code only): the cooks, their slots and delivery
// offer, the checkout the server holds, and reading and using the page as a person does.
import { renderWithBff, settle, type ReactTestRoot, type SentOperation } from '@popote/ui/testing';
import { act } from 'react';
import { expect } from 'vitest';
import { saveCheckoutSession, type CheckoutSessionItem } from '../cart/checkout-session';
import { CheckoutPage } from './checkout-page';

/** Spaces as a person reads them (prices carry no-break spaces). */
export const plain = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

export const AMINA = { cook_id: 'cook-amina', cook_name: 'amina_cuisine' };
export const MEI = { cook_id: 'cook-mei', cook_name: 'mei_wok' };
export const item = (cook: typeof AMINA, meal_id: string, name: string, price_cents: number, quantity = 1): CheckoutSessionItem => ({
  ...cook,
  meal_id,
  name,
  price_cents,
  quantity,
});
export const TAJINE = item(AMINA, 'meal-tajine', 'Tajine', 1250);
export const CURRY = item(MEI, 'meal-curry', 'Curry', 1300);

/** amina_cuisine delivers for 5 €, free from 30 € of dishes, within 8 km: Lyon 3e is in range, Marseille is not. */
export const OFFER = { __typename: 'DeliveryOffer', fee_cents: 500, free_above_cents: 3000, radius_km: 8 };
const LYON = { __typename: 'Commune', code: '69383', name: 'Lyon 3e Arrondissement', postcodes: ['69003'], has_position: true };
const MARSEILLE = { __typename: 'Commune', code: '13201', name: 'Marseille 1er Arrondissement', postcodes: ['13001'], has_position: true };
const IN_RANGE = ['69383'];

const slot = (cook_id: string, start: string, end: string) => ({ __typename: 'PickupSlot', cook_id, start, end, remaining: 2 });
export const PICKUP_SLOT = '2030-06-15T16:00:00.000Z';
export const DELIVERY_SLOT = '2030-06-15T10:00:00.000Z';

/** `pickupSlots` as the BFF answers it, by mode and commune. */
function slotsOf(vars: Record<string, unknown>) {
  const cookId = String(vars['cook_id']);
  const delivers = cookId === AMINA.cook_id;
  const commune = (vars['commune_code'] as string | null) ?? null;
  const offer = delivers ? { ...OFFER, in_range: commune === null ? null : IN_RANGE.includes(commune) } : null;
  if (vars['mode'] === 'delivery') {
    const open = !!offer?.in_range;
    return {
      __typename: 'PickupSlotList',
      has_windows: delivers,
      slots: open ? [slot(cookId, DELIVERY_SLOT, '2030-06-15T11:00:00.000Z')] : [],
      delivery: offer,
    };
  }
  return {
    __typename: 'PickupSlotList',
    has_windows: true,
    slots: [slot(cookId, PICKUP_SLOT, '2030-06-15T16:30:00.000Z')],
    delivery: offer,
  };
}

/** A discount as the BFF answers it (ADR 0045): a code's preview, or one inside a checkout's amount. */
export const discount = (cook: typeof AMINA, name: string, cents: number, code: string | null, funder = 'cook') => ({
  __typename: 'CheckoutDiscount',
  cook_id: cook.cook_id,
  promotion_id: `promo-${name}`,
  name,
  code,
  funder,
  cents,
});

/** The checkout the server holds once `createPaymentIntent` reserved what was sent, less `discounts`. */
export function checkoutOf(vars: Record<string, unknown>, items: CheckoutSessionItem[], discounts: Array<{ cents: number }> = []) {
  const chosen = vars['slots'] as Array<{ cook_id: string; start: string; mode: string }>;
  const address = (vars['delivery_address'] as Record<string, string> | undefined) ?? null;
  const slots = chosen.map((s) => ({
    __typename: 'HeldSlot',
    cook_id: s.cook_id,
    start: s.start,
    end: s.mode === 'delivery' ? '2030-06-15T11:00:00.000Z' : '2030-06-15T16:30:00.000Z',
    mode: s.mode,
    fee_cents: s.mode === 'delivery' ? OFFER.fee_cents : 0,
  }));
  const dishes = items.reduce((sum, i) => sum + i.price_cents * i.quantity, 0);
  const off = discounts.reduce((sum, d) => sum + d.cents, 0);
  return {
    __typename: 'PaymentIntent',
    client_secret: 'sandbox_secret',
    publishable_key: null,
    checkout: {
      __typename: 'Checkout',
      checkout_id: 'chk-1',
      status: 'requires_payment',
      amount_cents: dishes + slots.reduce((sum, s) => sum + s.fee_cents, 0) - off,
      currency: 'eur',
      provider: 'sandbox',
      last_error: null,
      // Held for ten minutes, as the server does.
      reserved_until: new Date(Date.now() + 10 * 60_000).toISOString(),
      lines: items.map((i) => ({
        __typename: 'CheckoutLine',
        meal_id: i.meal_id,
        cook_id: i.cook_id,
        cook_name: i.cook_name,
        name: i.name,
        unit_price_cents: i.price_cents,
        quantity: i.quantity,
      })),
      slots,
      delivery_address: address && {
        __typename: 'DeliveryAddress',
        complement: '',
        instructions: '',
        ...address,
        city: 'Lyon 3e Arrondissement',
      },
      discounts,
    },
  };
}

export interface CheckoutBff {
  /** Answers createPaymentIntent (the checkout held, by default). */
  intent?: (op: SentOperation) => unknown;
  /** The delivery address kept in the profile. */
  remembered?: unknown;
  /** Answers promoCode (ADR 0045). */
  promo?: (op: SentOperation) => unknown;
}

/** The BFF of the checkout page. */
function bff(items: CheckoutSessionItem[], { intent, remembered = null, promo }: CheckoutBff) {
  return (op: SentOperation) => {
    if (op.operationName === 'MyDeliveryAddress') return { myDeliveryAddress: remembered };
    if (op.operationName === 'PickupSlots') return { pickupSlots: slotsOf(op.variables) };
    if (op.operationName === 'Communes') return { communes: [LYON, MARSEILLE].filter((c) => c.postcodes[0] === op.variables['query']) };
    if (op.operationName === 'CreatePaymentIntent') return intent ? intent(op) : { createPaymentIntent: checkoutOf(op.variables, items) };
    if (op.operationName === 'PromoCode' && promo) return promo(op);
    throw new Error(`unexpected ${op.operationName}`);
  };
}

export const named = (operation: string, sent: SentOperation[]) => sent.filter((op) => op.operationName === operation);

/** The checkout page in `dom`, opened and used as a person does. */
export function checkoutPage(dom: ReactTestRoot) {
  const text = () => plain(dom.container.textContent);

  async function until(found: () => unknown, what: string) {
    for (let i = 0; i < 60 && !found(); i += 1) await settle();
    expect(found(), what).toBeTruthy();
  }

  /** Opens /checkout for `items` (what 'Procéder au paiement' stored) and waits for the cooks' slots. */
  async function open(items: CheckoutSessionItem[], answers: CheckoutBff = {}) {
    const total = items.reduce((sum, i) => sum + i.price_cents * i.quantity, 0);
    saveCheckoutSession({ cartItems: items, subtotal: total, total });
    const sent = await renderWithBff(dom, <CheckoutPage />, bff(items, answers));
    await until(
      () => dom.container.querySelectorAll('[role="radiogroup"]').length === new Set(items.map((i) => i.cook_id)).size,
      'the slots',
    );
    return sent;
  }

  /** The control a `<label>` names (by `for`, or the one it wraps), by the label's text; `within` a part of the page. */
  const control = (label: string, within: ParentNode = dom.container) => {
    const found = [...within.querySelectorAll('label')].find((l) => plain(l.textContent) === label);
    if (!found) return null;
    return (found.htmlFor ? document.getElementById(found.htmlFor) : found.querySelector('input')) as HTMLInputElement | null;
  };
  /** The error shown under a control (its `aria-describedby` `…-error`). */
  const errorOf = (element: Element) => {
    const id = element
      .getAttribute('aria-describedby')
      ?.split(' ')
      .find((part) => part.endsWith('-error'));
    return id ? (document.getElementById(id)?.textContent ?? null) : null;
  };
  const button = (name: string, within: ParentNode = dom.container) =>
    [...within.querySelectorAll('button')].find((b) => plain(b.textContent) === name) as HTMLButtonElement | undefined;
  const radiogroup = (name: string) =>
    [...dom.container.querySelectorAll('[role="radiogroup"]')].find(
      (g) => plain(document.getElementById(g.getAttribute('aria-labelledby') ?? '')?.textContent) === name,
    ) ?? null;
  /** A cook's part of step 1, by its title (« Retrait chez amina_cuisine »). */
  const part = (title: string) =>
    [...dom.container.querySelectorAll('section')].find(
      (s) => plain(document.getElementById(s.getAttribute('aria-labelledby') ?? '')?.textContent) === title,
    ) ?? null;
  const addressForm = () => dom.container.querySelector('[data-testid="checkout-delivery-address"]');
  /** The amounts' lines, « label montant ». */
  const amounts = () =>
    [...dom.container.querySelectorAll('dl > div')].map((line) =>
      plain(`${line.querySelector('dt')?.textContent} ${line.querySelector('dd')?.textContent}`),
    );

  const click = async (element: HTMLElement) => {
    await act(async () => element.click());
    await settle();
  };
  /** Types as a person does (React listens to the input event). */
  const typeInto = async (element: HTMLInputElement | HTMLTextAreaElement, value: string) => {
    await act(async () => {
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), 'value')!.set!.call(element, value);
      element.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await settle();
  };
  /** Picks the first slot of a cook's group (« Retrait chez mei_wok »). */
  const pickFirst = async (group: string) => {
    await until(() => radiogroup(group), group);
    await click(radiogroup(group)!.querySelector<HTMLInputElement>('input[type="radio"]')!);
  };

  return { text, until, open, control, errorOf, button, radiogroup, part, addressForm, amounts, click, typeInto, pickFirst };
}
