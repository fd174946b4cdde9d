/**
 * How often one buyer may reserve food (a new checkout or a renewal): `cap` reservations in any
 * `windowMs`. With one open checkout per buyer and a reservation lasting RESERVATION_TTL_SECONDS, a
 * buyer holds a cook's portions and places at most cap × TTL a day, however they script it.
 */
export const RESERVATION_WINDOW_MS = 24 * 3_600_000;

/** The reservation times still inside the window ending at `now`, oldest first. */
export function recentReservations(times: readonly Date[], now: number, windowMs = RESERVATION_WINDOW_MS): Date[] {
  return times
    .map((t) => new Date(t))
    .filter((t) => now - t.getTime() < windowMs)
    .sort((a, b) => a.getTime() - b.getTime());
}

/** Whether one more reservation is allowed; if not, when the oldest one leaves the window. */
export function reservationAllowed(
  times: readonly Date[],
  now: number,
  cap: number,
  windowMs = RESERVATION_WINDOW_MS,
): { ok: true } | { ok: false; retryAt: Date } {
  const recent = recentReservations(times, now, windowMs);
  if (recent.length < cap) return { ok: true };
  return { ok: false, retryAt: new Date(recent[recent.length - cap]!.getTime() + windowMs) };
}
