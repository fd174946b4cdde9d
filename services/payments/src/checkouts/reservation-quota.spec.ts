import { describe, expect, it } from 'vitest';
import { recentReservations, reservationAllowed, RESERVATION_WINDOW_MS } from './reservation-quota';

const H = 3_600_000;
const now = Date.parse('2026-11-27T12:00:00Z');
const at = (hoursAgo: number) => new Date(now - hoursAgo * H);

describe('reservation quota per buyer', () => {
  it('allows up to the cap within the window, then refuses until the oldest leaves it', () => {
    const times = [at(23), at(5), at(1)];
    expect(reservationAllowed(times.slice(0, 2), now, 3)).toEqual({ ok: true });
    const refused = reservationAllowed(times, now, 3);
    expect(refused).toEqual({ ok: false, retryAt: new Date(at(23).getTime() + RESERVATION_WINDOW_MS) });
    // One hour later the reservation of 23 h ago has left the window.
    expect(reservationAllowed(times, now + H, 3)).toEqual({ ok: true });
  });

  it('forgets reservations older than the window and sorts what it keeps', () => {
    expect(recentReservations([at(1), at(25), at(3)], now)).toEqual([at(3), at(1)]);
  });

  it('with more recent reservations than the cap (cap lowered), waits for enough of them to leave', () => {
    const r = reservationAllowed([at(20), at(10), at(2)], now, 2);
    expect(r).toEqual({ ok: false, retryAt: new Date(at(10).getTime() + RESERVATION_WINDOW_MS) });
  });
});
