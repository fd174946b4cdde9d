// @vitest-environment jsdom
import { PROMOTION_MESSAGES } from '@popote/rules';
import { Refusal, useReactTestRoot, type SentOperation } from '@popote/ui/testing';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearCheckoutSession } from '../cart/checkout-session';
import { AMINA, checkoutOf, checkoutPage, CURRY, discount, MEI, named, PICKUP_SLOT, TAJINE } from './checkout-spec-kit';

const dom = useReactTestRoot();
const { text, until, open, control, errorOf, button, part, amounts, click, typeInto, pickFirst } = checkoutPage(dom);

/** mei_wok's code: 10 % off the curry. */
const WOK10 = discount(MEI, '10 % au wok', 130, 'WOK10');
/** The platform's first-order offer, on amina_cuisine's part (ADR 0045). */
const WELCOME = discount(AMINA, 'Offre de bienvenue Popote', 500, null, 'platform');

/** `promoCode` as the BFF answers it: WOK10 at mei_wok, a French refusal otherwise. */
const promo = (op: SentOperation) =>
  op.variables['cook_id'] === MEI.cook_id && op.variables['code'] === 'WOK10'
    ? { promoCode: WOK10 }
    : new Refusal(PROMOTION_MESSAGES.unknown, 'NOT_FOUND');

const MEI_PART = 'Retrait chez mei_wok';

/** Types `code` in a cook's « Code promo » and presses 'Appliquer'. */
async function applyCode(title: string, code: string) {
  const within = part(title)!;
  await typeInto(control('Code promo', within)!, code);
  await click(button('Appliquer', within)!);
}

describe('checkout: a code per cook (ADR 0045)', () => {
  beforeEach(() => {
    act(() => window.history.replaceState(null, '', '/checkout'));
  });
  afterEach(() => clearCheckoutSession());

  it('applying a code shows its discount in the estimate, sends it with the checkout, and step 2 lists the discounts', async () => {
    const sent = await open([TAJINE, CURRY], {
      promo,
      // The server applies the code, and the first-order offer on top.
      intent: (op) => ({ createPaymentIntent: checkoutOf(op.variables, [TAJINE, CURRY], [WOK10, WELCOME]) }),
    });
    // One field per cook.
    expect(control('Code promo', part('Retrait chez amina_cuisine')!)).not.toBeNull();
    expect(control('Code promo', part(MEI_PART)!)).not.toBeNull();

    await applyCode(MEI_PART, ' wok10 ');
    await until(() => text().includes('WOK10 : -1,30 €'), 'the discount');
    // Asked for that cook, in capitals, from the server every time.
    expect(named('PromoCode', sent).map((op) => op.variables)).toEqual([{ cook_id: MEI.cook_id, code: 'WOK10' }]);
    expect(text()).toContain('10 % au wok');
    expect(control('Code promo', part(MEI_PART)!)).toBeNull();
    expect(amounts()).toEqual(['Plats 25,50 €', 'Retrait sur place — gratuit 0,00 €', 'Réduction (10 % au wok) -1,30 €', 'Total 24,20 €']);

    await pickFirst('Retrait chez amina_cuisine');
    await pickFirst(MEI_PART);
    await click(button('Continuer vers le paiement')!);
    await until(() => button('Payer 19,20 €'), 'the card form');

    expect(named('CreatePaymentIntent', sent).map((op) => op.variables)).toEqual([
      {
        slots: [
          { cook_id: AMINA.cook_id, start: PICKUP_SLOT, mode: 'pickup' },
          { cook_id: MEI.cook_id, start: PICKUP_SLOT, mode: 'pickup' },
        ],
        promo_codes: [{ cook_id: MEI.cook_id, code: 'WOK10' }],
      },
    ]);
    // The lines add up to the amount charged: 25,50 € of dishes, less both discounts.
    expect(amounts()).toEqual([
      'Retrait sur place — gratuit 0,00 €',
      'Réduction « 10 % au wok » -1,30 €',
      'Réduction « Offre de bienvenue Popote » -5,00 €',
      'Total 19,20 €',
    ]);
    // A discount is not a price change.
    expect(text()).not.toContain('Le montant a été mis à jour');
  });

  it('a pick-up only: the amounts show once a code is applied, and go with « Retirer »; nothing is sent then', async () => {
    const sent = await open([CURRY], { promo });
    expect(amounts()).toEqual([]);

    await applyCode(MEI_PART, 'WOK10');
    await until(() => button('Retirer'), 'the code applied');
    expect(button('Retirer')!.getAttribute('aria-label')).toBe('Retirer le code WOK10');
    expect(amounts()).toEqual(['Plats 13,00 €', 'Retrait sur place — gratuit 0,00 €', 'Réduction (10 % au wok) -1,30 €', 'Total 11,70 €']);

    await click(button('Retirer')!);
    expect(amounts()).toEqual([]);
    expect(text()).not.toContain('WOK10');
    // The field is back, with the focus.
    expect(document.activeElement).toBe(control('Code promo'));

    await pickFirst(MEI_PART);
    await click(button('Continuer vers le paiement')!);
    await until(() => button('Payer 13,00 €'), 'the card form');
    expect(named('CreatePaymentIntent', sent).map((op) => op.variables)).toEqual([
      { slots: [{ cook_id: MEI.cook_id, start: PICKUP_SLOT, mode: 'pickup' }] },
    ]);
  });

  it('a refused code: the French message under the field, announced; typing again clears it', async () => {
    let answer: (op: SentOperation) => unknown = promo;
    await open([CURRY], { promo: (op) => answer(op) });
    const field = () => control('Code promo')!;

    await applyCode(MEI_PART, 'NOEL2020');
    await until(() => errorOf(field()), 'the refusal');
    expect(errorOf(field())).toBe(PROMOTION_MESSAGES.unknown);
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(dom.container.querySelector('[role="alert"]')?.textContent).toBe(PROMOTION_MESSAGES.unknown);
    expect(amounts()).toEqual([]);

    // Too many attempts: the BFF's limiter says so in French.
    answer = () => new Refusal(PROMOTION_MESSAGES.tooManyAttempts, 'RATE_LIMITED');
    await applyCode(MEI_PART, 'WOK10');
    await until(() => errorOf(field()) === PROMOTION_MESSAGES.tooManyAttempts, 'the limiter');

    await typeInto(field(), 'WOK1');
    expect(errorOf(field())).toBeNull();
    expect(field().getAttribute('aria-invalid')).toBeNull();
  });

  it('checks what is no code at all without asking the server', async () => {
    const sent = await open([CURRY], { promo });
    await click(button('Appliquer')!);
    expect(errorOf(control('Code promo')!)).toBe('Saisissez un code promo.');
    await applyCode(MEI_PART, 'AB');
    expect(errorOf(control('Code promo')!)).toBe(PROMOTION_MESSAGES.unknown);
    expect(named('PromoCode', sent)).toEqual([]);
  });

  it('a checkout refused because of a code shows the French reason; the code stays, to remove', async () => {
    const sent = await open([CURRY], { promo, intent: () => new Refusal(PROMOTION_MESSAGES.exhausted, 'CONFLICT') });
    await applyCode(MEI_PART, 'WOK10');
    await until(() => button('Retirer'), 'the code applied');
    await pickFirst(MEI_PART);
    await click(button('Continuer vers le paiement')!);
    await until(() => text().includes(PROMOTION_MESSAGES.exhausted), 'the refusal');
    expect(named('CreatePaymentIntent', sent)).toHaveLength(1);
    expect(button('Retirer')).toBeDefined();
    expect(button('Payer 11,70 €')).toBeUndefined();
  });
});
