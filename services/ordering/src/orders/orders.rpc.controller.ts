import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DomainError, isId, ORDER_MESSAGES, OrderingRpc } from '@popote/contracts';
import { parseRequest } from '@popote/platform';
import { LifecycleService } from './lifecycle.service';
import { OrdersService } from './orders.service';

/**
 * An order id of no possible shape (contracts/src/ids.ts) names no order: answered as an unknown one,
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

  @MessagePattern(OrderingRpc.cookOrders.subject)
  async cookOrders(@Payload() p: unknown) {
    return { items: await this.lifecycle.ofCook(parseRequest(OrderingRpc.cookOrders, p).actor) };
  }

  @MessagePattern(OrderingRpc.cookStats.subject)
  cookStats(@Payload() p: unknown) {
    return this.lifecycle.stats(parseRequest(OrderingRpc.cookStats, p).actor);
  }

  @MessagePattern(OrderingRpc.cookReviews.subject)
  async cookReviews(@Payload() p: unknown) {
    return { items: await this.lifecycle.reviewsOf(parseRequest(OrderingRpc.cookReviews, p).cook_id) };
  }

  @MessagePattern(OrderingRpc.changeStatus.subject)
  async changeStatus(@Payload() p: unknown) {
    const req = parseRequest(OrderingRpc.changeStatus, p);
    return { order: await this.lifecycle.changeStatus(req.actor, orderId(req.order_id), req.to) };
  }

  @MessagePattern(OrderingRpc.movePickupSlot.subject)
  async moveSlot(@Payload() p: unknown) {
    const req = parseRequest(OrderingRpc.movePickupSlot, p);
    return { order: await this.lifecycle.moveSlot(req.actor, orderId(req.order_id), req.start) };
  }

  @MessagePattern(OrderingRpc.cancelOrder.subject)
  async cancel(@Payload() p: unknown) {
    const req = parseRequest(OrderingRpc.cancelOrder, p);
    return { order: await this.lifecycle.cancel(req.actor, orderId(req.order_id), req.reason) };
  }

  @MessagePattern(OrderingRpc.submitReview.subject)
  async review(@Payload() p: unknown) {
    const req = parseRequest(OrderingRpc.submitReview, p);
    return { review: await this.lifecycle.review(req.actor, req.consumer_name, orderId(req.order_id), req.rating, req.comment) };
  }

  @MessagePattern(OrderingRpc.consumerOrders.subject)
  async consumerOrders(@Payload() p: unknown) {
    return { items: await this.orders.ofConsumer(parseRequest(OrderingRpc.consumerOrders, p).actor) };
  }

  @MessagePattern(OrderingRpc.ordersById.subject)
  async ordersById(@Payload() p: unknown) {
    return { items: await this.orders.byIds(parseRequest(OrderingRpc.ordersById, p).order_ids) };
  }

  @MessagePattern(OrderingRpc.checkoutOrders.subject)
  async checkoutOrders(@Payload() p: unknown) {
    const req = parseRequest(OrderingRpc.checkoutOrders, p);
    return { items: await this.orders.ofCheckout(req.actor, req.checkout_id) };
  }
}
