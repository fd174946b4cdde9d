// @vitest-environment jsdom
import { DELIVERY_ADDRESS_MESSAGES } from '@popote/rules';
import { Refusal, useReactTestRoot } from '@popote/ui/testing';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearCheckoutSession } from '../cart/checkout-session';
import { AMINA, checkoutPage, CURRY, DELIVERY_SLOT, item, MEI, named, PICKUP_SLOT, plain, TAJINE } from './checkout-spec-kit';

const dom = useReactTestRoot();
const { text, until, open: openCheckout, control, errorOf, button, radiogroup, addressForm, amounts, click, typeInto } = checkoutPage(dom);

const OUT_OF_RANGE = 'Votre adresse est hors de la zone de livraison de ce cuisinier : choisissez le retrait.';
const ADDRESS_FIRST = 'Indiquez votre adresse de livraison ci-dessous pour voir les créneaux de livraison.';

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
    const sent = await openCheckout([TAJINE], {
      remembered: {
        __typename: 'DeliveryAddress',
        street: '3 rue Paul Bert',
        complement: '',
        postcode: '69003',
        commune_code: '69383',
        city: 'Lyon 3e Arrondissement',
        phone: '0612345678',
        instructions: '',
      },
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
    const sent = await openCheckout([TAJINE], { intent: () => refusal });
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
