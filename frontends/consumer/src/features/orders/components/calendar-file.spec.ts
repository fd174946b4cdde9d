import { createEvent } from 'ics';
import { describe, expect, it } from 'vitest';
import { pickupEventAttributes } from './calendar-file';

describe('pick-up calendar file', () => {
  it('is a valid iCalendar event at the slot, in UTC, with the dishes and (once known) the address', () => {
    const attrs = pickupEventAttributes(
      {
        order_id: 'order-0123456789abcdef',
        cook_name: 'amina_cuisine',
        start: '2026-01-13T17:00:00Z',
        end: '2026-01-13T17:30:00Z',
        items: [{ name: 'Tajine', quantity: 2 }],
        address: { street: '12 rue des Martyrs', postcode: '75009', city: 'Paris' },
      },
      'https://popote.test',
    );
    const { error, value } = createEvent(attrs);
    expect(error).toBeFalsy();
    expect(value).toContain('BEGIN:VEVENT');
    expect(value).toContain('DTSTART:20260113T170000Z');
    expect(value).toContain('DTEND:20260113T173000Z');
    expect(value).toContain('SUMMARY:Retrait Popote chez amina_cuisine');
    expect(value).toContain('LOCATION:12 rue des Martyrs\\, 75009 Paris');
    expect(value).toContain('UID:pickup-order-0123456789abcdef@popote');
  });

  it('has no location while the address is hidden', () => {
    const attrs = pickupEventAttributes(
      { order_id: 'o1', cook_name: 'mei', start: '2026-06-16T16:00:00Z', end: '2026-06-16T16:15:00Z', items: [], address: null },
      'https://popote.test',
    );
    expect(createEvent(attrs).value).not.toContain('LOCATION');
  });

  it("says a delivery is one, at the buyer's address", () => {
    const attrs = pickupEventAttributes(
      {
        order_id: 'o2',
        cook_name: 'amina_cuisine',
        mode: 'delivery',
        start: '2026-06-16T10:00:00Z',
        end: '2026-06-16T11:00:00Z',
        items: [],
        address: { street: '3 rue Paul Bert', postcode: '69003', city: 'Lyon 3e Arrondissement' },
      },
      'https://popote.test',
    );
    const { value } = createEvent(attrs);
    expect(value).toContain('SUMMARY:Livraison Popote par amina_cuisine');
    expect(value).toContain('LOCATION:3 rue Paul Bert\\, 69003 Lyon 3e Arrondissement');
  });
});
