import { Controller } from '@nestjs/common';
import { DomainError, isId, ORDER_MESSAGES, OrderingRpc, type RpcRequest } from '@popote/contracts';
import { RpcHandler } from '@popote/platform';
import { LifecycleService } from './lifecycle.service';
import { OrdersService } from './orders.service';

/**
 * An order id of no possible shape (contracts/src/shared/ids.ts) names no order: answered as an unknown one,
 * before it reaches a lock key or a query.
 */
function orderId(id: string): string {
  if (!isId(id)) throw new DomainError('NOT_FOUND', ORDER_MESSAGES.notFound);
  return id;
}

/** Thin: validate against the contract, call the rules. A consumer only ever sees their own orders. */
@Controller()
export class OrdersRpcController {
  constructor(
    private readonly orders: OrdersService,
    private readonly lifecycle: LifecycleService,
  ) {}

  @RpcHandler(OrderingRpc.cookOrders)
  async cookOrders(req: RpcRequest<typeof OrderingRpc.cookOrders>) {
    return { items: await this.lifecycle.ofCook(req.actor) };
  }

  @RpcHandler(OrderingRpc.cookStats)
  cookStats(req: RpcRequest<typeof OrderingRpc.cookStats>) {
    return this.lifecycle.stats(req.actor);
  }

  @RpcHandler(OrderingRpc.cookReviews)
  async cookReviews(req: RpcRequest<typeof OrderingRpc.cookReviews>) {
    return { items: await this.lifecycle.reviewsOf(req.cook_id) };
  }

  @RpcHandler(OrderingRpc.changeStatus)
  async changeStatus(req: RpcRequest<typeof OrderingRpc.changeStatus>) {
    return { order: await this.lifecycle.changeStatus(req.actor, orderId(req.order_id), req.to) };
  }

  @RpcHandler(OrderingRpc.movePickupSlot)
  async moveSlot(req: RpcRequest<typeof OrderingRpc.movePickupSlot>) {
    return { order: await this.lifecycle.moveSlot(req.actor, orderId(req.order_id), req.start) };
  }

  @RpcHandler(OrderingRpc.cancelOrder)
  async cancel(req: RpcRequest<typeof OrderingRpc.cancelOrder>) {
    return { order: await this.lifecycle.cancel(req.actor, orderId(req.order_id), req.reason) };
  }

  @RpcHandler(OrderingRpc.submitReview)
  async review(req: RpcRequest<typeof OrderingRpc.submitReview>) {
    return { review: await this.lifecycle.review(req.actor, req.consumer_name, orderId(req.order_id), req.rating, req.comment) };
  }

  @RpcHandler(OrderingRpc.consumerOrders)
  async consumerOrders(req: RpcRequest<typeof OrderingRpc.consumerOrders>) {
    return { items: await this.orders.ofConsumer(req.actor) };
  }

  @RpcHandler(OrderingRpc.ordersById)
  async ordersById(req: RpcRequest<typeof OrderingRpc.ordersById>) {
    return { items: await this.orders.byIds(req.order_ids) };
  }

  @RpcHandler(OrderingRpc.closeUnattended)
  async closeUnattended(req: RpcRequest<typeof OrderingRpc.closeUnattended>) {
    return { closed: await this.lifecycle.closeUnattended(req.order_ids.filter(isId)) };
  }

  @RpcHandler(OrderingRpc.checkoutOrders)
  async checkoutOrders(req: RpcRequest<typeof OrderingRpc.checkoutOrders>) {
    return { items: await this.orders.ofCheckout(req.actor, req.checkout_id) };
  }
}
