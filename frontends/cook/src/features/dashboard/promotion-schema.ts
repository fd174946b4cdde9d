// First: zod's CSP-safe setting, before this module builds a schema.
import '../../zod-config';
import { eurosToCents, makePromotionInput, PROMOTION_KINDS, type PromotionInput } from '@popote/rules';
import { z } from 'zod';
import { frPromotions } from './promotions-texts';

/** A Paris date and time as the form's inputs hold them: "2026-03-06", "18:00". */
export interface ParisTime {
  date: string;
  time: string;
}

/**
 * What the 'Créer une promotion' form holds: texts as typed (euros with a French comma, counts),
 * the dishes ticked, and the start and end in Paris time. The names are those of `PromotionInput`
 * (and of the BFF's `extensions.fields`), so that a message lands on the field it is about.
 */
export interface PromotionFormValues {
  name: string;
  code: string;
  kind: (typeof PROMOTION_KINDS)[number];
  /** Percent ("10") or euros ("2,50"), by `kind`. */
  value: string;
  /** 'all': every dish of the cook (`meal_ids` empty); 'chosen': the dishes ticked. */
  scope: 'all' | 'chosen';
  meal_ids: string[];
  /** Euros; empty: no minimum. */
  min_basket_cents: string;
  starts_at: ParisTime;
  ends_at: ParisTime;
  /** Empty: no limit. */
  max_uses: string;
  max_uses_per_buyer: string;
}

const PARIS = 'Europe/Paris';
const parisParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: PARIS,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The Paris date and time (to the minute) of an instant. */
export function parisTimeOf(at: Date): ParisTime {
  const p = Object.fromEntries(parisParts.formatToParts(at).map((part) => [part.type, part.value]));
  return { date: `${p['year']}-${p['month']}-${p['day']}`, time: `${p['hour']}:${p['minute']}` };
}

/**
 * A Paris date and time → the instant (ISO), or '' when it is not a real date and time (the rules
 * then say « Date invalide »). Paris is UTC+1 or UTC+2: the offset kept is the one whose Paris clock
 * reads what was typed; a time the clocks skip (the last Sunday of March, 02:xx) is read in winter time.
 */
export function parisInstant({ date, time }: ParisTime): string {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return '';
  const [year, month, day, hour, minute] = [d[1], d[2], d[3], t[1], t[2]].map(Number) as [number, number, number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(wall);
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month - 1 || hour > 23 || minute > 59) return '';
  for (const offsetHours of [2, 1]) {
    const at = new Date(wall - offsetHours * 3_600_000);
    const back = parisTimeOf(at);
    if (back.date === date && back.time === time) return at.toISOString();
  }
  return new Date(wall - 3_600_000).toISOString();
}

/** The form's defaults: a percentage on every dish, from now (Paris, to the minute) for 7 days, once per buyer. */
export function promotionDefaults(now: Date): PromotionFormValues {
  return {
    name: '',
    code: '',
    kind: 'percent',
    value: '',
    scope: 'all',
    meal_ids: [],
    min_basket_cents: '',
    starts_at: parisTimeOf(now),
    ends_at: parisTimeOf(new Date(now.getTime() + 7 * 86_400_000)),
    max_uses: '',
    max_uses_per_buyer: '1',
  };
}

/** "12" → 12; empty → `empty`; anything but a whole number → `invalid` (a value the rules refuse, in French). */
const wholeOr = <E>(text: string, empty: E, invalid: number): number | E => {
  const trimmed = text.trim();
  if (trimmed === '') return empty;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : invalid;
};

/**
 * The form → the promotion as the BFF takes it: a percentage as a whole number ("10 %" too), an
 * amount and the minimum basket in cents, an empty code as null (automatic), the Paris times as
 * instants. Whatever is not a number becomes a value the shared rules refuse, so that every
 * message is theirs (@popote/rules, the server's very words).
 */
export function promotionInputOf(form: PromotionFormValues): PromotionInput & Pick<PromotionFormValues, 'scope'> {
  const value =
    form.kind === 'percent'
      ? wholeOr(form.value.replace(/\s|%/g, ''), 0, 0)
      : Number.isFinite(eurosToCents(form.value))
        ? eurosToCents(form.value)
        : 0;
  const basket = form.min_basket_cents.trim() === '' ? 0 : eurosToCents(form.min_basket_cents);
  return {
    name: form.name,
    code: form.code.trim() === '' ? null : form.code,
    kind: form.kind,
    value,
    meal_ids: form.scope === 'all' ? [] : form.meal_ids,
    min_basket_cents: Number.isFinite(basket) ? basket : -1,
    starts_at: parisInstant(form.starts_at),
    ends_at: parisInstant(form.ends_at),
    max_uses: wholeOr(form.max_uses, null, 0),
    max_uses_per_buyer: wholeOr(form.max_uses_per_buyer, 0, 0),
    scope: form.scope,
  };
}

/**
 * The 'Créer une promotion' form's schema: the form's texts turned into the promotion, checked by
 * the shared rules (ADR 0045) with their French messages on the fields they are about, and one
 * check of the form's own: 'Certains plats' with none ticked.
 */
export const promotionFormSchema = z
  .object({
    name: z.string(),
    code: z.string(),
    kind: z.enum(PROMOTION_KINDS),
    value: z.string(),
    scope: z.enum(['all', 'chosen']),
    meal_ids: z.array(z.string()),
    min_basket_cents: z.string(),
    starts_at: z.object({ date: z.string(), time: z.string() }),
    ends_at: z.object({ date: z.string(), time: z.string() }),
    max_uses: z.string(),
    max_uses_per_buyer: z.string(),
  })
  .transform(promotionInputOf)
  .pipe(
    makePromotionInput()
      .safeExtend({ scope: z.enum(['all', 'chosen']) })
      .superRefine((p, ctx) => {
        if (p.scope === 'chosen' && p.meal_ids.length === 0)
          ctx.addIssue({ code: 'custom', message: frPromotions.noMealChosen, path: ['meal_ids'] });
      })
      .transform(({ scope: _scope, ...input }) => input),
  );

/** What `createPromotion` is sent. */
export type PromotionInputValues = z.output<typeof promotionFormSchema>;
