import { ModelStore } from '@popote/platform';
import {
  AdClick,
  AdClickSchema,
  AdConversion,
  AdConversionSchema,
  AdDisplay,
  AdDisplaySchema,
  AdSalt,
  AdSaltSchema,
  AdNetworkPlace,
  AdNetworkPlaceSchema,
  Campaign,
  CampaignSchema,
} from './advertising/advertising.schema';
import {
  Checkout,
  CheckoutSchema,
  OpenCheckout,
  OpenCheckoutSchema,
  PaymentEvent,
  PaymentEventSchema,
  Refund,
  RefundSchema,
} from './checkouts/checkout.schema';
import {
  LedgerEntry,
  LedgerEntrySchema,
  Payout,
  PayoutAccount,
  PayoutAccountSchema,
  PayoutInFlight,
  PayoutInFlightSchema,
  PayoutRound,
  PayoutRoundSchema,
  PayoutSchema,
} from './payouts/payouts.schema';
import { Receipt, ReceiptSchema, ReceiptSeries, ReceiptSeriesSchema } from './receipts/receipt.schema';

/** Payments' collections (registered by CheckoutsModule), injected as one store where several are used. */
export class PaymentsStore extends ModelStore({
  checkouts: [Checkout, CheckoutSchema],
  openCheckouts: [OpenCheckout, OpenCheckoutSchema],
  paymentEvents: [PaymentEvent, PaymentEventSchema],
  refunds: [Refund, RefundSchema],
  ledgerEntries: [LedgerEntry, LedgerEntrySchema],
  payoutAccounts: [PayoutAccount, PayoutAccountSchema],
  payouts: [Payout, PayoutSchema],
  payoutsInFlight: [PayoutInFlight, PayoutInFlightSchema],
  payoutRounds: [PayoutRound, PayoutRoundSchema],
  receipts: [Receipt, ReceiptSchema],
  receiptSeries: [ReceiptSeries, ReceiptSeriesSchema],
  campaigns: [Campaign, CampaignSchema],
  adDisplays: [AdDisplay, AdDisplaySchema],
  adClicks: [AdClick, AdClickSchema],
  adConversions: [AdConversion, AdConversionSchema],
  adSalts: [AdSalt, AdSaltSchema],
  adNetworkPlaces: [AdNetworkPlace, AdNetworkPlaceSchema],
}) {}
