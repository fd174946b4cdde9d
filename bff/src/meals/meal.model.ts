import { Field, Float, ID, Int, ObjectType } from '@nestjs/graphql';

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
  @Field(() => [String]) allergens!: string[];
  @Field() category!: string;
  @Field(() => Int, { description: 'Minutes' }) preparation_time!: number;
  @Field() available_date!: string;
  @Field(() => String, { nullable: true }) image_url!: string | null;
  @Field() cooking_details!: string;
  @Field() serving_suggestions!: string;
  @Field() dietary_info!: string;
  @Field() storage_instructions!: string;
  @Field(() => Float) rating_average!: number;
  @Field(() => Int) rating_count!: number;
  @Field() created_at!: string;
  @Field() updated_at!: string;
}

@ObjectType('MealPage')
export class MealPageModel {
  @Field(() => [MealModel]) items!: MealModel[];
  @Field(() => String, { nullable: true }) next_cursor!: string | null;
}
