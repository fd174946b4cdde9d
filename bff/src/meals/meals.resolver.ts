import { Args, Context, Int, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { CatalogueRpc, IdentityRpc, isId, LIMITS, type Actor, type MealFilter } from '@popote/contracts';
import { RpcClient } from '@popote/platform';
import { meOf, VerifiedEmailGuard } from '../auth/account.resolver';
import { CookOnly } from '../auth/auth.guard';
import { CurrentActor } from '../auth/current-actor.decorator';
import type { GqlContext } from '../auth/gql-context';
import { IdArg, MEAL_ID } from '../errors/id-arguments';
import { PublicReadCache } from '../read-cache/public-read-cache.service';
import { VerifiedSellerGuard } from '../traders/verified-seller.guard';
import { CommuneModel, CookModel, CreateMealInput, MealFilterInput, MealModel, MealPageModel, UpdateMealInput } from './meal.model';

/** Candidates read from identity for the home page's popular cooks (the contract's maximum). */
const POPULAR_COOK_CANDIDATES = 12;

@Resolver(() => MealModel)
export class MealsResolver {
  constructor(
    private readonly rpc: RpcClient,
    /** The public reads (no viewer in them) go through the cache; the mutations never do. */
    private readonly reads: PublicReadCache,
  ) {}

  @Query(() => MealPageModel, { description: 'Meals, newest first, cursor-paginated, filtered' })
  meals(
    @Args('first', { type: () => Int, defaultValue: LIMITS.mealPageSize }) first: number,
    @Args('after', { type: () => String, nullable: true }) after?: string | null,
    @Args('filter', { type: () => MealFilterInput, nullable: true }) filter?: MealFilterInput | null,
  ): Promise<MealPageModel> {
    // Enum values are checked by the contract (a clear VALIDATION_FAILED, not a GraphQL type error).
    return this.reads.call(CatalogueRpc.listMeals, { first, after, filter: (filter ?? null) as MealFilter | null });
  }

  @Query(() => [MealModel], { description: 'Home page: up to 3 meals still available, most portions first' })
  async featuredMeals(
    @Args('near', { type: () => String, nullable: true, description: "The buyer's commune (INSEE code), for distances" })
    near?: string | null,
  ): Promise<MealModel[]> {
    return (await this.reads.call(CatalogueRpc.featuredMeals, { near: near ?? null })).items;
  }

  @Query(() => MealModel, { nullable: true })
  async meal(@IdArg('meal_id') mealId: string): Promise<MealModel | null> {
    // An id of no possible shape names no meal: answered as an unknown one, without a read to cache.
    if (!isId(mealId)) return null;
    return (await this.reads.call(CatalogueRpc.getMeal, { meal_id: mealId })).meal;
  }

  @Query(() => [MealModel], { description: "A cook's meals, newest first" })
  async cookMeals(
    @IdArg('cook_id') cookId: string,
    @Args('near', { type: () => String, nullable: true, description: "The buyer's commune (INSEE code), for distances" })
    near?: string | null,
  ): Promise<MealModel[]> {
    if (!isId(cookId)) return [];
    return (await this.reads.call(CatalogueRpc.cookMeals, { cook_id: cookId, near: near ?? null })).items;
  }

  @Query(() => [CommuneModel], { description: 'French communes for an autocomplete: start of a name (accents ignored) or of a postcode' })
  async communes(
    @Args('query') query: string,
    @Args('limit', { type: () => Int, defaultValue: 10 }) limit: number,
  ): Promise<CommuneModel[]> {
    return (await this.reads.call(CatalogueRpc.searchCommunes, { query, limit })).items;
  }

  @Query(() => CommuneModel, { nullable: true, description: 'One commune by INSEE code' })
  async commune(@Args('code') code: string): Promise<CommuneModel | null> {
    return (await this.reads.call(CatalogueRpc.getCommune, { code })).commune;
  }

  @Query(() => [CookModel], { description: 'Home page: up to 3 cooks with a review or a dish, best rated first' })
  async popularCooks(): Promise<CookModel[]> {
    // Identity ranks by rating but does not know who has dishes: a brand-new cook (no review, no dish) would
    // fill an empty place. Rated cooks always qualify; the catalogue is asked only about the unrated candidates.
    const { items } = await this.reads.call(IdentityRpc.popularCooks, { limit: POPULAR_COOK_CANDIDATES });
    const picked: CookModel[] = [];
    for (const cook of items) {
      if (picked.length === LIMITS.popularCooks) break;
      if (cook.total_reviews > 0 || (await this.hasDish(cook.cook_id))) picked.push(cook);
    }
    return picked;
  }

  private async hasDish(cookId: string): Promise<boolean> {
    const page = await this.reads.call(CatalogueRpc.listMeals, { first: 1, filter: { cook_id: cookId } });
    return page.items.length > 0;
  }

  @Query(() => CookModel, { nullable: true })
  async cook(@IdArg('cook_id') cookId: string): Promise<CookModel | null> {
    if (!isId(cookId)) return null;
    return (await this.reads.call(IdentityRpc.getCook, { cook_id: cookId })).cook;
  }

  @Mutation(() => MealModel)
  // Publishing needs a confirmed address, and a verified seller (trader details checked by an operator).
  @CookOnly(VerifiedEmailGuard, VerifiedSellerGuard)
  async createMeal(@CurrentActor() actor: Actor, @Args('input') input: CreateMealInput, @Context() ctx: GqlContext): Promise<MealModel> {
    // The card shows the cook's username: taken from identity (the guard's answer), never from the browser.
    const me = await meOf(ctx, this.rpc);
    const { meal } = await this.rpc.call(CatalogueRpc.createMeal, { actor, cook_name: me.user.username, input: input as never });
    // The cook sees their change at once on this replica; the others drop theirs on the event.
    this.reads.invalidate('meal created');
    return meal;
  }

  @Mutation(() => MealModel)
  @CookOnly()
  async updateMeal(
    @CurrentActor() actor: Actor,
    @IdArg('meal_id', MEAL_ID) mealId: string,
    @Args('input') input: UpdateMealInput,
  ): Promise<MealModel> {
    const { meal } = await this.rpc.call(CatalogueRpc.updateMeal, { actor, meal_id: mealId, input });
    this.reads.invalidate('meal updated');
    return meal;
  }

  @Mutation(() => Boolean)
  @CookOnly()
  async deleteMeal(@CurrentActor() actor: Actor, @IdArg('meal_id', MEAL_ID) mealId: string): Promise<boolean> {
    const { ok } = await this.rpc.call(CatalogueRpc.deleteMeal, { actor, meal_id: mealId });
    this.reads.invalidate('meal deleted');
    return ok;
  }
}

/** Lets a cook page ask for the cook's meals in the same query. */
@Resolver(() => CookModel)
export class CookResolver {
  constructor(private readonly reads: PublicReadCache) {}

  @ResolveField(() => [MealModel])
  async meals(
    @Parent() cook: CookModel,
    @Args('near', { type: () => String, nullable: true, description: "The buyer's commune (INSEE code), for distances" })
    near?: string | null,
  ): Promise<MealModel[]> {
    return (await this.reads.call(CatalogueRpc.cookMeals, { cook_id: cook.cook_id, near: near ?? null })).items;
  }
}
