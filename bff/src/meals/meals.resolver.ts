import { Args, Int, Query, Resolver } from '@nestjs/graphql';
import { CatalogueRpc, LIMITS } from '@popote/contracts';
import { RpcClient } from '@popote/platform';
import { MealPageModel } from './meal.model';

@Resolver(() => MealPageModel)
export class MealsResolver {
  constructor(private readonly rpc: RpcClient) {}

  @Query(() => MealPageModel, { description: 'Meals, newest first, cursor-paginated' })
  meals(
    @Args('first', { type: () => Int, defaultValue: LIMITS.mealPageSize }) first: number,
    @Args('after', { type: () => String, nullable: true }) after?: string | null,
  ): Promise<MealPageModel> {
    return this.rpc.call(CatalogueRpc.listMeals, { first, after });
  }
}
