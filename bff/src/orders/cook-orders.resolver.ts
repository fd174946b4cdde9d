import { UseGuards } from '@nestjs/common';
import { Args, Context, Int, Mutation, Query, Resolver, Subscription } from '@nestjs/graphql';
import { IdentityRpc, isId, ORDER_STATUSES, OrderingRpc, type Actor, type OrderStatus } from '@popote/contracts';
import { RpcClient } from '@popote/platform';
import { withFilter } from 'graphql-subscriptions';
import { AuthGuard, CookOnly } from '../auth/auth.guard';
import { CurrentActor } from '../auth/current-actor.decorator';
import type { GqlContext } from '../auth/gql-context';
import { IdArg, ORDER_ID } from '../errors/id-arguments';
import { ORDER_UPDATES, OrderUpdatesService, type OrderUpdate } from './order-updates.service';
import { CookStatsModel, OrderModel, OrderUpdateModel, ReviewModel } from './orders.model';
import { OrderStatusEnum } from '../graphql-enums';

@Resolver()
export class OrderLifecycleResolver {
  constructor(
    private readonly rpc: RpcClient,
    private readonly updates: OrderUpdatesService,
  ) {}

  @Query(() => [OrderModel], { description: 'Orders addressed to the signed-in cook, newest first' })
  @CookOnly()
  async cookOrders(@CurrentActor() actor: Actor): Promise<OrderModel[]> {
    return (await this.rpc.call(OrderingRpc.cookOrders, { actor })).items;
  }

  @Query(() => CookStatsModel)
  @CookOnly()
  cookStats(@CurrentActor() actor: Actor): Promise<CookStatsModel> {
    return this.rpc.call(OrderingRpc.cookStats, { actor });
  }

  @Query(() => [ReviewModel], { description: "A cook's reviews, newest first (public)" })
  async cookReviews(@IdArg('cook_id') cookId: string): Promise<ReviewModel[]> {
    if (!isId(cookId)) return []; // names no cook (contracts/src/shared/ids.ts)
    return (await this.rpc.call(OrderingRpc.cookReviews, { cook_id: cookId })).items;
  }

  @Mutation(() => OrderModel, { description: "The order's cook moves it one step: confirmed, preparing, ready, delivered" })
  @UseGuards(AuthGuard)
  async changeOrderStatus(
    @CurrentActor() actor: Actor,
    @IdArg('order_id', ORDER_ID) orderId: string,
    @Args('to', { type: () => OrderStatusEnum }) to: OrderStatus,
  ): Promise<OrderModel> {
    return (await this.rpc.call(OrderingRpc.changeStatus, { actor, order_id: orderId, to })).order;
  }

  @Mutation(() => OrderModel, { description: "The order's cook moves its pick-up slot to another of theirs; the buyer is told" })
  @CookOnly()
  async movePickupSlot(
    @CurrentActor() actor: Actor,
    @IdArg('order_id', ORDER_ID) orderId: string,
    @Args('start') start: string,
  ): Promise<OrderModel> {
    return (await this.rpc.call(OrderingRpc.movePickupSlot, { actor, order_id: orderId, start }, { timeoutMs: 15_000 })).order;
  }

  @Mutation(() => OrderModel, { description: 'Cook: before delivery, with a reason. Consumer: while pending.' })
  @UseGuards(AuthGuard)
  async cancelOrder(
    @CurrentActor() actor: Actor,
    @IdArg('order_id', ORDER_ID) orderId: string,
    @Args('reason', { defaultValue: '' }) reason: string,
  ): Promise<OrderModel> {
    return (await this.rpc.call(OrderingRpc.cancelOrder, { actor, order_id: orderId, reason })).order;
  }

  @Mutation(() => ReviewModel, { description: 'Once, by the consumer of a delivered order' })
  @UseGuards(AuthGuard)
  async submitReview(
    @CurrentActor() actor: Actor,
    @IdArg('order_id', ORDER_ID) orderId: string,
    @Args('rating', { type: () => Int }) rating: number,
    @Args('comment', { defaultValue: '' }) comment: string,
  ): Promise<ReviewModel> {
    const me = await this.rpc.call(IdentityRpc.getMe, { actor });
    return (await this.rpc.call(OrderingRpc.submitReview, { actor, consumer_name: me.user.username, order_id: orderId, rating, comment }))
      .review;
  }

  @Subscription(() => OrderUpdateModel, {
    description: `Status changes (${ORDER_STATUSES.join(', ')}) and new orders, for the orders of the signed-in user (as consumer or cook)`,
    filter: (update: OrderUpdate, _args: unknown, ctx: GqlContext) =>
      !!ctx.actor && (update.consumer_id === ctx.actor.user_id || update.cook_id === ctx.actor.user_id),
    resolve: (update: OrderUpdate) => ({ order_id: update.order_id, from: update.from, order_status: update.order_status }),
  })
  orderUpdated(@Context() ctx: GqlContext) {
    if (!ctx.actor) throw new Error('unauthenticated');
    return withFilter(
      () => this.updates.pubsub.asyncIterableIterator(ORDER_UPDATES),
      () => true,
    )();
  }
}
