import { PICKUP_TIME_ZONE, type PickupWindow } from '@popote/contracts';
import { DateTime } from 'luxon';

/** What slot computation needs of a cook's settings. */
export interface SlotRules {
  windows: PickupWindow[];
  /** Paris dates (YYYY-MM-DD) without pick-up. */
  days_off: string[];
  cutoff_minutes: number;
  slot_minutes: number;
  capacity: number;
}

export interface Slot {
  start: Date;
  end: Date;
}

/** A slot's start as a key and on the wire: the ISO instant in UTC (as every date of the API). */
export const slotKey = (d: Date): string => d.toISOString();

/**
 * Every slot of the cook's windows from the Paris day of `from` for `days` days, in order. Wall-clock
 * times are Paris times: on the spring-forward Sunday a window crossing 02:00–03:00 loses the slots
 * that do not exist, in autumn the repeated hour is offered once (its first occurrence).
 */
export function slotsBetween(rules: Pick<SlotRules, 'windows' | 'days_off' | 'slot_minutes'>, from: Date, days: number): readonly Slot[] {
  // The grid depends only on the rules and the Paris day: computed once, then read (the time-zone
  // arithmetic was most of the catalogue's CPU under checkouts: a cook's 14 days are ~1 300 slots).
  const firstDay = DateTime.fromJSDate(from, { zone: PICKUP_TIME_ZONE }).startOf('day');
  const key = `${firstDay.toISODate()}|${days}|${rules.slot_minutes}|${JSON.stringify(rules.windows)}|${rules.days_off.join(',')}`;
  const known = grids.get(key);
  if (known) return known;
  const grid = Object.freeze(computeSlots(rules, firstDay, days).map((s) => Object.freeze(s)));
  if (grids.size >= GRID_CACHE_SIZE) grids.delete(grids.keys().next().value!);
  grids.set(key, grid);
  return grid;
}

/** Slot grids by rules and day (each a few hundred slots; a cook's change of rules makes a new key). */
const grids = new Map<string, readonly Slot[]>();
const GRID_CACHE_SIZE = 500;

function computeSlots(rules: Pick<SlotRules, 'windows' | 'days_off' | 'slot_minutes'>, firstDay: DateTime, days: number): Slot[] {
  const out: Slot[] = [];
  const seen = new Set<string>();
  const off = new Set(rules.days_off);
  for (let d = 0; d < days; d++) {
    const day = firstDay.plus({ days: d });
    if (off.has(day.toISODate()!)) continue;
    const windows = rules.windows.filter((w) => w.weekday === day.weekday).sort((a, b) => a.start.localeCompare(b.start));
    for (const w of windows) {
      const [sh, sm] = w.start.split(':').map(Number);
      const [eh, em] = w.end.split(':').map(Number);
      const windowEnd = minutesOfDay(eh, em);
      for (let m = minutesOfDay(sh, sm); m + rules.slot_minutes <= windowEnd; m += rules.slot_minutes) {
        const start = day.set({ hour: Math.floor(m / 60), minute: m % 60 });
        // A wall time that does not exist (spring forward) is moved by luxon: not a slot of this window.
        if (start.hour !== Math.floor(m / 60) || start.minute !== m % 60) continue;
        const end = start.plus({ minutes: rules.slot_minutes });
        const key = slotKey(start.toJSDate());
        if (seen.has(key)) continue;
        seen.add(key);
        out.push({ start: start.toJSDate(), end: end.toJSDate() });
      }
    }
  }
  return out.sort((a, b) => a.start.getTime() - b.start.getTime());
}

const minutesOfDay = (h: number, m: number) => h * 60 + m;

export interface OpenSlotQuery {
  now: Date;
  /** The latest available_date of the dishes ordered: no slot may start before it. */
  availableFrom: Date | null;
  /** Orders (1) or portions asked. */
  amount: number;
  /** Places already used (committed and held) by slot key. */
  used: Map<string, number>;
  days: number;
}

export interface OpenSlot extends Slot {
  remaining: number;
}

/** Slots a buyer may choose now: not started, before the cutoff, after the dishes are available, with room. */
export function openSlots(rules: SlotRules, q: OpenSlotQuery): OpenSlot[] {
  const used = new Map([...q.used].map(([key, n]) => [Date.parse(key), n]));
  return slotsBetween(rules, q.now, q.days)
    .map((s) => ({ ...s, remaining: rules.capacity - (used.get(s.start.getTime()) ?? 0) }))
    .filter((s) => refusal(rules, s, q) === null);
}

/** Why a slot cannot be chosen: started, past its cutoff, before a dish is available, no room left. */
export type SlotRefusal = 'slot_past' | 'slot_cutoff' | 'slot_before_available' | 'slot_full';

/** Why a slot cannot be chosen, or null. `slot` must be one of the cook's slots. The buyer's French is chosen from the code. */
export function refusal(rules: SlotRules, slot: Slot & { remaining: number }, q: Omit<OpenSlotQuery, 'days' | 'used'>): SlotRefusal | null {
  if (slot.start.getTime() <= q.now.getTime()) return 'slot_past';
  if (slot.start.getTime() - rules.cutoff_minutes * 60_000 < q.now.getTime()) return 'slot_cutoff';
  if (q.availableFrom && slot.start.getTime() < q.availableFrom.getTime()) return 'slot_before_available';
  if (slot.remaining < q.amount) return 'slot_full';
  return null;
}

/** The cook's slot starting at `start` (any time in the horizon), or null when it is not one of theirs. */
export function findSlot(rules: SlotRules, start: Date, now: Date, days: number): Slot | null {
  // From the day before now: a slot just past is recognised (and refused as past, not as unknown).
  const from = new Date(Math.min(now.getTime(), start.getTime()) - 24 * 3600_000);
  const at = start.getTime();
  return slotsBetween(rules, from, days + 2).find((s) => s.start.getTime() === at) ?? null;
}
