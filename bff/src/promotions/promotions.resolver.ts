import { UseGuards } from '@nestjs/common';
import { Args, Context, Mutation, Query, Resolver } from '@nestjs/graphql';
import {
  DomainError,
  OPERATOR_MESSAGES,
  OperatorRpc,
  platformOfferInput,
  PROMOTION_ERRORS,
  PromotionsRpc,
  type Actor,
} from '@popote/contracts';
import { RpcClient, type OperatorActor } from '@popote/platform';
import { CurrentOperator, OperatorGuard } from '../operators/operator.guard';
import { AuthGuard, CookOnly } from '../auth/auth.guard';
import { VerifiedEmailGuard } from '../auth/account.resolver';
import { CurrentActor } from '../auth/current-actor.decorator';
import type { GqlContext } from '../auth/gql-context';
import { IdArg, PROMO_COOK_ID, PROMOTION_ID } from '../errors/id-arguments';
import { CheckoutDiscountModel } from '../orders/orders.model';
import { PromoCodeAttempts } from './promo-code-attempts';
import { PlatformOfferInput, PlatformOfferModel, PromotionInput, PromotionModel } from './promotions.model';

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

  @Query(() => PlatformOfferModel, { nullable: true, description: "Operators: the platform's first-order offer (null: never set, off)" })
  @UseGuards(OperatorGuard)
  async platformOffer(): Promise<PlatformOfferModel | null> {
    return (await this.rpc.call(PromotionsRpc.platformOffer, {})).offer;
  }

  @Mutation(() => PlatformOfferModel, { description: "Operators: sets the platform's first-order offer (written to the audit log first)" })
  @UseGuards(OperatorGuard)
  async setPlatformOffer(
    @CurrentOperator() operator: OperatorActor,
    @Args('input') input: PlatformOfferInput,
  ): Promise<PlatformOfferModel> {
    const reason = input.reason.trim();
    if (!reason) throw new DomainError('VALIDATION_FAILED', OPERATOR_MESSAGES.reasonRequired);
    // Checked before the audit log is written: a refused change leaves no line.
    const checked = platformOfferInput.safeParse({
      value_cents: input.value_cents,
      min_basket_cents: input.min_basket_cents,
      state: input.state,
    });
    if (!checked.success) throw new DomainError('VALIDATION_FAILED', checked.error.issues[0]?.message ?? PROMOTION_ERRORS.offerValue);
    await this.rpc.call(OperatorRpc.recordAudit, {
      operator_id: operator.operator_id,
      action: 'promotion.platform-offer',
      target: 'promotion:platform-first-order',
      reason: `${input.state === 'active' ? 'active' : 'en pause'}, ${(input.value_cents / 100).toFixed(2).replace('.', ',')} € dès ${(input.min_basket_cents / 100).toFixed(2).replace('.', ',')} € — ${reason}`,
    });
    const { offer } = await this.rpc.call(PromotionsRpc.setPlatformOffer, {
      operator_id: operator.operator_id,
      input: checked.data,
    });
    return offer;
  }
}
