import { z } from 'zod';

/**
 * Advertisements (ADR 0020): a cook puts one of their dishes forward for a number of days
 * with a total budget taken from their available balance; each display costs a fixed price per
 * thousand (ADS_CPM_CENTS), counted once per viewer per dish per campaign day; the day's spend never
 * exceeds its share of the budget. The cook's form, the services and the BFF read these bounds.
 */
export const ADS = {
  /** Total budget, cents. */
  budgetMinCents: 500,
  budgetMaxCents: 100_000,
  daysMin: 1,
  daysMax: 30,
  /** Each day's share of the budget at least this (cents): a campaign of 1 € a day or more. */
  dailyMinCents: 100,
  /** Price per thousand displays when ADS_CPM_CENTS is not set. */
  defaultCpmCents: 500,
  /** An order counts for a campaign when its buyer clicked the sponsored card within these days before. */
  attributionDays: 7,
  /** Where the sponsored card goes: its index among the cards of /meals (0 = first) — always within the first six. */
  mealsSlot: 2,
  /** The first page's cards among which at most one is sponsored. */
  firstCards: 6,
  /** A display counts once at least half of the card has been on screen this long (IAB's viewability rule). */
  visibleMs: 1000,
  /**
   * Displays and clicks counted per network (an IPv4 address, an IPv6 /64) per campaign day, all
   * accounts signed in from it together (a visitor's network counts once): a household, an office,
   * a café's Wi-Fi — not a script creating accounts.
   */
  perNetworkPerDay: 5,
} as const;

/** The split of a total budget into `days` daily shares, in cents, that add up to the total exactly (earlier days first). */
export function dailyBudgets(totalCents: number, days: number): number[] {
  return Array.from({ length: days }, (_, d) => Math.floor((totalCents * (d + 1)) / days) - Math.floor((totalCents * d) / days));
}

/** What `displays` displays cost at `cpmCents` per thousand, rounded half up to the cent. */
export const displaysCostCents = (displays: number, cpmCents: number) => Math.floor((displays * cpmCents + 500) / 1000);

/** The texts buyers and cooks read about a sponsored dish. */
export const AD_TEXTS = {
  label: 'Sponsorisé',
  why: 'Pourquoi ce plat ?',
  explanation: (cookName: string) =>
    `Ce plat est mis en avant contre paiement par ${cookName}, qui l'a cuisiné. Popote l'affiche parmi les premiers plats pendant la durée choisie par ce cuisinier ; le classement des autres plats n'en dépend pas.`,
  cta: 'Mettre en avant',
} as const;

export const AD_FORM_MESSAGES = {
  budgetInvalid: 'Indiquez un budget en euros (deux décimales au plus).',
  budgetMin: `Le budget est d'au moins ${ADS.budgetMinCents / 100} €.`,
  budgetMax: `Le budget est d'au plus ${ADS.budgetMaxCents / 100} €.`,
  daysInvalid: `Indiquez un nombre de jours entre ${ADS.daysMin} et ${ADS.daysMax}.`,
  dailyTooLow: `Comptez au moins ${ADS.dailyMinCents / 100} € par jour : augmentez le budget ou réduisez la durée.`,
} as const;

/** A campaign as the cook asks for it (cents and days), with the French messages of the form. */
export function makeCampaignInputSchema() {
  return z
    .object({
      meal_id: z.string().min(1),
      budget_cents: z
        .number({ message: AD_FORM_MESSAGES.budgetInvalid })
        .int(AD_FORM_MESSAGES.budgetInvalid)
        .min(ADS.budgetMinCents, AD_FORM_MESSAGES.budgetMin)
        .max(ADS.budgetMaxCents, AD_FORM_MESSAGES.budgetMax),
      days: z
        .number({ message: AD_FORM_MESSAGES.daysInvalid })
        .int(AD_FORM_MESSAGES.daysInvalid)
        .min(ADS.daysMin, AD_FORM_MESSAGES.daysInvalid)
        .max(ADS.daysMax, AD_FORM_MESSAGES.daysInvalid),
    })
    .refine((c) => Math.floor(c.budget_cents / c.days) >= ADS.dailyMinCents, {
      message: AD_FORM_MESSAGES.dailyTooLow,
      path: ['budget_cents'],
    });
}

/** "12,50" (the form's euros) → 1250 cents; NaN when it is not an amount with two decimals at most. */
export function eurosToCents(text: string): number {
  const t = text.trim().replace(/\s|€/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return Number.NaN;
  const [units, decimals = ''] = t.split('.');
  return Number(units) * 100 + Number(decimals.padEnd(2, '0'));
}
