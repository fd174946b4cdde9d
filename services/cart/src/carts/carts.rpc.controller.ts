import { Controller } from '@nestjs/common';
import { CartRpc, type RpcRequest } from '@popote/contracts';
import { RpcHandler } from '@popote/platform';
import { CartsService } from './carts.service';

/** Thin: validate against the contract, call the rules. */
@Controller()
export class CartsRpcController {
  constructor(private readonly carts: CartsService) {}

  @RpcHandler(CartRpc.getCart)
  get(req: RpcRequest<typeof CartRpc.getCart>) {
    return this.carts.get(req.actor);
  }

  @RpcHandler(CartRpc.addItem)
  add(req: RpcRequest<typeof CartRpc.addItem>) {
    return this.carts.add(req.actor, req.meal_id, req.quantity);
  }

  @RpcHandler(CartRpc.setQuantity)
  set(req: RpcRequest<typeof CartRpc.setQuantity>) {
    return this.carts.set(req.actor, req.meal_id, req.quantity);
  }

  @RpcHandler(CartRpc.removeItem)
  remove(req: RpcRequest<typeof CartRpc.removeItem>) {
    return this.carts.remove(req.actor, req.meal_id);
  }

  @RpcHandler(CartRpc.clear)
  clear(req: RpcRequest<typeof CartRpc.clear>) {
    return this.carts.clear(req.actor);
  }

  @RpcHandler(CartRpc.checkout)
  checkout(req: RpcRequest<typeof CartRpc.checkout>) {
    return this.carts.checkout(req.actor);
  }

  @RpcHandler(CartRpc.lines)
  lines(req: RpcRequest<typeof CartRpc.lines>) {
    return this.carts.lines(req.actor);
  }
}
