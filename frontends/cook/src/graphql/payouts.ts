import type { CookPayoutsQuery, PayoutAccountFieldsFragment } from './payouts.generated';

export type PayoutAccountData = PayoutAccountFieldsFragment;
export type PayoutOverviewData = CookPayoutsQuery['cookPayouts'];
export type LedgerEntryData = PayoutOverviewData['entries'][number];
export type PayoutData = PayoutOverviewData['payouts'][number];
