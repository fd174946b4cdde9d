import { Field, Float, ID, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('PayoutAccount')
export class PayoutAccountModel {
  @Field({ description: 'none | pending (onboarding not finished) | enabled' }) status!: string;
  @Field({ description: 'sandbox | stripe' }) provider!: string;
  @Field(() => String, { nullable: true }) account_id!: string | null;
}

@ObjectType('LedgerEntry')
export class LedgerEntryModel {
  @Field(() => ID) entry_id!: string;
  @Field({
    description:
      'sale | commission | release | refund | commission_reversal | payout | payout_failure | ad_reserve | ad_spend | ad_release | delivery_fee | delivery_fee_refund',
  })
  kind!: string;
  @Field(() => ID, { nullable: true }) order_id!: string | null;
  @Field(() => ID, { nullable: true }) payout_id!: string | null;
  @Field(() => ID, { nullable: true, description: 'The advertisement campaign of an ad_* entry' }) campaign_id!: string | null;
  @Field(() => Int, { description: 'Effect on the pending balance (signed cents)' }) pending_cents!: number;
  @Field(() => Int, { description: 'Effect on the available balance (signed cents)' }) available_cents!: number;
  @Field(() => Int, { description: 'Effect on the budget held for advertisements (signed cents)' }) advertising_cents!: number;
  @Field() created_at!: string;
}

@ObjectType('Payout')
export class PayoutModel {
  @Field(() => ID) payout_id!: string;
  @Field(() => Int) amount_cents!: number;
  @Field({ description: 'pending | paid | failed' }) status!: string;
  @Field({ description: 'manual | schedule' }) trigger!: string;
  @Field(() => String, { nullable: true }) transfer_id!: string | null;
  @Field(() => String, { nullable: true }) failure_reason!: string | null;
  @Field() created_at!: string;
  @Field() updated_at!: string;
}

@ObjectType('PayoutOverview')
export class PayoutOverviewModel {
  @Field(() => PayoutAccountModel) account!: PayoutAccountModel;
  @Field(() => Float, { description: "The platform's commission, percent of each order" }) commission_percent!: number;
  @Field(() => Int, { description: 'May be paid out now (negative after a refund that followed a payout)' }) available_cents!: number;
  @Field(() => Int, { description: 'Sales not yet picked up' }) pending_cents!: number;
  @Field(() => Int, { description: 'Held for advertisements still running (the unspent part comes back at their close)' })
  advertising_cents!: number;
  @Field(() => String, { nullable: true, description: 'Next scheduled payout round (ISO); null when off' }) next_payout_at!: string | null;
  @Field({ description: 'A payout is being made' }) in_flight!: boolean;
  @Field(() => [LedgerEntryModel], { description: 'Newest first (200 at most; the CSV has them all)' }) entries!: LedgerEntryModel[];
  @Field(() => [PayoutModel], { description: 'Newest first' }) payouts!: PayoutModel[];
}

@ObjectType('PayoutConnectLink')
export class PayoutConnectLinkModel {
  @Field({ description: 'Where the cook completes onboarding (Stripe, or the sandbox step of the dashboard)' }) url!: string;
  @Field(() => PayoutAccountModel) account!: PayoutAccountModel;
}

@ObjectType('LedgerCsv')
export class LedgerCsvModel {
  @Field() filename!: string;
  @Field({ description: 'The whole ledger, `;`-separated, decimal comma' }) csv!: string;
}

@ObjectType('RefundMade')
export class RefundMadeModel {
  @Field() refund_id!: string;
  @Field(() => Int) amount_cents!: number;
}

@ObjectType('ReceiptLine')
export class ReceiptLineModel {
  @Field() name!: string;
  @Field(() => Int) quantity!: number;
  @Field(() => Int) unit_price_cents!: number;
}

@ObjectType('ReceiptPlace')
export class ReceiptPlaceModel {
  @Field(() => String, { nullable: true, description: 'Null until the cook confirmed the order' }) street!: string | null;
  @Field() postcode!: string;
  @Field() city!: string;
}

@ObjectType('Receipt')
export class ReceiptModel {
  @Field(() => ID) order_id!: string;
  @Field({ description: 'Per cook, without gaps: R-<cook code>-000042' }) number!: string;
  @Field({ description: "The platform's commission invoice to the cook: C-<cook code>-000042" }) commission_invoice_number!: string;
  @Field() issued_at!: string;
  @Field(() => ID) cook_id!: string;
  @Field() cook_name!: string;
  @Field(() => String, { nullable: true }) cook_siret!: string | null;
  @Field(() => String, { nullable: true, description: "'TVA non applicable, art. 293 B du CGI', or the rate" }) vat_mention!: string | null;
  @Field(() => [ReceiptLineModel]) lines!: ReceiptLineModel[];
  @Field(() => Int) total_cents!: number;
  @Field(() => Int, { description: 'The delivery fee inside the total, its own line (no commission on it)' }) delivery_fee_cents!: number;
  @Field({ description: 'pickup | delivery (ADR 0044)' }) delivery_option!: string;
  @Field(() => Int, { description: 'The discount inside the total (ADR 0045), its own line' }) discount_cents!: number;
  @Field(() => String, { nullable: true }) discount_name!: string | null;
  @Field(() => String, { nullable: true, description: 'cook | platform: who funded the discount' }) discount_funder!: string | null;
  @Field(() => Int, { description: "The platform's share of the discount, paid to the cook" }) platform_contribution_cents!: number;
  @Field(() => Float) commission_percent!: number;
  @Field(() => Int) commission_cents!: number;
  @Field(() => Int) cook_cents!: number;
  @Field(() => String, { nullable: true, description: 'Set when the order was refunded (in full, or a part by support)' })
  refunded_at!: string | null;
  @Field(() => Int, { nullable: true, description: 'What was refunded: the total, or the part support refunded' })
  refunded_cents!: number | null;
  @Field(() => String, { nullable: true, description: 'Pick-up slot start (ISO); null on orders placed before slots' })
  pickup_start!: string | null;
  @Field(() => String, { nullable: true }) pickup_end!: string | null;
  @Field(() => ReceiptPlaceModel, {
    nullable: true,
    description: 'Where to pick up: the commune, and the street once the cook confirmed the order (as on the order card)',
  })
  pickup_place!: ReceiptPlaceModel | null;
}

@ObjectType('ReceiptPdf')
export class ReceiptPdfModel {
  @Field() filename!: string;
  @Field({ description: 'The PDF, base64' }) pdf_base64!: string;
}
