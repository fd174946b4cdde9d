import { Field, ID, InputType, Int, ObjectType } from '@nestjs/graphql';
import { MealModel } from '../meals/meal.model';

@ObjectType('Campaign', { description: "A cook's advertisement of one dish (ADR 0020)" })
export class CampaignModel {
  @Field(() => ID) campaign_id!: string;
  @Field(() => ID) meal_id!: string;
  @Field() meal_name!: string;
  @Field(() => Int) budget_cents!: number;
  @Field(() => Int) days!: number;
  @Field(() => Int, { description: "Today's share of the budget: the day's spend never exceeds it" }) daily_budget_cents!: number;
  @Field(() => Int, { description: 'Price of a thousand displays, fixed when the campaign started' }) cpm_cents!: number;
  @Field({ description: 'active | exhausted_today | stopped | ended' }) status!: string;
  @Field() starts_at!: string;
  @Field() ends_at!: string;
  @Field(() => String, { nullable: true }) stopped_at!: string | null;
  @Field(() => Int, { description: "Spent so far: closed days from the ledger, today's displays at the campaign's price" })
  spent_cents!: number;
  @Field(() => Int, { nullable: true, description: 'Given back to the available balance once closed' }) refunded_cents!: number | null;
  @Field(() => Int, { description: 'Displays, once per viewer per campaign day' }) displays!: number;
  @Field(() => Int) clicks!: number;
  @Field(() => Int, { description: 'Orders of the dish within 7 days of a click by the same buyer' }) orders!: number;
}

@ObjectType('CampaignOverview')
export class CampaignOverviewModel {
  @Field(() => [CampaignModel], { description: 'Newest first' }) campaigns!: CampaignModel[];
  @Field(() => Int, { description: 'Price of a thousand displays for a campaign started now' }) cpm_cents!: number;
  @Field(() => Int, { description: 'What a new campaign may reserve' }) available_cents!: number;
}

@ObjectType('CampaignsCsv')
export class CampaignsCsvModel {
  @Field() filename!: string;
  @Field({ description: 'Every campaign, `;`-separated, decimal comma' }) csv!: string;
}

@InputType('StartCampaignInput')
export class StartCampaignInput {
  @Field(() => ID) meal_id!: string;
  @Field(() => Int, { description: 'Total budget in cents, taken from the available balance' }) budget_cents!: number;
  @Field(() => Int) days!: number;
}

@ObjectType('SponsoredMeal', { description: "A dish a cook paid to show among the first six: always shown with the label 'Sponsorisé'" })
export class SponsoredMealModel {
  @Field(() => ID, { description: 'Sent back with recordSponsoredDisplay / recordSponsoredClick' }) campaign_id!: string;
  @Field({ description: 'Who paid for the placement (the cook)' }) advertiser_name!: string;
  @Field(() => MealModel) meal!: MealModel;
}
