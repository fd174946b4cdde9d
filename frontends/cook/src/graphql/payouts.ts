import type { CookPayoutsQuery, PayoutAccountFieldsFragment } from './payouts.generated';

/* The cook's payout account, balances, ledger and payouts: typed documents generated from payouts.graphql. */
export {
  CommissionInvoicePdfDocument as COMMISSION_INVOICE_PDF_QUERY,
  CompleteSandboxOnboardingDocument as COMPLETE_SANDBOX_ONBOARDING,
  ConnectPayoutAccountDocument as CONNECT_PAYOUT_ACCOUNT,
  CookLedgerCsvDocument as COOK_LEDGER_CSV_QUERY,
  CookPayoutsDocument as COOK_PAYOUTS_QUERY,
  RefundDeliveredOrderDocument as REFUND_DELIVERED_ORDER,
  RequestPayoutDocument as REQUEST_PAYOUT,
} from './payouts.generated';

export type PayoutAccountData = PayoutAccountFieldsFragment;
export type PayoutOverviewData = CookPayoutsQuery['cookPayouts'];
export type LedgerEntryData = PayoutOverviewData['entries'][number];
export type PayoutData = PayoutOverviewData['payouts'][number];
