import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { MealModel } from '../meals/meal.model';

@ObjectType('CartItem')
export class CartItemModel {
  @Field(() => ID) cart_item_id!: string;
  @Field(() => ID) meal_id!: string;
  @Field(() => Int) quantity!: number;
  @Field() added_at!: string;
  @Field() updated_at!: string;
  @Field(() => MealModel, { description: 'The meal as the catalogue has it now (price, stock)' }) meal!: MealModel;
  @Field(() => Int) line_total_cents!: number;
}

@ObjectType('Cart')
export class CartModel {
  @Field(() => ID, { nullable: true }) cart_id!: string | null;
  @Field(() => [CartItemModel]) items!: CartItemModel[];
  @Field(() => Int, { description: 'Number of portions' }) item_count!: number;
  @Field(() => Int) subtotal_cents!: number;
  @Field(() => Int, { description: 'Pick-up only, no fee: equals the subtotal' }) total_cents!: number;
}
