import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { OrderingRpc } from '@popote/contracts';
import { parseRequest } from '@popote/platform';
import { OrdersService } from './orders.service';

/** Thin: validate against the contract, call the rules. A consumer only ever sees their own orders. */
@Controller()
export class OrdersRpcController {
  constructor(private readonly orders: OrdersService) {}

  @MessagePattern(OrderingRpc.consumerOrders.subject)
  async consumerOrders(@Payload() p: unknown) {
    return { items: await this.orders.ofConsumer(parseRequest(OrderingRpc.consumerOrders, p).actor) };
  }

  @MessagePattern(OrderingRpc.checkoutOrders.subject)
  async checkoutOrders(@Payload() p: unknown) {
    const req = parseRequest(OrderingRpc.checkoutOrders, p);
    return { items: await this.orders.ofCheckout(req.actor, req.checkout_id) };
  }
}
