// First: zod's CSP-safe setting, before this module builds a schema.
import '../../zod-config';
import { ADS, dailyBudgets, eurosToCents, makeCampaignInputSchema } from '@popote/rules';
import { z } from 'zod';

/** What the 'Mettre en avant' form holds: the budget as typed in euros ("12,50"), the days as typed. */
export interface CampaignFormValues {
  meal_id: string;
  budget_cents: string;
  days: string;
}

/** "7" → 7; anything but a whole number → NaN (the shared schema's message then). */
export const daysOf = (text: string): number => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/**
 * The form's texts → the campaign as the BFF takes it (cents, days), checked by the shared rules
 * (@popote/rules): their French message lands on the field it is about, `budget_cents` or `days`,
 * the names the BFF's `extensions.fields` use too.
 */
export const campaignFormSchema = z
  .object({ meal_id: z.string(), budget_cents: z.string(), days: z.string() })
  .transform((values) => ({ meal_id: values.meal_id, budget_cents: eurosToCents(values.budget_cents), days: daysOf(values.days) }))
  .pipe(makeCampaignInputSchema());

export type CampaignInputValues = z.output<typeof campaignFormSchema>;

/**
 * The daily shares of what is typed (`dailyBudgets`: they add up to the budget), as the lowest and
 * highest; null while the budget or the days are not a possible campaign yet.
 */
export function dailyShare(budgetText: string, daysText: string): { low: number; high: number } | null {
  const cents = eurosToCents(budgetText);
  const days = daysOf(daysText);
  if (!Number.isFinite(cents) || cents <= 0 || !Number.isInteger(days) || days < ADS.daysMin || days > ADS.daysMax) return null;
  const shares = dailyBudgets(cents, days);
  return { low: Math.min(...shares), high: Math.max(...shares) };
}
