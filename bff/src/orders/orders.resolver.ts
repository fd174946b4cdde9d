import { UseGuards } from '@nestjs/common';
import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { IdentityRpc, OrderingRpc, PaymentsRpc, SLOT_WAIT_MAX_MS, type Actor } from '@popote/contracts';
import { RpcClient } from '@popote/platform';
import { VerifiedEmailGuard } from '../auth/account.resolver';
import { AuthGuard } from '../auth/auth.guard';
import { CurrentActor } from '../auth/current-actor.decorator';
import { ChosenSlotInput } from '../pickup/pickup.model';
import { CardInput, CheckoutModel, OrderModel, PaymentIntentModel } from './orders.model';

/** Holding or changing a slot may wait for a busy cook's partition (ADR 0008): longer than payments' own wait. */
const SLOT_CALL_TIMEOUT_MS = SLOT_WAIT_MAX_MS + 10_000;

/** Checkout and the consumer's own orders; who is asking always comes from the session. */
@Resolver()
@UseGuards(AuthGuard)
export class OrdersResolver {
  constructor(private readonly rpc: RpcClient) {}

  @Mutation(() => PaymentIntentModel, {
    description: 'Amount computed by the server from the cart and current prices; one pick-up slot per cook, held while paying',
  })
  @UseGuards(VerifiedEmailGuard) // paying needs a confirmed address (issue 18)
  async createPaymentIntent(
    @CurrentActor() actor: Actor,
    @Args('slots', { type: () => [ChosenSlotInput], defaultValue: [] }) slots: ChosenSlotInput[],
  ): Promise<PaymentIntentModel> {
    // The buyer's name travels with the order: the cook sees who comes to pick it up.
    const me = await this.rpc.call(IdentityRpc.getMe, { actor });
    return this.rpc.call(
      PaymentsRpc.createPaymentIntent,
      { actor, slots, consumer_name: me.user.name },
      { timeoutMs: SLOT_CALL_TIMEOUT_MS },
    );
  }

  @Mutation(() => CheckoutModel, {
    description: "Changes one cook's pick-up slot of a checkout not paid yet: the new slot is held, the old one given back at once",
  })
  async changeCheckoutSlot(
    @CurrentActor() actor: Actor,
    @Args('checkout_id', { type: () => ID }) checkoutId: string,
    @Args('slot', { type: () => ChosenSlotInput }) slot: ChosenSlotInput,
  ): Promise<CheckoutModel> {
    return (
      await this.rpc.call(PaymentsRpc.changeCheckoutSlot, { actor, checkout_id: checkoutId, slot }, { timeoutMs: SLOT_CALL_TIMEOUT_MS })
    ).checkout;
  }

  @Mutation(() => CheckoutModel, { description: 'Offline sandbox provider: confirms the card (Stripe test cards)' })
  async confirmSandboxPayment(
    @CurrentActor() actor: Actor,
    @Args('checkout_id', { type: () => ID }) checkoutId: string,
    @Args('card') card: CardInput,
  ): Promise<CheckoutModel> {
    return (await this.rpc.call(PaymentsRpc.confirmSandboxPayment, { actor, checkout_id: checkoutId, card }, { timeoutMs: 15_000 }))
      .checkout;
  }

  @Query(() => CheckoutModel, { nullable: true })
  async checkout(@CurrentActor() actor: Actor, @Args('checkout_id', { type: () => ID }) checkoutId: string): Promise<CheckoutModel | null> {
    return (await this.rpc.call(PaymentsRpc.getCheckout, { actor, checkout_id: checkoutId })).checkout;
  }

  @Query(() => [OrderModel], { description: "The signed-in consumer's orders, newest first" })
  async myOrders(@CurrentActor() actor: Actor): Promise<OrderModel[]> {
    return (await this.rpc.call(OrderingRpc.consumerOrders, { actor })).items;
  }

  @Query(() => [OrderModel], { description: 'The orders a paid checkout became (one per cook)' })
  async checkoutOrders(@CurrentActor() actor: Actor, @Args('checkout_id', { type: () => ID }) checkoutId: string): Promise<OrderModel[]> {
    return (await this.rpc.call(OrderingRpc.checkoutOrders, { actor, checkout_id: checkoutId })).items;
  }
}
