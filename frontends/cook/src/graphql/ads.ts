import type { CampaignFieldsFragment, CookCampaignsQuery } from './ads.generated';

/** A campaign as the 'Mises en avant' tab shows it. */
export type CampaignData = CampaignFieldsFragment;
export type CampaignOverviewData = CookCampaignsQuery['cookCampaigns'];

/** `Campaign.status`: 'active' | 'exhausted_today' | 'stopped' | 'ended'. */
export type CampaignStatus = 'active' | 'exhausted_today' | 'stopped' | 'ended';

/** A campaign still running (today's budget spent or not): it may be stopped, and its dish not started again. */
export const isRunning = (campaign: Pick<CampaignData, 'status'>) => campaign.status === 'active' || campaign.status === 'exhausted_today';
