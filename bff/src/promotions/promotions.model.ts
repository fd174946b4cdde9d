import { Field, ID, InputType, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('Promotion', { description: "A cook's promotion on their dishes, with its figures (ADR 0045)" })
export class PromotionModel {
  @Field(() => ID) promotion_id!: string;
  @Field() name!: string;
  @Field(() => String, { nullable: true, description: 'In capitals; null: automatic (applied without a code)' }) code!: string | null;
  @Field({ description: 'percent | amount' }) kind!: string;
  @Field(() => Int, { description: 'Percent (1–90), or cents off' }) value!: number;
  @Field(() => [ID], { description: 'The dishes it is on (empty: every dish of the cook)' }) meal_ids!: string[];
  @Field(() => Int) min_basket_cents!: number;
  @Field() starts_at!: string;
  @Field() ends_at!: string;
  @Field(() => Int, { nullable: true, description: 'Uses in all (null: no limit)' }) max_uses!: number | null;
  @Field(() => Int) max_uses_per_buyer!: number;
  @Field({ description: 'active | paused | stopped' }) state!: string;
  @Field(() => Int, { description: 'Paid orders that used it (a full refund gives a use back)' }) uses!: number;
  @Field(() => Int, { description: 'Checkouts holding a use now, not paid yet' }) held!: number;
  @Field(() => Int) discount_given_cents!: number;
  @Field(() => Int, { description: 'What the buyers paid for the dishes of those orders, after the discount' }) sales_cents!: number;
  @Field() created_at!: string;
}

@InputType('PromotionInput')
export class PromotionInput {
  @Field() name!: string;
  @Field(() => String, { nullable: true, description: 'Null or empty: automatic' }) code!: string | null;
  @Field({ description: 'percent | amount' }) kind!: string;
  @Field(() => Int, { description: 'Percent (1–90), or cents off (1–10 000)' }) value!: number;
  @Field(() => [ID], { defaultValue: [] }) meal_ids!: string[];
  @Field(() => Int, { defaultValue: 0 }) min_basket_cents!: number;
  @Field({ description: 'ISO instant (the form turns a Paris time into it)' }) starts_at!: string;
  @Field() ends_at!: string;
  @Field(() => Int, { nullable: true, description: 'Null: no limit' }) max_uses!: number | null;
  @Field(() => Int, { defaultValue: 1 }) max_uses_per_buyer!: number;
}

@InputType('PromoCodeInput', { description: "A code typed for one cook's basket" })
export class PromoCodeInput {
  @Field(() => ID) cook_id!: string;
  @Field() code!: string;
}

@ObjectType('PlatformOffer', { description: "The platform's first-order offer (ADR 0045), set by operators" })
export class PlatformOfferModel {
  @Field(() => Int, { description: "Cents off a buyer's first paid checkout" }) value_cents!: number;
  @Field(() => Int, { description: 'From this much of dishes' }) min_basket_cents!: number;
  @Field({ description: 'active | paused' }) state!: string;
  @Field(() => Int, { description: 'First orders that had it' }) uses!: number;
  @Field(() => Int) discount_given_cents!: number;
  @Field() updated_at!: string;
}

@InputType('PlatformOfferInput')
export class PlatformOfferInput {
  @Field(() => Int, { description: 'Cents off (1–50 €)' }) value_cents!: number;
  @Field(() => Int, { description: 'Minimum of dishes, in cents (0–500 €)' }) min_basket_cents!: number;
  @Field({ description: 'active | paused' }) state!: string;
  @Field({ description: 'Why (written to the audit log)' }) reason!: string;
}
