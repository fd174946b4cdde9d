import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CartRpc } from '@popote/contracts';
import { parseRequest } from '@popote/platform';
import { CartsService } from './carts.service';

/** Thin: validate against the contract, call the rules. */
@Controller()
export class CartsRpcController {
  constructor(private readonly carts: CartsService) {}

  @MessagePattern(CartRpc.getCart.subject)
  get(@Payload() p: unknown) {
    return this.carts.get(parseRequest(CartRpc.getCart, p).actor);
  }

  @MessagePattern(CartRpc.addItem.subject)
  add(@Payload() p: unknown) {
    const req = parseRequest(CartRpc.addItem, p);
    return this.carts.add(req.actor, req.meal_id, req.quantity);
  }

  @MessagePattern(CartRpc.setQuantity.subject)
  set(@Payload() p: unknown) {
    const req = parseRequest(CartRpc.setQuantity, p);
    return this.carts.set(req.actor, req.meal_id, req.quantity);
  }

  @MessagePattern(CartRpc.removeItem.subject)
  remove(@Payload() p: unknown) {
    const req = parseRequest(CartRpc.removeItem, p);
    return this.carts.remove(req.actor, req.meal_id);
  }

  @MessagePattern(CartRpc.clear.subject)
  clear(@Payload() p: unknown) {
    return this.carts.clear(parseRequest(CartRpc.clear, p).actor);
  }

  @MessagePattern(CartRpc.checkout.subject)
  checkout(@Payload() p: unknown) {
    return this.carts.checkout(parseRequest(CartRpc.checkout, p).actor);
  }
}
