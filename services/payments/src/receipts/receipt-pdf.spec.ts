import { describe, expect, it } from 'vitest';
import { pickupLines } from './receipt-pdf';

describe('the pick-up lines of a receipt (Paris time, French)', () => {
  const slot = { pickup_start: '2026-11-24T10:30:00.000Z', pickup_end: '2026-11-24T10:45:00.000Z' };

  it('says when, and the commune until the cook confirmed', () => {
    expect(pickupLines({ ...slot, delivery_option: 'pickup', pickup_place: { street: null, postcode: '75011', city: 'Paris' } })).toEqual([
      'Retrait : mardi 24 novembre, 11:30–11:45',
      "Lieu : 75011 Paris (l'adresse exacte s'affiche dès que le cuisinier a confirmé la commande)",
    ]);
  });

  it('gives the street once confirmed; summer time is UTC+2; nothing for an order without a slot', () => {
    expect(
      pickupLines({
        pickup_start: '2026-06-16T16:00:00.000Z',
        pickup_end: '2026-06-16T16:30:00.000Z',
        pickup_place: { street: '4 rue Oberkampf', postcode: '75011', city: 'Paris' },
        delivery_option: 'pickup',
      }),
    ).toEqual(['Retrait : mardi 16 juin, 18:00–18:30', 'Lieu : 4 rue Oberkampf, 75011 Paris']);
    expect(
      pickupLines({
        pickup_start: null,
        pickup_end: null,
        delivery_option: 'pickup',
        pickup_place: { street: null, postcode: '75011', city: 'Paris' },
      }),
    ).toEqual([]);
  });

  it('a delivery says when it comes, and no place (ADR 0044)', () => {
    expect(pickupLines({ ...slot, delivery_option: 'delivery', pickup_place: null })).toEqual([
      'Livraison : mardi 24 novembre, 11:30–11:45',
    ]);
  });
});
