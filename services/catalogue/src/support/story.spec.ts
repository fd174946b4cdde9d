import { formatPickupSlot } from '@popote/contracts';
import { describe, expect, it } from 'vitest';
import { catalogueStory, mealsNamed, REFUSAL_LABELS, type HoldRead } from './story';

const t = (minutes: number) => new Date(Date.parse('2026-12-01T09:00:00Z') + minutes * 60_000);
const SLOT = { start: new Date('2026-12-01T17:00:00Z'), end: new Date('2026-12-01T17:30:00Z') };
const NAMES = new Map([
  ['m1', 'Tajine'],
  ['m2', 'Couscous'],
]);

const hold = (over: Partial<HoldRead> = {}): HoldRead => ({
  _id: 'o1',
  checkout_id: 'c1',
  ...SLOT,
  amount: 3,
  expires_at: t(15),
  state: 'held',
  lines: [
    { meal_id: 'm1', quantity: 2 },
    { meal_id: 'm2', quantity: 1 },
  ],
  created_at: t(0),
  updated_at: t(0),
  ...over,
});
const applied = (over: Partial<Parameters<typeof catalogueStory>[1] & object> = {}) => ({
  result: 'committed' as const,
  meal_id: null,
  reason: null,
  applied_at: t(2),
  restocked_at: null,
  ...over,
});
const story = (...args: Parameters<typeof catalogueStory>) => catalogueStory(...args).map((e) => [e.kind, e.label, e.detail]);

describe("the catalogue's part of an order's story", () => {
  it('a live reservation: the portions (with their names) and the place, reserved until when', () => {
    const entries = catalogueStory(hold(), null, NAMES, t(5));
    expect(entries.map((e) => e.kind)).toEqual(['stock.held', 'slot.held']);
    expect(entries[0]).toMatchObject({ at: t(0).toISOString(), service: 'catalogue', label: 'Stock réservé', email_id: null });
    expect(entries[0]!.detail).toMatch(/^2 × Tajine, 1 × Couscous · jusqu’au \d{2}\/12\/2026 \d{2}:\d{2}$/);
    expect(entries[1]!.detail).toBe(`${formatPickupSlot(SLOT.start.toISOString(), SLOT.end.toISOString())} · 3 places`);
  });

  it('a reservation past its expiry, not given back yet, then given back by the sweep; one given back before (payment failed, cart changed)', () => {
    expect(story(hold(), null, NAMES, t(20)).at(-1)).toEqual([
      'stock.expired',
      'Réservation expirée',
      'Pas encore rendue : le balayage la rend sous peu',
    ]);
    const swept = catalogueStory(hold({ state: 'released', updated_at: t(16) }), null, NAMES, t(20));
    expect(swept.at(-1)).toMatchObject({ at: t(15).toISOString(), kind: 'stock.expired', detail: 'Portions et place rendues' });
    const early = catalogueStory(hold({ state: 'released', updated_at: t(4) }), null, NAMES, t(20));
    expect(early.at(-1)).toMatchObject({ at: t(4).toISOString(), kind: 'stock.released', label: 'Réservation libérée' });
    // The states before docs/checkout.md read as given back.
    expect(catalogueStory(hold({ state: 'refused', updated_at: t(4) }), null, NAMES, t(20)).at(-1)!.kind).toBe('stock.released');
  });

  it('taken by its order: portions sold and place confirmed at the time the stock was applied; given back when it was cancelled', () => {
    expect(story(hold({ state: 'committed', updated_at: t(2) }), applied(), NAMES, t(20))).toEqual([
      ['stock.held', 'Stock réservé', '2 × Tajine, 1 × Couscous'],
      ['slot.held', 'Créneau de retrait réservé', expect.any(String)],
      ['slot.committed', 'Place du créneau confirmée pour la commande', expect.any(String)],
      ['stock.committed', 'Portions vendues (stock validé)', '2 × Tajine, 1 × Couscous'],
    ]);
    const cancelled = catalogueStory(hold({ state: 'freed', updated_at: t(40) }), applied({ restocked_at: t(41) }), NAMES, t(50));
    expect(cancelled.slice(-2).map((e) => [e.at, e.kind])).toEqual([
      [t(40).toISOString(), 'slot.freed'],
      [t(41).toISOString(), 'stock.restocked'],
    ]);
  });

  it('refused by the stock worker: why, and which dish; voided by a cancellation that came first — no separate give-back line', () => {
    const refused = story(
      hold({ state: 'released', updated_at: t(2) }),
      applied({ result: 'rejected', meal_id: 'm2', reason: 'insufficient_stock' }),
      NAMES,
    );
    expect(refused.map((e) => e[0])).toEqual(['stock.held', 'slot.held', 'stock.rejected']);
    expect(refused.at(-1)![2]).toBe(`${REFUSAL_LABELS.insufficient_stock} : Couscous`);
    const voided = story(hold({ state: 'released', updated_at: t(2) }), applied({ result: 'void' }), NAMES);
    expect(voided.map((e) => e[0])).toEqual(['stock.held', 'slot.held', 'stock.void']);
  });

  it('nothing stored: nothing told; a reservation made before its lines were kept tells its place only; unknown dishes by id', () => {
    expect(catalogueStory(null, null, NAMES)).toEqual([]);
    expect(story(hold({ lines: [] }), null, NAMES, t(5)).map((e) => e[0])).toEqual(['slot.held']);
    expect(story(hold({ lines: [{ meal_id: 'gone', quantity: 1 }] }), null, new Map(), t(20))[0]![2]).toBe('1 × gone');
    expect(mealsNamed(hold(), { meal_id: 'm3' })).toEqual(['m1', 'm2', 'm3']);
  });
});
