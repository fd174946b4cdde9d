// @vitest-environment jsdom
import { DELIVERY_ADDRESS_MESSAGES } from '@popote/rules';
import { Refusal, renderWithBff, settle, useReactTestRoot, type SentOperation } from '@popote/ui/testing';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearCheckoutSession, saveCheckoutSession, type CheckoutSessionItem } from '../cart/checkout-session';
import { CheckoutPage } from './checkout-page';

const dom = useReactTestRoot();

const OUT_OF_RANGE = 'Votre adresse est hors de la zone de livraison de ce cuisinier : choisissez le retrait.';
const ADDRESS_FIRST = 'Indiquez votre adresse de livraison ci-dessous pour voir les créneaux de livraison.';

/** Spaces as a person reads them (prices carry no-break spaces). */
const plain = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
const text = () => plain(dom.container.textContent);

const AMINA = { cook_id: 'cook-amina', cook_name: 'amina_cuisine' };
const MEI = { cook_id: 'cook-mei', cook_name: 'mei_wok' };
const item = (cook: typeof AMINA, meal_id: string, name: string, price_cents: number, quantity = 1): CheckoutSessionItem => ({
  ...cook,
  meal_id,
  name,
  price_cents,
  quantity,
});
const TAJINE = item(AMINA, 'meal-tajine', 'Tajine', 1250);
const CURRY = item(MEI, 'meal-curry', 'Curry', 1300);

/** amina_cuisine delivers for 5 €, free from 30 € of dishes, within 8 km: Lyon 3e is in range, Marseille is not. */
const OFFER = { __typename: 'DeliveryOffer', fee_cents: 500, free_above_cents: 3000, radius_km: 8 };
const LYON = { __typename: 'Commune', code: '69383', name: 'Lyon 3e Arrondissement', postcodes: ['69003'], has_position: true };
const MARSEILLE = { __typename: 'Commune', code: '13201', name: 'Marseille 1er Arrondissement', postcodes: ['13001'], has_position: true };
const IN_RANGE = ['69383'];

const slot = (cook_id: string, start: string, end: string) => ({ __typename: 'PickupSlot', cook_id, start, end, remaining: 2 });
const PICKUP_SLOT = '2030-06-15T16:00:00.000Z';
const DELIVERY_SLOT = '2030-06-15T10:00:00.000Z';

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

/** The checkout the server holds once `createPaymentIntent` reserved what was sent. */
function checkoutOf(vars: Record<string, unknown>, items: CheckoutSessionItem[]) {
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
  return {
    __typename: 'PaymentIntent',
    client_secret: 'sandbox_secret',
    publishable_key: null,
    checkout: {
      __typename: 'Checkout',
      checkout_id: 'chk-1',
      status: 'requires_payment',
      amount_cents: dishes + slots.reduce((sum, s) => sum + s.fee_cents, 0),
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
    },
  };
}

/** The BFF of the checkout page; `intent` answers createPaymentIntent (the checkout held, by default). */
function bff(
  items: CheckoutSessionItem[],
  intent: (op: SentOperation) => unknown = (op) => ({ createPaymentIntent: checkoutOf(op.variables, items) }),
  remembered: unknown = null,
) {
  return (op: SentOperation) => {
    if (op.operationName === 'MyDeliveryAddress') return { myDeliveryAddress: remembered };
    if (op.operationName === 'PickupSlots') return { pickupSlots: slotsOf(op.variables) };
    if (op.operationName === 'Communes') return { communes: [LYON, MARSEILLE].filter((c) => c.postcodes[0] === op.variables['query']) };
    if (op.operationName === 'CreatePaymentIntent') return intent(op);
    throw new Error(`unexpected ${op.operationName}`);
  };
}

/** Opens /checkout for `items` (what 'Procéder au paiement' stored) and waits for the cooks' slots. */
async function openCheckout(items: CheckoutSessionItem[], intent?: (op: SentOperation) => unknown, remembered: unknown = null) {
  const total = items.reduce((sum, i) => sum + i.price_cents * i.quantity, 0);
  saveCheckoutSession({ cartItems: items, subtotal: total, total });
  const sent = await renderWithBff(dom, <CheckoutPage />, bff(items, intent, remembered));
  await until(
    () => dom.container.querySelectorAll('[role="radiogroup"]').length === new Set(items.map((i) => i.cook_id)).size,
    'the slots',
  );
  return sent;
}

async function until(found: () => unknown, what: string) {
  for (let i = 0; i < 60 && !found(); i += 1) await settle();
  expect(found(), what).toBeTruthy();
}

/** The control a `<label>` names (by `for`, or the one it wraps), by the label's text. */
const control = (label: string) => {
  const found = [...dom.container.querySelectorAll('label')].find((l) => plain(l.textContent) === label);
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
const button = (name: string) =>
  [...dom.container.querySelectorAll('button')].find((b) => plain(b.textContent) === name) as HTMLButtonElement | undefined;
const radiogroup = (name: string) =>
  [...dom.container.querySelectorAll('[role="radiogroup"]')].find(
    (g) => plain(document.getElementById(g.getAttribute('aria-labelledby') ?? '')?.textContent) === name,
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
const named = (operation: string, sent: SentOperation[]) => sent.filter((op) => op.operationName === operation);

/** Chooses delivery from amina_cuisine and types the address (`postcode`: its commune comes by itself). */
async function deliverTo({ postcode = '69003', phone = '06 12 34 56 78' }: { postcode?: string; phone?: string } = {}) {
  await click(control('Livraison (5,00 €)')!);
  await typeInto(control('Adresse (numéro et rue)')!, '3 rue Paul Bert');
  await typeInto(control('Complément (facultatif)')!, 'Bât. B, 2e étage');
  await typeInto(control('Code postal')!, postcode);
  await until(() => (control('Commune') as unknown as HTMLSelectElement | null)?.value, 'the commune of the postcode');
  await typeInto(control('Téléphone (pour le cuisinier)')!, phone);
  await typeInto(
    dom.container.querySelector<HTMLTextAreaElement>('textarea[name="instructions"]')!,
    'Interphone « Martin », porte de gauche',
  );
}

describe('checkout: pick-up or delivery by the cook (ADR 0044)', () => {
  beforeEach(() => {
    act(() => window.history.replaceState(null, '', '/checkout'));
  });
  afterEach(() => clearCheckoutSession());

  it('offers delivery only for a cook who delivers; choosing it shows the address form once and the fee in the total', async () => {
    const sent = await openCheckout([TAJINE, CURRY]);
    // amina_cuisine delivers, mei_wok does not: one choice, for amina.
    expect(control('Retrait (gratuit)')).not.toBeNull();
    expect(control('Livraison (5,00 €)')).not.toBeNull();
    expect(dom.container.querySelectorAll('input[type="radio"][value="delivery"]')).toHaveLength(1);
    expect(addressForm()).toBeNull();
    expect(radiogroup('Retrait chez amina_cuisine')).not.toBeNull();
    expect(amounts()).toEqual(['Plats 25,50 €', 'Retrait sur place — gratuit 0,00 €', 'Total 25,50 €']);

    await click(control('Livraison (5,00 €)')!);
    expect(control('Livraison (5,00 €)')!.checked).toBe(true);
    expect(dom.container.querySelectorAll('[data-testid="checkout-delivery-address"]')).toHaveLength(1);
    for (const label of ['Adresse (numéro et rue)', 'Complément (facultatif)', 'Code postal', 'Commune', 'Téléphone (pour le cuisinier)']) {
      expect(control(label), label).not.toBeNull();
    }
    expect(amounts()).toEqual(['Plats 25,50 €', 'Retrait sur place — gratuit 0,00 €', 'Livraison (amina_cuisine) 5,00 €', 'Total 30,50 €']);
    // No delivery slot before the address: asked for once its commune is known.
    expect(text()).toContain(ADDRESS_FIRST);
    expect(radiogroup('Retrait chez amina_cuisine')).toBeNull();
    expect(named('PickupSlots', sent).some((op) => op.variables['mode'] === 'delivery')).toBe(false);

    await typeInto(control('Code postal')!, '69003');
    await until(() => radiogroup('Livraison par amina_cuisine'), 'the delivery slots');
    expect(
      named('PickupSlots', sent)
        .filter((op) => op.variables['mode'] === 'delivery')
        .map((op) => op.variables),
    ).toEqual([expect.objectContaining({ cook_id: AMINA.cook_id, mode: 'delivery', commune_code: '69383' })]);

    // Back to pick-up: no address asked, no fee.
    await click(control('Retrait (gratuit)')!);
    expect(addressForm()).toBeNull();
    expect(amounts()).toEqual(['Plats 25,50 €', 'Retrait sur place — gratuit 0,00 €', 'Total 25,50 €']);
  });

  it('offers the address of the last delivery, kept in the profile, and asks its slots at once', async () => {
    const sent = await openCheckout([TAJINE], undefined, {
      __typename: 'DeliveryAddress',
      street: '3 rue Paul Bert',
      complement: '',
      postcode: '69003',
      commune_code: '69383',
      city: 'Lyon 3e Arrondissement',
      phone: '0612345678',
      instructions: '',
    });
    await click(control('Livraison (5,00 €)')!);
    expect(control('Adresse (numéro et rue)')!.value).toBe('3 rue Paul Bert');
    expect(control('Téléphone (pour le cuisinier)')!.value).toBe('0612345678');
    await until(() => radiogroup('Livraison par amina_cuisine'), 'the delivery slots');
    expect(named('PickupSlots', sent).some((op) => op.variables['commune_code'] === '69383')).toBe(true);
  });

  it('says « Livraison offerte » from the cook’s free-above basket on', async () => {
    await openCheckout([item(AMINA, 'meal-tajine', 'Tajine', 1250, 3)]);
    expect(control('Livraison offerte')).not.toBeNull();
    await click(control('Livraison offerte')!);
    expect(amounts()).toEqual(['Plats 37,50 €', 'Livraison offerte (amina_cuisine) 0,00 €', 'Total 37,50 €']);
  });

  it('an invalid phone: the French message under the field, and nothing sent', async () => {
    const sent = await openCheckout([TAJINE]);
    await deliverTo({ phone: '12 34' });
    await until(() => radiogroup('Livraison par amina_cuisine'), 'the delivery slots');
    await click(radiogroup('Livraison par amina_cuisine')!.querySelector<HTMLInputElement>('input[type="radio"]')!);
    await click(button('Continuer vers le paiement')!);

    expect(errorOf(control('Téléphone (pour le cuisinier)')!)).toBe(DELIVERY_ADDRESS_MESSAGES.phoneInvalid);
    expect(errorOf(control('Adresse (numéro et rue)')!)).toBeNull();
    expect(named('CreatePaymentIntent', sent)).toEqual([]);

    // Typed again: the message goes.
    await typeInto(control('Téléphone (pour le cuisinier)')!, '06 12 34 56 78');
    expect(errorOf(control('Téléphone (pour le cuisinier)')!)).toBeNull();
  });

  it('a valid delivery: sends the slot with mode "delivery" and the address, then shows the fee in the amount to pay', async () => {
    const sent = await openCheckout([TAJINE]);
    await deliverTo();
    await until(() => radiogroup('Livraison par amina_cuisine'), 'the delivery slots');
    await click(radiogroup('Livraison par amina_cuisine')!.querySelector<HTMLInputElement>('input[type="radio"]')!);
    await click(button('Continuer vers le paiement')!);
    await until(() => button('Payer 17,50 €'), 'the card form');

    expect(named('CreatePaymentIntent', sent).map((op) => op.variables)).toEqual([
      {
        slots: [{ cook_id: AMINA.cook_id, start: DELIVERY_SLOT, mode: 'delivery' }],
        delivery_address: {
          street: '3 rue Paul Bert',
          complement: 'Bât. B, 2e étage',
          postcode: '69003',
          commune_code: '69383',
          phone: '0612345678',
          instructions: 'Interphone « Martin », porte de gauche',
        },
      },
    ]);
    const summary = plain(dom.container.querySelector('[aria-labelledby="checkout-summary-title"]')?.textContent);
    expect(summary).toMatch(/Livraison : \S+/);
    expect(summary).not.toContain('Retrait :');
    expect(summary).toContain('Livraison à : 3 rue Paul Bert, Bât. B, 2e étage, 69003 Lyon 3e Arrondissement');
    expect(amounts()).toEqual(['Livraison (amina_cuisine) 5,00 €', 'Total 17,50 €']);
    // The fee is not a price change.
    expect(summary).not.toContain('Le montant a été mis à jour');
  });

  it('a pick-up only: sends mode "pickup" and no address', async () => {
    const sent = await openCheckout([CURRY]);
    expect(control('Livraison (5,00 €)')).toBeNull();
    await click(radiogroup('Retrait chez mei_wok')!.querySelector<HTMLInputElement>('input[type="radio"]')!);
    await click(button('Continuer vers le paiement')!);
    await until(() => button('Payer 13,00 €'), 'the card form');
    expect(named('CreatePaymentIntent', sent).map((op) => op.variables)).toEqual([
      { slots: [{ cook_id: MEI.cook_id, start: PICKUP_SLOT, mode: 'pickup' }] },
    ]);
  });

  it('out of range: says so in French and offers no delivery slot; pick-up stays possible', async () => {
    const sent = await openCheckout([TAJINE]);
    await deliverTo({ postcode: '13001' });
    await until(() => text().includes(OUT_OF_RANGE), 'the refusal');
    expect(dom.container.querySelector('[role="alert"]')?.textContent).toBe(OUT_OF_RANGE);
    expect(radiogroup('Livraison par amina_cuisine')).toBeNull();
    expect(button('Continuer vers le paiement')!.disabled).toBe(true);
    expect(named('PickupSlots', sent).at(-1)?.variables).toEqual(expect.objectContaining({ mode: 'delivery', commune_code: '13201' }));

    await click(control('Retrait (gratuit)')!);
    await until(() => radiogroup('Retrait chez amina_cuisine'), 'the pick-up slots');
    expect(text()).not.toContain(OUT_OF_RANGE);
  });

  it("shows the server's refusal and its field messages under the address's fields", async () => {
    const refusal = new Refusal('Adresse de livraison invalide', 'VALIDATION_FAILED', {
      'delivery_address.commune_code': DELIVERY_ADDRESS_MESSAGES.communeCode,
    });
    const sent = await openCheckout([TAJINE], () => refusal);
    await deliverTo();
    await until(() => radiogroup('Livraison par amina_cuisine'), 'the delivery slots');
    await click(radiogroup('Livraison par amina_cuisine')!.querySelector<HTMLInputElement>('input[type="radio"]')!);
    await click(button('Continuer vers le paiement')!);
    await until(() => errorOf(control('Commune')!), 'the field message');

    expect(named('CreatePaymentIntent', sent)).toHaveLength(1);
    expect(errorOf(control('Commune')!)).toBe(DELIVERY_ADDRESS_MESSAGES.communeCode);
    expect(text()).toContain('Adresse de livraison invalide');
  });
});
