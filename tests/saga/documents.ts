/**
 * The stored documents these tests read raw (by collection name, never through the services' schema
 * classes): only the fields they look at, as the services store them. A field renamed in a service
 * makes the assertions that read it fail here, which is the point: they check what is stored.
 */

/** ordering: `orders` (`_id` = the order id). */
export interface OrderDoc {
  _id: string;
  checkout_id: string;
  consumer_id: string;
  consumer_name?: string;
  cook_id: string;
  cook_name: string;
  total_cents: number;
  order_status: string;
  delivery_option: string;
  delivery_fee_cents?: number;
  delivery_address?: { street: string } | null;
  address_purge_day?: string | null;
  stock_status: 'pending' | 'rejected';
  items: { meal_id: string; name?: string; quantity: number; price_cents: number }[];
  pickup_start: Date | null;
  pickup_end: Date | null;
  reminder_sent_at: Date | null;
  cancel_reason: string | null;
  created_at: Date;
  updated_at: Date;
}

/** payments: `refunds` (`_id` = the order id). */
export interface RefundDoc {
  _id: string;
  checkout_id: string;
  amount_cents: number;
  status: 'due' | 'made';
  provider_refund_id: string | null;
  origin?: 'cancelled' | 'cook' | 'support';
  operator_id?: string | null;
  reason?: string | null;
  request_id?: string | null;
}

/** payments: `checkouts`. */
export interface CheckoutDoc {
  _id: string;
  consumer_id: string;
  status: string;
  amount_cents: number;
  reserved_until: Date | null;
  client_secret?: string | null;
  lines: { meal_id: string; cook_id: string; cook_name: string; name: string; unit_price_cents: number; quantity: number }[];
  reconcile_pending?: boolean;
}

/** payments: `ledgerEntries` (`_id` derives from the causing event: `sale:<order>` …). */
export interface LedgerEntryDoc {
  _id: string;
  cook_id: string;
  kind: string;
  order_id: string | null;
  campaign_id?: string | null;
  pending_cents: number;
  available_cents: number;
  advertising_cents?: number;
  /** An advertisement's day spend: the displays it charged. */
  displays?: number | null;
  created_at: Date;
}

/** payments: `adCampaigns` (ADR 0020). */
export interface CampaignDoc {
  _id: string;
  cook_id: string;
  meal_id: string;
  status: 'active' | 'stopped' | 'ended' | 'failed';
  settled: boolean;
  refunded_cents: number | null;
  daily_budgets: number[];
}

/** payments: `adDisplays` / `adClicks` (`_id` = `<campaign>:<day>:<viewer key>`; only a click holds a `user_id`). */
export interface AdMeasureDoc {
  _id: string;
  campaign_id: string;
  day: number;
  user_id?: string | null;
  created_at: Date;
}

/** payments: `payouts`. */
export interface PayoutDoc {
  _id: string;
  cook_id: string;
  amount_cents: number;
  status: 'pending' | 'paid' | 'failed';
}

/** payments: `receipts` (`_id` = the order id). */
export interface ReceiptDoc {
  _id: string;
  cook_id: string;
  number: number;
  total_cents: number;
  cook_name: string;
  cook_legal: { name: string; siret: string | null; vat_regime: string } | null;
}

/** catalogue: `stock` (`_id` = the meal id) and its live reservations. */
export interface StockDoc {
  _id: string;
  cook_id: string;
  portions: number;
  holds: { hold_id: string; quantity: number; expires_at: Date }[];
}

/** catalogue: `slotLoads` (`_id` = `<cook_id>|<start ISO>`), the places taken in one slot. */
export interface SlotLoadDoc {
  _id: string;
  cook_id: string;
  start: Date;
  committed: number;
  holds: { hold_id: string; expires_at: Date }[];
}

/** catalogue: `slotHolds` (`_id` = the order id), one checkout's reservation at one cook. */
export interface SlotHoldDoc {
  _id: string;
  checkout_id: string;
  cook_id: string;
  start: Date;
  expires_at: Date;
  state: string;
  /** A delivery's place (ADR 0044); absent: a pick-up. */
  mode?: 'pickup' | 'delivery';
  fee_cents?: number;
  lines: { meal_id: string; quantity: number }[];
}

/** catalogue: `meals`. */
export interface MealDoc {
  _id: string;
  available_date: Date;
}
