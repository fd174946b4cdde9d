import type { CHECKOUT_STATUSES, OrderStatus } from '@popote/contracts';
import { CheckoutStatusEnum, OrderStatusEnum } from '../graphql-enums';
import { Field, Float, ID, InputType, Int, ObjectType } from '@nestjs/graphql';
import { DeliveryAddressModel, HeldSlotModel } from '../pickup/pickup.model';

@ObjectType('CheckoutLine')
export class CheckoutLineModel {
  @Field(() => ID) meal_id!: string;
  @Field(() => ID) cook_id!: string;
  @Field() cook_name!: string;
  @Field() name!: string;
  @Field(() => Int) unit_price_cents!: number;
  @Field(() => Int) quantity!: number;
}

@ObjectType('CheckoutDiscount', { description: "A discount of one cook's part of a checkout (ADR 0045)" })
export class CheckoutDiscountModel {
  @Field(() => ID) cook_id!: string;
  @Field(() => ID) promotion_id!: string;
  @Field({ description: "The promotion's name, as the buyer sees it" }) name!: string;
  @Field(() => String, { nullable: true, description: 'The code typed (null: automatic, or the platform’s offer)' }) code!: string | null;
  @Field({ description: 'cook | platform: who gives the discount' }) funder!: string;
  @Field(() => Int) cents!: number;
}

@ObjectType('Checkout')
export class CheckoutModel {
  @Field(() => ID) checkout_id!: string;
  @Field(() => CheckoutStatusEnum) status!: (typeof CHECKOUT_STATUSES)[number];
  @Field(() => Int, { description: 'Computed by the server from current prices' }) amount_cents!: number;
  @Field() currency!: string;
  @Field(() => [CheckoutLineModel]) lines!: CheckoutLineModel[];
  @Field(() => [HeldSlotModel], { description: 'The pick-up slot reserved for each cook' }) slots!: HeldSlotModel[];
  @Field(() => DeliveryAddressModel, { nullable: true, description: 'Where the deliveries go (null: all picked up)' })
  delivery_address!: DeliveryAddressModel | null;
  @Field(() => [CheckoutDiscountModel], { description: 'The discounts inside the amount (ADR 0045): per cook, and the platform’s offer' })
  discounts!: CheckoutDiscountModel[];
  @Field(() => String, {
    nullable: true,
    description: 'Until when the portions and the slots are reserved (ISO date); null once paid or given back',
  })
  reserved_until!: string | null;
  @Field({ description: 'sandbox | stripe' }) provider!: string;
  @Field(() => String, { nullable: true, description: 'French message of the last failed attempt' }) last_error!: string | null;
  @Field() created_at!: string;
}

@ObjectType('PaymentIntent')
export class PaymentIntentModel {
  @Field(() => CheckoutModel) checkout!: CheckoutModel;
  @Field() client_secret!: string;
  @Field(() => String, { nullable: true }) publishable_key!: string | null;
}

@InputType()
export class CardInput {
  @Field() number!: string;
  @Field(() => Int) exp_month!: number;
  @Field(() => Int) exp_year!: number;
  @Field() cvc!: string;
}

@ObjectType('OrderItem')
export class OrderItemModel {
  @Field(() => ID) order_item_id!: string;
  @Field(() => ID) meal_id!: string;
  @Field() name!: string;
  @Field(() => Int) quantity!: number;
  @Field(() => Int, { description: 'Unit price at order time' }) price_cents!: number;
}

@ObjectType('Order')
export class OrderModel {
  @Field(() => ID) order_id!: string;
  @Field(() => ID) checkout_id!: string;
  @Field(() => ID) consumer_id!: string;
  @Field({ description: "The buyer's name (for the cook); empty on orders placed before it was kept" }) consumer_name!: string;
  @Field(() => ID) cook_id!: string;
  @Field() cook_name!: string;
  @Field(() => Int) total_cents!: number;
  @Field(() => OrderStatusEnum) order_status!: OrderStatus;
  @Field({ description: 'pickup | delivery (ADR 0044): the statuses read « En cours de livraison », « Livrée » for a delivery' })
  delivery_option!: string;
  @Field(() => Int, { description: 'The delivery fee inside the total (0 for a pick-up)' }) delivery_fee_cents!: number;
  @Field(() => Int, { description: 'The discount taken off the dishes (ADR 0045): the total is what the buyer paid, after it' })
  discount_cents!: number;
  @Field(() => String, { nullable: true, description: "The discount's promotion, as the buyer saw it" }) discount_name!: string | null;
  @Field(() => String, { nullable: true, description: 'cook | platform: who funded the discount' }) discount_funder!: string | null;
  @Field(() => DeliveryAddressModel, {
    nullable: true,
    description: 'Where a delivery goes: the buyer always; the cook once the order is confirmed, until delivered',
  })
  delivery_address!: DeliveryAddressModel | null;
  @Field(() => String, { nullable: true, description: 'Pick-up slot start (ISO); null on orders placed before slots' })
  pickup_start!: string | null;
  @Field(() => String, { nullable: true }) pickup_end!: string | null;
  @Field(() => String, { nullable: true }) cancel_reason!: string | null;
  @Field(() => Int, { nullable: true, description: "The consumer's rating once reviewed" }) review_rating!: number | null;
  @Field(() => [OrderItemModel]) items!: OrderItemModel[];
  @Field() created_at!: string;
  @Field() updated_at!: string;
}

@ObjectType('Review')
export class ReviewModel {
  @Field(() => ID) review_id!: string;
  @Field(() => ID) order_id!: string;
  @Field() consumer_name!: string;
  @Field(() => ID) cook_id!: string;
  @Field(() => [String]) meal_names!: string[];
  @Field(() => Int) rating!: number;
  @Field() comment!: string;
  @Field() created_at!: string;
}

@ObjectType('DayEarnings')
export class DayEarningsModel {
  @Field() day!: string;
  @Field(() => Int) cents!: number;
}

@ObjectType('BestSeller')
export class BestSellerModel {
  @Field(() => ID) meal_id!: string;
  @Field() name!: string;
  @Field(() => Int) quantity!: number;
  @Field(() => Int) revenue_cents!: number;
}

@ObjectType('CookStats')
export class CookStatsModel {
  @Field(() => Int, { description: 'Orders since the 1st of the month (Paris), cancelled excluded' }) monthly_earnings_cents!: number;
  @Field(() => Int, { description: 'pending + confirmed + preparing' }) pending_orders!: number;
  @Field(() => Int) total_customers!: number;
  @Field(() => Float) average_rating!: number;
  @Field(() => Int) total_reviews!: number;
  @Field(() => [DayEarningsModel], { description: 'Last 30 days' }) earnings_by_day!: DayEarningsModel[];
  @Field(() => [BestSellerModel]) best_sellers!: BestSellerModel[];
}

@ObjectType('OrderUpdate')
export class OrderUpdateModel {
  @Field(() => ID) order_id!: string;
  @Field(() => OrderStatusEnum, { nullable: true, description: 'null for a new order' }) from!: OrderStatus | null;
  @Field(() => OrderStatusEnum) order_status!: OrderStatus;
}
