import type { Allergen, Availability, Category } from '@popote/contracts';
import { AllergenEnum, AvailabilityEnum, CategoryEnum } from '../graphql-enums';
import { Field, Float, ID, InputType, Int, ObjectType, PickType } from '@nestjs/graphql';
import { SellerModel } from '../traders/trader.model';

@ObjectType('Meal')
export class MealModel {
  @Field(() => ID) meal_id!: string;
  @Field(() => ID) cook_id!: string;
  @Field() cook_name!: string;
  @Field() name!: string;
  @Field() description!: string;
  @Field(() => Int, { description: 'Price in euro cents' }) price_cents!: number;
  @Field(() => Int) portions_available!: number;
  @Field(() => [String]) ingredients!: string[];
  @Field(() => [AllergenEnum]) allergens!: Allergen[];
  @Field(() => CategoryEnum) category!: Category;
  @Field(() => Int, { description: 'Minutes' }) preparation_time!: number;
  @Field() available_date!: string;
  @Field(() => String, { nullable: true, description: 'Detail picture (≤ 1600 px)' }) image_url!: string | null;
  @Field(() => String, { nullable: true, description: 'Card picture (600 × 450)' }) image_card_url!: string | null;
  @Field() cooking_details!: string;
  @Field() serving_suggestions!: string;
  @Field() dietary_info!: string;
  @Field() storage_instructions!: string;
  @Field(() => Float) rating_average!: number;
  @Field(() => Int) rating_count!: number;
  @Field() created_at!: string;
  @Field() updated_at!: string;
  @Field(() => String, { nullable: true, description: "The commune of the cook's pick-up address (never the street)" })
  cook_commune?: string | null;
  @Field(() => Int, {
    nullable: true,
    description: "Metres from the centre of the commune named by `near` to the cook's commune centre (null without `near` or commune)",
  })
  distance_m?: number | null;
}

@ObjectType('Commune')
export class CommuneModel {
  @Field({ description: 'INSEE code' }) code!: string;
  @Field() name!: string;
  @Field(() => [String]) postcodes!: string[];
  @Field({ description: 'false: no known centre, cannot be used for distances' }) has_position!: boolean;
}

@ObjectType('MealPage')
export class MealPageModel {
  @Field(() => [MealModel]) items!: MealModel[];
  @Field(() => String, { nullable: true }) next_cursor!: string | null;
}

@InputType()
export class MealFilterInput {
  @Field(() => String, { nullable: true, description: 'Search in name, description, ingredients (case and accents ignored)' }) q?:
    string | null;
  @Field(() => CategoryEnum, { nullable: true }) category?: Category | null;
  @Field(() => String, { nullable: true, description: 'under10 | 10-20 | 20-30 | over30' }) price_range?: string | null;
  @Field(() => AvailabilityEnum, { nullable: true }) availability?: Availability | null;
  @Field(() => [AllergenEnum], { nullable: true }) without_allergens?: Allergen[] | null;
  @Field(() => String, { nullable: true, description: "The buyer's commune (INSEE code): distances are computed from its centre" })
  near?: string | null;
  @Field(() => Int, { nullable: true, description: 'Only cooks within 1, 3, 5 or 10 km of `near`' }) radius_km?: number | null;
  @Field(() => String, { nullable: true, description: 'recent (default) | distance (nearest first; needs `near`)' }) sort?: string | null;
}

@InputType()
export class CreateMealInput {
  @Field() name!: string;
  @Field() description!: string;
  @Field(() => Int) price_cents!: number;
  @Field(() => Int) portions_available!: number;
  @Field(() => [String]) ingredients!: string[];
  @Field(() => [AllergenEnum]) allergens!: Allergen[];
  @Field(() => CategoryEnum) category!: Category;
  @Field(() => Int) preparation_time!: number;
  @Field({ description: 'ISO date-time' }) available_date!: string;
  @Field(() => String, { nullable: true, description: 'Key returned by POST /media/meals' }) image_key?: string | null;
  @Field({ defaultValue: '' }) cooking_details!: string;
  @Field({ defaultValue: '' }) serving_suggestions!: string;
  @Field({ defaultValue: '' }) dietary_info!: string;
  @Field({ defaultValue: '' }) storage_instructions!: string;
}

/** A cook's change: the texts, the price and the portions of CreateMealInput, and another picture. */
@InputType()
export class UpdateMealInput extends PickType(
  CreateMealInput,
  ['name', 'description', 'price_cents', 'portions_available'] as const,
  InputType,
) {
  @Field(() => Int, {
    nullable: true,
    description: 'Portions the edit form showed: the change is applied relative to it, so sales made meanwhile stay sold',
  })
  portions_seen?: number | null;
  @Field(() => String, { nullable: true }) image_key?: string | null;
}

@ObjectType('Cook')
export class CookModel {
  @Field(() => ID) cook_id!: string;
  @Field() username!: string;
  @Field() name!: string;
  @Field() location!: string;
  @Field(() => String, { nullable: true }) avatar_url!: string | null;
  @Field() bio!: string;
  @Field(() => [String]) specialties!: string[];
  @Field(() => [String]) availability_days!: string[];
  @Field(() => Float) rating_average!: number;
  @Field(() => Int) total_reviews!: number;
  @Field({ description: "'Vendeur vérifié': an operator verified the cook's trader details" }) verified_seller!: boolean;
  @Field(() => SellerModel, { nullable: true, description: 'What the law asks to show of a verified seller; null otherwise' })
  seller!: SellerModel | null;
}
