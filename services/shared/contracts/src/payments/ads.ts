import { makeCampaignInputSchema } from '@popote/rules';

export { ADS, AD_TEXTS, AD_FORM_MESSAGES, dailyBudgets, displaysCostCents } from '@popote/rules';
import { z } from 'zod';
import { actorSchema, defineRpc } from '../shared/envelope';

// Advertisements (ADR 0020): campaigns paid from the cook's ledger, displays and clicks
// counted by payments, the sponsored card chosen by the BFF.

export const AD_MESSAGES = {
  cooksOnly: 'Réservé aux cuisiniers.',
  mealUnavailable: "Ce plat n'est plus proposé : il ne peut pas être mis en avant.",
  notYourMeal: "Ce plat n'est pas le vôtre.",
  soldOut: 'Ce plat est épuisé : ajoutez des portions avant de le mettre en avant.',
  alreadyRunning: 'Ce plat est déjà mis en avant : arrêtez la mise en avant en cours pour en lancer une autre.',
  balanceShort: (available: string) => `Votre solde disponible (${available}) ne couvre pas ce budget.`,
  balanceBusy: 'Un versement est en cours sur votre solde : réessayez dans une minute.',
  notFound: 'Mise en avant introuvable.',
  alreadyOver: 'Cette mise en avant est déjà terminée.',
  notRecorded: "La mise en avant n'a pas pu être enregistrée : votre budget vous a été rendu. Réessayez.",
  erasureBlocked: 'Une mise en avant est en cours : arrêtez-la (tableau de bord, « Mises en avant ») avant de supprimer votre compte.',
} as const;

export const CAMPAIGN_STATUSES = ['active', 'exhausted_today', 'stopped', 'ended'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const campaignSchema = z.object({
  campaign_id: z.string(),
  meal_id: z.string(),
  meal_name: z.string(),
  cook_id: z.string(),
  budget_cents: z.number().int(),
  days: z.number().int(),
  /** Today's share of the budget (cents): the day's spend never exceeds it. */
  daily_budget_cents: z.number().int(),
  cpm_cents: z.number().int(),
  status: z.enum(CAMPAIGN_STATUSES),
  starts_at: z.string(),
  ends_at: z.string(),
  stopped_at: z.string().nullable(),
  /** Spent so far: the closed days' ledger entries plus what today's displays cost. */
  spent_cents: z.number().int(),
  /** Given back to the available balance once the campaign is closed (null before). */
  refunded_cents: z.number().int().nullable(),
  displays: z.number().int(),
  clicks: z.number().int(),
  orders: z.number().int(),
});
export type CampaignDto = z.infer<typeof campaignSchema>;

export const campaignOverviewSchema = z.object({
  campaigns: z.array(campaignSchema),
  cpm_cents: z.number().int(),
  available_cents: z.number().int(),
});

/** A campaign the BFF may show now: `remaining_millicents` of today's budget is its weight in the rotation. */
export const activeCampaignSchema = z.object({
  campaign_id: z.string(),
  meal_id: z.string(),
  cook_id: z.string(),
  remaining_millicents: z.number().int().positive(),
});
export type ActiveCampaignDto = z.infer<typeof activeCampaignSchema>;

/**
 * Who saw or clicked: a signed-in user by id, a visitor by address — payments turns the latter into a
 * key of its network salted by the day (the salt is dropped after two days), never stored as such.
 * The browser (User-Agent) only decides in the BFF whether a robot asked; it is not sent.
 */
export const viewerSchema = z.union([
  // A signed-in viewer counts once per campaign day, and with the others signed in from their network
  // at most ADS.perNetworkPerDay times.
  z.object({ user_id: z.string().min(1), address: z.string().max(100).optional() }),
  z.object({ address: z.string().max(100) }),
]);

const cookActor = z.object({ actor: actorSchema });
const measured = z.object({ campaign_id: z.string().min(1).max(100), viewer: viewerSchema });

export const AdsRpc = {
  startCampaign: defineRpc(
    'rpc.payments.start-campaign',
    z.object({ actor: actorSchema, input: makeCampaignInputSchema() }),
    z.object({ campaign: campaignSchema }),
    { callers: ['bff'] },
  ),
  stopCampaign: defineRpc(
    'rpc.payments.stop-campaign',
    z.object({ actor: actorSchema, campaign_id: z.string().min(1) }),
    z.object({ campaign: campaignSchema }),
    { callers: ['bff'] },
  ),
  campaigns: defineRpc('rpc.payments.campaigns', cookActor, campaignOverviewSchema, { callers: ['bff'] }),
  campaignsCsv: defineRpc('rpc.payments.campaigns-csv', cookActor, z.object({ filename: z.string(), csv: z.string() }), {
    callers: ['bff'],
  }),
  /** The campaigns that may be shown now (running, today's budget not spent); the BFF keeps it a few seconds. */
  activeCampaigns: defineRpc('rpc.payments.active-campaigns', z.object({}), z.object({ items: z.array(activeCampaignSchema) }), {
    callers: ['bff'],
  }),
  /** A sponsored card was seen (half of it on screen for a second): counted once per viewer per campaign day. */
  recordDisplay: defineRpc('rpc.payments.record-ad-display', measured, z.object({ counted: z.boolean() }), { callers: ['bff'] }),
  /** A sponsored card was opened: counted once per viewer per campaign day; orders within 7 days follow it. */
  recordClick: defineRpc('rpc.payments.record-ad-click', measured, z.object({ counted: z.boolean() }), { callers: ['bff'] }),
} as const;
