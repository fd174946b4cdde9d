import { PICKUP_TIME_ZONE, type PickupWindow } from '@popote/contracts';
import { DateTime } from 'luxon';

/** What a save of the pick-up settings changes that the followers care about. */
export interface OpenedSlots {
  /** ISO weekdays (1 = Monday … 7 = Sunday) with hours that were not offered before. */
  weekdays: number[];
  /** Coming Paris dates that were days off and are open again (their weekday has hours). */
  days: string[];
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Whether a save opens more pick-up than before (docs/alerts.md), and what: a weekday gets hours it
 * did not have (a new day of the week, a window made longer or a window added), or a coming day
 * off is taken back. Hours taken away, another cutoff, slot length or capacity open nothing: the
 * followers hear of new chances to pick up, not of every edit. The first save opens every weekday
 * it gives hours to. `today`: the Paris date (days off before it are the past). Null: nothing opened.
 */
export function slotsOpened(
  before: { windows: PickupWindow[]; days_off: string[] } | null,
  after: { windows: PickupWindow[]; days_off: string[] },
  today: string,
): OpenedSlots | null {
  const covered = (windows: PickupWindow[], weekday: number) => {
    const minute = new Array<boolean>(24 * 60).fill(false);
    for (const w of windows) if (w.weekday === weekday) for (let m = minutes(w.start); m < minutes(w.end); m++) minute[m] = true;
    return minute;
  };
  const weekdays: number[] = [];
  for (let weekday = 1; weekday <= 7; weekday++) {
    const was = covered(before?.windows ?? [], weekday);
    const now = covered(after.windows, weekday);
    if (now.some((open, m) => open && !was[m])) weekdays.push(weekday);
  }
  const stillOff = new Set(after.days_off);
  const withHours = new Set(after.windows.map((w) => w.weekday));
  const days = [...new Set(before?.days_off ?? [])]
    .filter((day) => day >= today && !stillOff.has(day))
    .filter((day) => withHours.has(DateTime.fromISO(day, { zone: PICKUP_TIME_ZONE }).weekday))
    .sort();
  return weekdays.length || days.length ? { weekdays, days } : null;
}

/** The Paris date of an instant (YYYY-MM-DD). */
export const parisDate = (at: Date): string => DateTime.fromJSDate(at, { zone: PICKUP_TIME_ZONE }).toISODate()!;
