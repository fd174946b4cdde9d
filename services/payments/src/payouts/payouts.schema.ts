import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { ModelStore } from '@popote/platform';
import type { LedgerKind } from '@popote/contracts';

/**
 * The cook's ledger (ADR 0007): append-only. `_id` derives from the causing event
 * (`sale:<order>`, `payout:<payout>` …), so a replayed or duplicated event inserts nothing (duplicate
 * key). Balances are sums of the three signed columns; nothing is ever updated or deleted.
 */
@Schema({ collection: 'ledgerEntries', versionKey: false })
export class LedgerEntry {
  @Prop({ type: String, required: true }) _id!: string;
  /** Indexed by `{cook_id, created_at}` below (its prefix serves the equality). */
  @Prop({ required: true }) cook_id!: string;
  @Prop({ type: String, required: true }) kind!: LedgerKind;
  @Prop({ type: String, default: null }) order_id!: string | null;
  @Prop({ type: String, default: null }) payout_id!: string | null;
  @Prop({ type: String, default: null }) campaign_id!: string | null;
  /** Effect on the pending balance (sales not yet picked up). */
  @Prop({ required: true }) pending_cents!: number;
  /** Effect on the available balance (what may be paid out; negative after a refund that followed a payout). */
  @Prop({ required: true }) available_cents!: number;
  /** Effect on the budget held for advertisements (ADR 0020): reserved at start, spent by day, the rest given back. */
  @Prop({ default: 0 }) advertising_cents!: number;
  /** For an advertisement's day spend: the displays it charged. */
  @Prop({ type: Number, default: null }) displays!: number | null;
  @Prop({ required: true }) created_at!: Date;
}
export const LedgerEntrySchema = SchemaFactory.createForClass(LedgerEntry);
LedgerEntrySchema.index({ cook_id: 1, created_at: -1 });
LedgerEntrySchema.index({ campaign_id: 1 }, { sparse: true });
// The advertising orphan sweep (every replica, each settlement period): reservations of the last days, not the whole ledger.
LedgerEntrySchema.index({ kind: 1, created_at: 1 });

/** A cook's connected payout account (Stripe Connect Express, or the sandbox's). One per cook. */
@Schema({ collection: 'payoutAccounts', versionKey: false, timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' } })
export class PayoutAccount {
  @Prop({ type: String, required: true }) _id!: string; // cook id
  @Prop({ required: true }) provider!: 'sandbox' | 'stripe';
  @Prop({ required: true, index: true }) account_id!: string;
  @Prop({ type: String, required: true }) status!: 'pending' | 'enabled';
  /** `created` (seconds) of the last account.updated applied: an older one arriving late changes nothing. */
  @Prop({ default: 0 }) status_event_created!: number;
  created_at!: Date;
  updated_at!: Date;
}
export const PayoutAccountSchema = SchemaFactory.createForClass(PayoutAccount);

/**
 * One transfer to a cook's connected account. Recorded `pending` (with its ledger debit) before the
 * provider is asked, with the idempotency key `payout-<id>` and the transfer group `payout-<id>`;
 * `paid` or `failed` afterwards. A crash in between leaves a pending payout that the retry timer
 * completes: it looks the transfer up by its group first, then asks with the same key — never twice.
 */
@Schema({ collection: 'payouts', versionKey: false, timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' } })
export class Payout {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ required: true, index: true }) cook_id!: string;
  @Prop({ required: true }) account_id!: string;
  @Prop({ required: true, min: 1 }) amount_cents!: number;
  @Prop({ type: String, required: true }) status!: 'pending' | 'paid' | 'failed';
  @Prop({ type: String, required: true }) trigger!: 'manual' | 'schedule';
  @Prop({ type: String, default: null, index: true }) transfer_id!: string | null;
  @Prop({ type: String, default: null }) failure_reason!: string | null;
  /** What the provider reversed of the transfer so far (credited back, one ledger entry per reversal); all of it = failed. */
  @Prop({ default: 0 }) reversed_cents!: number;
  /**
   * The connected account's bank payout failed (`payout.failed`): the money stayed on the cook's
   * Stripe balance, so the payout stays paid and nothing returns to the ledger; recorded and alerted.
   */
  @Prop({ type: Object, default: null }) bank_failure!: BankPayoutFailure | null;
  /** Set with `bank_failure`: the console's list of failed payouts finds them by equality (a `null` test is never pushed down). */
  @Prop({ type: Boolean, default: false }) bank_failed!: boolean;
  created_at!: Date;
  updated_at!: Date;
}

export interface BankPayoutFailure {
  /** Stripe's payout (`po_…`) of the connected account. */
  provider_payout_id: string;
  message: string | null;
  code: string | null;
  at: Date;
}
export const PayoutSchema = SchemaFactory.createForClass(Payout);
PayoutSchema.index({ status: 1, created_at: 1 });

/**
 * At most one payout in flight per cook: `_id` = cook id, inserted before the payout is recorded
 * (a second insert fails on the duplicate key — atomic on FerretDB and MongoDB alike), removed
 * once the payout is paid or failed.
 */
@Schema({ collection: 'payoutsInFlight', versionKey: false })
export class PayoutInFlight {
  @Prop({ type: String, required: true }) _id!: string; // cook id
  @Prop({ required: true }) payout_id!: string;
  @Prop({ required: true }) created_at!: Date;
}
export const PayoutInFlightSchema = SchemaFactory.createForClass(PayoutInFlight);

/** Scheduled rounds already started (`_id` = schedule bucket): one instance runs each round. */
@Schema({ collection: 'payoutRounds', versionKey: false })
export class PayoutRound {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ required: true }) started_at!: Date;
  @Prop({ type: Object, default: null }) outcome!: Record<string, number> | null;
}
export const PayoutRoundSchema = SchemaFactory.createForClass(PayoutRound);

/** The ledger's and the payouts' collections (registered by PayoutsModule). */
export class PayoutsStore extends ModelStore({
  ledgerEntries: [LedgerEntry, LedgerEntrySchema],
  payoutAccounts: [PayoutAccount, PayoutAccountSchema],
  payouts: [Payout, PayoutSchema],
  payoutsInFlight: [PayoutInFlight, PayoutInFlightSchema],
  payoutRounds: [PayoutRound, PayoutRoundSchema],
}) {}
