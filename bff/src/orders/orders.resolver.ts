import { UseGuards } from '@nestjs/common';
import { Args, Context, Mutation, Query, Resolver } from '@nestjs/graphql';
import { IdentityRpc, isId, OrderingRpc, PaymentsRpc, type Actor } from '@popote/contracts';
import { RpcClient } from '@popote/platform';
import { meOf, VerifiedEmailGuard } from '../auth/account.resolver';
import { AuthGuard } from '../auth/auth.guard';
import { CurrentActor } from '../auth/current-actor.decorator';
import type { GqlContext } from '../auth/gql-context';
import { CHECKOUT_ID, IdArg } from '../errors/id-arguments';
import { ChosenSlotInput, DeliveryAddressInput, DeliveryAddressModel } from '../pickup/pickup.model';
import { CardInput, CheckoutModel, OrderModel, PaymentIntentModel } from './orders.model';
import { PromoCodeInput } from '../promotions/promotions.model';
import { PromoCodeAttempts } from '../promotions/promo-code-attempts';

/**
 * Reserving is one hop under the cook's lock (docs/checkout.md): it waits only for the buyers
 * ahead on the same cook. Longer than the platform's default, shorter than a lock lease.
 */
const RESERVE_TIMEOUT_MS = 12_000;

/** Checkout and the consumer's own orders; who is asking always comes from the session. */
@Resolver()
@UseGuards(AuthGuard)
export class OrdersResolver {
  constructor(
    private readonly rpc: RpcClient,
    private readonly attempts: PromoCodeAttempts,
  ) {}

  @Mutation(() => PaymentIntentModel, {
    description:
      'Amount computed by the server from the cart and current prices; reserves the portions and one pick-up slot per cook until reserved_until, or refuses at once',
  })
  @UseGuards(VerifiedEmailGuard) // paying needs a confirmed address
  async createPaymentIntent(
    @CurrentActor() actor: Actor,
    @Args('slots', { type: () => [ChosenSlotInput], defaultValue: [] }) slots: ChosenSlotInput[],
    @Context() ctx: GqlContext,
    @Args('delivery_address', {
      type: () => DeliveryAddressInput,
      nullable: true,
      description: 'Required when a slot is a delivery (ADR 0044)',
    })
    deliveryAddress?: DeliveryAddressInput | null,
    @Args('promo_codes', {
      type: () => [PromoCodeInput],
      defaultValue: [],
      description: "Codes typed for cooks' baskets (ADR 0045): each applied by the server, or the checkout refused in French",
    })
    promoCodes: PromoCodeInput[] = [],
  ): Promise<PaymentIntentModel> {
    // Codes are not secrets, but guessing them is stopped: counted per buyer and per network.
    if (promoCodes.some((c) => c.code.trim())) await this.attempts.count(actor, ctx);
    // The buyer's name travels with the order: the cook sees who comes to pick it up (as the session's
    // token says it; a token without it: the guard's answer).
    const name = ctx.actor?.name ?? (await meOf(ctx, this.rpc)).user.name;
    const intent = await this.rpc.call(
      PaymentsRpc.createPaymentIntent,
      { actor, slots, consumer_name: name, delivery_address: deliveryAddress ?? null, promo_codes: promoCodes },
      { timeoutMs: RESERVE_TIMEOUT_MS },
    );
    // The address payments accepted (checked, with its commune's name) is offered at the next checkout;
    // not remembered, the checkout still goes on.
    if (intent.checkout.delivery_address)
      await this.rpc.call(IdentityRpc.rememberDeliveryAddress, { actor, address: intent.checkout.delivery_address }).catch(() => undefined);
    return intent;
  }

  @Mutation(() => CheckoutModel, {
    description: "Changes one cook's pick-up slot of a checkout not paid yet: the new slot is reserved, the old one given back at once",
  })
  async changeCheckoutSlot(
    @CurrentActor() actor: Actor,
    @IdArg('checkout_id', CHECKOUT_ID) checkoutId: string,
    @Args('slot', { type: () => ChosenSlotInput }) slot: ChosenSlotInput,
  ): Promise<CheckoutModel> {
    return (
      await this.rpc.call(PaymentsRpc.changeCheckoutSlot, { actor, checkout_id: checkoutId, slot }, { timeoutMs: RESERVE_TIMEOUT_MS })
    ).checkout;
  }

  @Mutation(() => CheckoutModel, {
    description:
      'The reservation expired (or was given back after a declined card): reserves the same checkout again, or refuses in French',
  })
  async renewCheckout(@CurrentActor() actor: Actor, @IdArg('checkout_id', CHECKOUT_ID) checkoutId: string): Promise<CheckoutModel> {
    return (await this.rpc.call(PaymentsRpc.renewCheckout, { actor, checkout_id: checkoutId }, { timeoutMs: RESERVE_TIMEOUT_MS })).checkout;
  }

  @Mutation(() => CheckoutModel, { description: 'Offline sandbox provider: confirms the card (Stripe test cards)' })
  async confirmSandboxPayment(
    @CurrentActor() actor: Actor,
    @IdArg('checkout_id', CHECKOUT_ID) checkoutId: string,
    @Args('card') card: CardInput,
  ): Promise<CheckoutModel> {
    return (await this.rpc.call(PaymentsRpc.confirmSandboxPayment, { actor, checkout_id: checkoutId, card }, { timeoutMs: 15_000 }))
      .checkout;
  }

  @Query(() => DeliveryAddressModel, { nullable: true, description: 'The delivery address the buyer last used (ADR 0044)' })
  async myDeliveryAddress(@CurrentActor() actor: Actor): Promise<DeliveryAddressModel | null> {
    return (await this.rpc.call(IdentityRpc.deliveryAddress, { actor })).address;
  }

  @Query(() => CheckoutModel, { nullable: true })
  async checkout(@CurrentActor() actor: Actor, @IdArg('checkout_id') checkoutId: string): Promise<CheckoutModel | null> {
    if (!isId(checkoutId)) return null; // names no checkout (contracts/src/shared/ids.ts)
    return (await this.rpc.call(PaymentsRpc.getCheckout, { actor, checkout_id: checkoutId })).checkout;
  }

  @Query(() => [OrderModel], { description: "The signed-in consumer's orders, newest first" })
  async myOrders(@CurrentActor() actor: Actor): Promise<OrderModel[]> {
    return (await this.rpc.call(OrderingRpc.consumerOrders, { actor })).items;
  }

  @Query(() => [OrderModel], { description: 'The orders a paid checkout became (one per cook)' })
  async checkoutOrders(@CurrentActor() actor: Actor, @IdArg('checkout_id') checkoutId: string): Promise<OrderModel[]> {
    if (!isId(checkoutId)) return [];
    return (await this.rpc.call(OrderingRpc.checkoutOrders, { actor, checkout_id: checkoutId })).items;
  }
}
