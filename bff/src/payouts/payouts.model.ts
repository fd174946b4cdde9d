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
  @Field({ description: 'sale | commission | release | refund | commission_reversal | payout | payout_failure' }) kind!: string;
  @Field(() => ID, { nullable: true }) order_id!: string | null;
  @Field(() => ID, { nullable: true }) payout_id!: string | null;
  @Field(() => Int, { description: 'Effect on the pending balance (signed cents)' }) pending_cents!: number;
  @Field(() => Int, { description: 'Effect on the available balance (signed cents)' }) available_cents!: number;
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
