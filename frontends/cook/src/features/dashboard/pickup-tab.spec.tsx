// @vitest-environment jsdom
import { PICKUP_FIELD_MESSAGES } from '@popote/rules';
import { useReactTestRoot, type SentOperation } from '@popote/ui/testing';
import { describe, expect, it } from 'vitest';
import { buttonNamed, click, fieldError, labelled, mountWithBff, typeInto, until } from './dashboard-testing';
import { PickupTab } from './pickup-tab';

const dom = useReactTestRoot();

const win = (weekday: number, start: string, end: string) => ({ __typename: 'PickupWindow', weekday, start, end });
/** A cook of Lyon 3e who set pick-up, and delivery as given. */
const settings = (delivery: Record<string, unknown> | null) => ({
  __typename: 'PickupSettings',
  cook_id: 'c1',
  windows: [win(2, '18:00', '20:00')],
  days_off: ['2030-12-25'],
  address: {
    __typename: 'PickupAddress',
    street: '4 rue Paul Bert',
    postcode: '69003',
    city: 'Lyon 3e Arrondissement',
    commune_code: '69383',
  },
  location: { __typename: 'CookLocation', commune_code: '69383', commune: 'Lyon 3e Arrondissement', postcode: '69003' },
  cutoff_minutes: 120,
  slot_minutes: 30,
  capacity: 4,
  capacity_unit: 'orders',
  delivery,
});
const SAVED_DELIVERY = {
  __typename: 'DeliverySettings',
  enabled: true,
  radius_km: 8,
  fee_cents: 350,
  free_above_cents: 3000,
  windows: [win(6, '11:00', '13:00')],
  slot_minutes: 60,
  cutoff_minutes: 240,
  capacity: 2,
};
/** What the cook sends back for the pick-up part, untouched. */
const PICKUP_INPUT = {
  windows: [{ weekday: 2, start: '18:00', end: '20:00' }],
  days_off: ['2030-12-25'],
  address: { street: '4 rue Paul Bert', postcode: '69003', commune_code: '69383' },
  cutoff_minutes: 120,
  slot_minutes: 30,
  capacity: 4,
  capacity_unit: 'orders',
};
const COMMUNES = [{ __typename: 'Commune', code: '69383', name: 'Lyon 3e Arrondissement', postcodes: ['69003'], has_position: true }];

const named = (operation: string, sent: SentOperation[]) => sent.filter((op) => op.operationName === operation);

/** The tab over a BFF holding `saved`; a save answers the settings sent. */
async function mount(saved: ReturnType<typeof settings> | null) {
  const sent = await mountWithBff(dom, <PickupTab />, (op) => {
    if (op.operationName === 'Communes') return { communes: COMMUNES };
    if (op.operationName === 'UpdatePickupSettings') {
      const input = op.variables['input'] as { delivery: Record<string, unknown> | null };
      const delivery = input.delivery && {
        ...SAVED_DELIVERY,
        ...input.delivery,
        windows: (input.delivery['windows'] as { weekday: number; start: string; end: string }[]).map((w) =>
          win(w.weekday, w.start, w.end),
        ),
      };
      return { updatePickupSettings: settings(delivery) };
    }
    return { pickupSettings: saved };
  });
  await until(() => buttonNamed(dom.container, 'Enregistrer'), 'the form');
  return sent;
}

const deliveryPart = () => dom.container.querySelector<HTMLFieldSetElement>('[data-testid="pickup-delivery"]')!;
const field = (label: string) => labelled(deliveryPart(), label)!;
const offer = () => field('Proposer la livraison');
const hintOf = (input: HTMLElement) => {
  const id = input
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((one) => one.endsWith('-hint'));
  return id ? document.getElementById(id)?.textContent : undefined;
};
const save = () => click(buttonNamed(dom.container, 'Enregistrer')!);
const savedInputs = (sent: SentOperation[]) => named('UpdatePickupSettings', sent).map((op) => op.variables['input']);

describe("the 'Retrait et livraison' tab: delivery by the cook", () => {
  it('is off until ticked; ticked, it shows its fields filled with the defaults', async () => {
    await mount(settings(null));
    expect(deliveryPart().querySelector('legend')?.textContent).toBe('Livraison');
    expect(offer().checked).toBe(false);
    expect(labelled(deliveryPart(), 'Rayon de livraison (km)')).toBeNull();

    await click(offer());
    expect(offer().checked).toBe(true);
    expect(field('Rayon de livraison (km)').value).toBe('5');
    expect(hintOf(field('Rayon de livraison (km)'))).toBe('Mesuré depuis votre commune de retrait');
    expect(field('Frais de livraison (€)').value).toBe('5,00');
    expect(field('Livraison offerte à partir de (€)').value).toBe('');
    expect(field('Jour').value).toBe('5');
    expect(field('De').value).toBe('18:00');
    expect(field('À').value).toBe('20:00');
    expect(field('Durée d’un créneau').value).toBe('30');
    expect([...(field('Durée d’un créneau') as unknown as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      '30 minutes',
      '60 minutes',
    ]);
    expect(field('Fin des commandes').value).toBe('120');
    expect(field('Commandes par créneau').value).toBe('3');
    expect(buttonNamed(deliveryPart(), 'Ajouter une plage de livraison')).not.toBeNull();
  });

  it('says what is wrong under the field, in French, and sends nothing', async () => {
    const sent = await mount(settings(null));
    await click(offer());
    await typeInto(field('Rayon de livraison (km)'), '20');
    await typeInto(field('Frais de livraison (€)'), 'cinq');
    await typeInto(field('À'), '17:00');
    await save();
    await until(() => fieldError(field('Rayon de livraison (km)')), 'the radius error');
    expect(fieldError(field('Rayon de livraison (km)'))).toBe(PICKUP_FIELD_MESSAGES.radius);
    expect(fieldError(field('Frais de livraison (€)'))).toBe(PICKUP_FIELD_MESSAGES.fee);
    expect(fieldError(field('À'))).toBe(PICKUP_FIELD_MESSAGES.windowOrder);
    // The pick-up window of the same name keeps no message.
    expect(fieldError(labelled(dom.container, 'À')!)).toBeNull();
    expect(savedInputs(sent)).toEqual([]);

    // No delivery window at all: said under the list, which the group points to.
    await click(
      deliveryPart().querySelector<HTMLButtonElement>('button[aria-label="Retirer la plage de livraison Vendredi 18:00–17:00"]')!,
    );
    await typeInto(field('Rayon de livraison (km)'), '15');
    await typeInto(field('Frais de livraison (€)'), '5');
    await save();
    const windows = [...deliveryPart().querySelectorAll('fieldset')].find(
      (f) => f.querySelector('legend')?.textContent === 'Plages de livraison',
    )!;
    await until(() => windows.getAttribute('aria-describedby'), 'the windows error');
    expect(document.getElementById(windows.getAttribute('aria-describedby')!)?.textContent).toBe(
      PICKUP_FIELD_MESSAGES.deliveryNeedsWindows,
    );
    expect(savedInputs(sent)).toEqual([]);
  });

  it('sends the delivery with its amounts in cents, and no free delivery when that field is empty', async () => {
    const sent = await mount(settings(null));
    // Nothing ticked: delivery is sent, as null.
    await save();
    await until(() => savedInputs(sent).at(0), 'the first save');
    expect(savedInputs(sent)[0]).toEqual({ ...PICKUP_INPUT, delivery: null });

    await click(offer());
    await typeInto(field('Frais de livraison (€)'), '3,50');
    await typeInto(field('Commandes par créneau'), '6');
    await save();
    await until(() => savedInputs(sent).at(1), 'the second save');
    expect(savedInputs(sent)[1]).toEqual({
      ...PICKUP_INPUT,
      delivery: {
        enabled: true,
        radius_km: 5,
        fee_cents: 350,
        free_above_cents: null,
        windows: [{ weekday: 5, start: '18:00', end: '20:00' }],
        slot_minutes: 30,
        cutoff_minutes: 120,
        capacity: 6,
      },
    });
    expect(document.body.textContent).toContain('Horaires de retrait enregistrés');
  });

  it('shows saved delivery as typed in euros; unticked, it is sent off with what was typed kept', async () => {
    const sent = await mount(settings(SAVED_DELIVERY));
    expect(offer().checked).toBe(true);
    expect(field('Rayon de livraison (km)').value).toBe('8');
    expect(field('Frais de livraison (€)').value).toBe('3,50');
    expect(field('Livraison offerte à partir de (€)').value).toBe('30,00');
    expect(field('Jour').value).toBe('6');
    expect(field('Durée d’un créneau').value).toBe('60');
    expect(field('Fin des commandes').value).toBe('240');

    await typeInto(field('Livraison offerte à partir de (€)'), '25,5');
    await click(offer());
    expect(labelled(deliveryPart(), 'Rayon de livraison (km)')).toBeNull();
    await save();
    await until(() => savedInputs(sent).at(0), 'the save');
    expect(savedInputs(sent)[0]).toEqual({
      ...PICKUP_INPUT,
      delivery: {
        enabled: false,
        radius_km: 8,
        fee_cents: 350,
        free_above_cents: 2550,
        windows: [{ weekday: 6, start: '11:00', end: '13:00' }],
        slot_minutes: 60,
        cutoff_minutes: 240,
        capacity: 2,
      },
    });

    // Ticked again: the same values are back.
    await click(offer());
    expect(field('Livraison offerte à partir de (€)').value).toBe('25,5');
  });

  it('switched off with a hidden field that is not valid, keeps the saved delivery, off', async () => {
    const sent = await mount(settings(SAVED_DELIVERY));
    await typeInto(field('Rayon de livraison (km)'), '40');
    await click(offer());
    await save();
    await until(() => savedInputs(sent).at(0), 'the save');
    expect(savedInputs(sent)[0]).toMatchObject({ delivery: { enabled: false, radius_km: 8, fee_cents: 350, free_above_cents: 3000 } });
  });
});
