import { Logger, UseGuards } from '@nestjs/common';
import { Args, Context, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { CatalogueRpc, FollowsRpc, IdentityRpc, isId, type Actor, type MealDto } from '@popote/contracts';
import { RpcClient } from '@popote/platform';
import { AuthGuard } from '../auth/auth.guard';
import { CurrentActor } from '../auth/current-actor.decorator';
import type { GqlContext } from '../auth/gql-context';
import { COOK_TO_FOLLOW, IdArg, MEAL_TO_FAVOUR } from '../errors/id-arguments';
import { MealModel } from '../meals/meal.model';
import { PublicReadCache } from '../read-cache/public-read-cache.service';
import { CookFollowModel, FollowedCookModel } from './follows.model';

/** The catalogue's largest batch (CatalogueRpc.getMeals). */
const MEALS_PER_CALL = 200;

/** A meal as this request knows it: `is_favourite` set where the answer already says it. */
type MealWithHeart = MealModel & { is_favourite?: boolean };

/** The signed-in person's actor, as the services read it. */
const actorOf = (ctx: GqlContext): Actor | null => (ctx.actor ? { user_id: ctx.actor.user_id, user_type: ctx.actor.user_type } : null);

/**
 * Following cooks and keeping favourite dishes (docs/alerts.md): notifications owns both; the BFF
 * adds the cooks' public pages and the dishes from the catalogue. Only signed-in people follow and
 * favour; a cook's follower count is public.
 */
@Resolver()
export class FollowsResolver {
  constructor(
    private readonly rpc: RpcClient,
    private readonly reads: PublicReadCache,
  ) {}

  @Mutation(() => CookFollowModel, { description: "'Suivre' (follow: true) or 'Ne plus suivre' (false); following twice is following" })
  @UseGuards(AuthGuard)
  async followCook(
    @CurrentActor() actor: Actor,
    @IdArg('cook_id', COOK_TO_FOLLOW) cookId: string,
    @Args('follow') follow: boolean,
  ): Promise<CookFollowModel> {
    return { cook_id: cookId, ...(await this.rpc.call(FollowsRpc.setFollow, { actor, cook_id: cookId, follow })) };
  }

  @Query(() => CookFollowModel, { description: "A cook's follower count, and whether the signed-in person follows them" })
  async cookFollow(@Context() ctx: GqlContext, @IdArg('cook_id') cookId: string): Promise<CookFollowModel> {
    // An id of no possible shape names nobody anyone follows (followCook refuses it): nobody, at once.
    if (!isId(cookId)) return { cook_id: cookId, following: false, followers: 0 };
    const actor = actorOf(ctx);
    const state = await this.rpc.call(FollowsRpc.followState, actor ? { actor, cook_id: cookId } : { cook_id: cookId });
    return { cook_id: cookId, ...state };
  }

  @Query(() => [FollowedCookModel], { description: "'Mes cuisiniers': the cooks the signed-in person follows, newest first" })
  @UseGuards(AuthGuard)
  async followedCooks(@CurrentActor() actor: Actor): Promise<FollowedCookModel[]> {
    const { cooks } = await this.rpc.call(FollowsRpc.followedCooks, { actor });
    // Each cook's public page, through the public read cache (the cook pages' own reads).
    const pages = await Promise.all(cooks.map(({ cook_id }) => this.reads.call(IdentityRpc.getCook, { cook_id })));
    // A cook who is no longer one (erased, back to buying) is left out.
    return cooks.flatMap(({ followed_at }, i) => (pages[i]!.cook ? [{ followed_at, cook: pages[i]!.cook }] : []));
  }

  @Mutation(() => MealModel, {
    nullable: true,
    description: 'The heart of a dish: favourite or not (idempotent); the dish with its new is_favourite (null: it no longer exists)',
  })
  @UseGuards(AuthGuard)
  async setFavourite(
    @CurrentActor() actor: Actor,
    @IdArg('meal_id', MEAL_TO_FAVOUR) mealId: string,
    @Args('favourite') favourite: boolean,
  ): Promise<MealWithHeart | null> {
    const state = await this.rpc.call(FollowsRpc.setFavourite, { actor, meal_id: mealId, favourite });
    const { meal } = await this.reads.call(CatalogueRpc.getMeal, { meal_id: mealId });
    return meal ? { ...meal, is_favourite: state.favourite } : null;
  }

  @Query(() => [MealModel], { description: "'Mes favoris': the signed-in person's favourite dishes, newest first (deleted ones left out)" })
  @UseGuards(AuthGuard)
  async favouriteMeals(@CurrentActor() actor: Actor): Promise<MealWithHeart[]> {
    const { meal_ids } = await this.rpc.call(FollowsRpc.favourites, { actor });
    const found = new Map<string, MealDto>();
    for (let i = 0; i < meal_ids.length; i += MEALS_PER_CALL) {
      const { items } = await this.rpc.call(CatalogueRpc.getMeals, { meal_ids: meal_ids.slice(i, i + MEALS_PER_CALL) });
      for (const meal of items) found.set(meal.meal_id, meal);
    }
    return meal_ids.flatMap((id) => {
      const meal = found.get(id);
      return meal ? [{ ...meal, is_favourite: true }] : [];
    });
  }
}

/**
 * `Meal.is_favourite`: one favourites call per request, however many cards it shows (the first card
 * asks, the others wait for the same answer). Signed out: false, without a call, so the anonymous
 * answers stay the same for everyone (PublicResponseCachePlugin keeps them). Null when the
 * favourites cannot be read just now: the dishes still show, without their hearts.
 */
@Resolver(() => MealModel)
export class MealFavouriteResolver {
  private readonly log = new Logger('MealFavourites');
  private readonly ofRequest = new WeakMap<GqlContext, Promise<ReadonlySet<string> | null>>();

  constructor(private readonly rpc: RpcClient) {}

  @ResolveField('is_favourite', () => Boolean, {
    nullable: true,
    description: "In the signed-in person's favourites (false when signed out; null: the favourites could not be read)",
  })
  async isFavourite(@Parent() meal: MealWithHeart, @Context() ctx: GqlContext): Promise<boolean | null> {
    if (typeof meal.is_favourite === 'boolean') return meal.is_favourite;
    const actor = actorOf(ctx);
    if (!actor) return false;
    let favourites = this.ofRequest.get(ctx);
    if (!favourites) {
      favourites = this.rpc.call(FollowsRpc.favourites, { actor }).then(
        ({ meal_ids }) => new Set(meal_ids),
        (err: unknown) => {
          this.log.warn(`favourites unavailable: ${(err as Error).message}`);
          return null;
        },
      );
      this.ofRequest.set(ctx, favourites);
    }
    const set = await favourites;
    return set ? set.has(meal.meal_id) : null;
  }
}
