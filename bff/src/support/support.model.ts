import { Field, ID, InputType, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('SupportStoryEntry', { description: "One step of an order's story, as the service that took it recorded it" })
export class SupportStoryEntryModel {
  @Field() at!: string;
  @Field({ description: 'ordering, payments, catalogue or notifications' }) service!: string;
  @Field({ description: 'Machine name: order.placed, payment.succeeded, stock.committed, email.sent…' }) kind!: string;
  @Field({ description: 'What happened, in French' }) label!: string;
  @Field(() => String, { nullable: true }) detail!: string | null;
  @Field(() => String, { nullable: true, description: 'An email that may be sent again' }) email_id!: string | null;
}

@ObjectType('SupportOrderLine')
export class SupportOrderLineModel {
  @Field() name!: string;
  @Field(() => Int) quantity!: number;
  @Field(() => Int) price_cents!: number;
}

@ObjectType('SupportOrder', { description: 'An order as the console lists it' })
export class SupportOrderModel {
  @Field(() => ID) order_id!: string;
  @Field({ description: "The number the buyer reads ('Commande n° …': the id's last 8 characters)" }) number!: string;
  @Field(() => ID) checkout_id!: string;
  @Field(() => ID) consumer_id!: string;
  @Field() consumer_name!: string;
  @Field(() => ID) cook_id!: string;
  @Field() cook_name!: string;
  @Field(() => Int) total_cents!: number;
  @Field() order_status!: string;
  @Field(() => String, { nullable: true }) pickup_start!: string | null;
  @Field(() => String, { nullable: true }) pickup_end!: string | null;
  @Field(() => String, { nullable: true }) cancel_reason!: string | null;
  @Field(() => [SupportOrderLineModel]) items!: SupportOrderLineModel[];
  @Field() created_at!: string;
}

@ObjectType('SupportOrderSearch', { description: 'Orders found by number, buyer or cook (newest first)' })
export class SupportOrderSearchModel {
  @Field(() => [SupportOrderModel]) items!: SupportOrderModel[];
  @Field({ description: 'More orders than one search reads: the newest may be missing — search by number' }) truncated!: boolean;
  @Field(() => String, { nullable: true, description: 'Who the address belongs to, when searched by email' }) matched_user!: string | null;
}

@ObjectType('SupportRefund', { description: "An order's refund (one per order)" })
export class SupportRefundModel {
  @Field(() => ID) order_id!: string;
  @Field(() => Int) amount_cents!: number;
  @Field({ description: 'due (the provider has not answered yet) or made' }) status!: string;
  @Field({ description: 'cancelled, cook or support' }) origin!: string;
  @Field(() => String, { nullable: true }) operator_id!: string | null;
  @Field(() => String, { nullable: true }) reason!: string | null;
  @Field(() => String, { nullable: true }) refunded_at!: string | null;
}

@ObjectType('SupportOrderStory', { description: 'An order and its whole story, merged by time from every service that had a part in it' })
export class SupportOrderStoryModel {
  @Field(() => SupportOrderModel) order!: SupportOrderModel;
  @Field(() => [SupportStoryEntryModel]) entries!: SupportStoryEntryModel[];
  @Field(() => [String], { description: 'Services that did not answer: their part is missing' }) missing!: string[];
  @Field(() => SupportRefundModel, { nullable: true }) refund!: SupportRefundModel | null;
  @Field(() => String, { nullable: true }) receipt_number!: string | null;
  @Field(() => String, { nullable: true, description: "The checkout's trace in Jaeger (null: not kept, or no Jaeger configured)" })
  trace_url!: string | null;
}

@InputType('SupportRefundInput')
export class SupportRefundInput {
  @Field(() => ID) order_id!: string;
  @Field(() => Int) amount_cents!: number;
  @Field({ description: 'Written to the audit log and told to the buyer' }) reason!: string;
  @Field({ description: "The console's request (a retried call is the same refund)" }) request_id!: string;
}

@ObjectType('SupportResentEmail')
export class SupportResentEmailModel {
  @Field() email_id!: string;
}

@ObjectType('FailedPayout', { description: 'A payout refused or reversed by the provider, or whose bank payout failed' })
export class FailedPayoutModel {
  @Field(() => ID) payout_id!: string;
  @Field(() => ID) cook_id!: string;
  @Field() cook_name!: string;
  @Field(() => Int) amount_cents!: number;
  @Field({ description: 'refused (back on the balance) or bank (stayed on the Stripe balance)' }) failure!: string;
  @Field(() => String, { nullable: true }) reason!: string | null;
  @Field() created_at!: string;
  @Field() updated_at!: string;
}
