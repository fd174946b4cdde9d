import { UseGuards } from '@nestjs/common';
import { Args, Context, Mutation, Query, Resolver } from '@nestjs/graphql';
import { PromotionsRpc, type Actor } from '@popote/contracts';
import { RpcClient } from '@popote/platform';
import { AuthGuard, CookOnly } from '../auth/auth.guard';
import { VerifiedEmailGuard } from '../auth/account.resolver';
import { CurrentActor } from '../auth/current-actor.decorator';
import type { GqlContext } from '../auth/gql-context';
import { IdArg, PROMO_COOK_ID, PROMOTION_ID } from '../errors/id-arguments';
import { CheckoutDiscountModel } from '../orders/orders.model';
import { PromoCodeAttempts } from './promo-code-attempts';
import { PromotionInput, PromotionModel } from './promotions.model';

/** Promotions (ADR 0045): a cook's own, and a buyer's code checked for a basket. */
@Resolver()
export class PromotionsResolver {
  constructor(
    private readonly rpc: RpcClient,
    private readonly attempts: PromoCodeAttempts,
  ) {}

  @Query(() => [PromotionModel], { description: "The signed-in cook's promotions, newest first, with their figures" })
  @CookOnly()
  async myPromotions(@CurrentActor() actor: Actor): Promise<PromotionModel[]> {
    return (await this.rpc.call(PromotionsRpc.mine, { actor })).items;
  }

  @Mutation(() => PromotionModel, { description: "'Créer la promotion': checked by the rules (French messages), on the cook's own dishes" })
  @CookOnly(VerifiedEmailGuard)
  async createPromotion(@CurrentActor() actor: Actor, @Args('input') input: PromotionInput): Promise<PromotionModel> {
    const code = input.code?.trim() ? input.code : null;
    return (await this.rpc.call(PromotionsRpc.create, { actor, input: { ...input, code } as never })).promotion;
  }

  @Mutation(() => PromotionModel, { description: 'Pause, start again (active) or stop for good (stopped)' })
  @CookOnly()
  async setPromotionState(
    @CurrentActor() actor: Actor,
    @IdArg('promotion_id', PROMOTION_ID) promotionId: string,
    @Args('state') state: string,
  ): Promise<PromotionModel> {
    return (await this.rpc.call(PromotionsRpc.setState, { actor, promotion_id: promotionId, state: state as never })).promotion;
  }

  @Query(() => CheckoutDiscountModel, {
    description: "What a code takes off the buyer's basket at this cook now, or a French refusal; attempts are counted",
  })
  @UseGuards(AuthGuard)
  async promoCode(
    @CurrentActor() actor: Actor,
    @Context() ctx: GqlContext,
    @IdArg('cook_id', PROMO_COOK_ID) cookId: string,
    @Args('code') code: string,
  ): Promise<CheckoutDiscountModel> {
    await this.attempts.count(actor, ctx);
    return (await this.rpc.call(PromotionsRpc.preview, { actor, cook_id: cookId, code })).discount;
  }
}
