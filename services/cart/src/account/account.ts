import { Controller, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { AccountEvents, exportPersonalDataRpc, type Envelope, type RpcRequest } from '@popote/contracts';
import { DistributedLocks, EventHandler, RpcHandler, type IntegrationEventHandler } from '@popote/platform';
import type { Model } from 'mongoose';
import type { z } from 'zod';
import { Cart } from '../carts/cart.schema';

type ErasureRequested = z.infer<typeof AccountEvents.erasureRequested.schema>;

/** The cart's part of the account lifecycle: the cart in an export; erased with the account. */
@Controller()
export class CartAccountRpcController {
  constructor(@InjectModel(Cart.name) private readonly carts: Model<Cart>) {}

  @RpcHandler(exportPersonalDataRpc('cart'))
  async exportPersonalData({ actor }: RpcRequest<ReturnType<typeof exportPersonalDataRpc>>) {
    const cart = await this.carts.findById(actor.user_id, { _id: 0, items: 1, created_at: 1, updated_at: 1 }).lean();
    return { sections: { cart: cart ?? { items: [] } }, media_keys: [] };
  }
}

/** GDPR art. 17: the cart is deleted (a second delivery finds nothing to delete). */
@Injectable()
@EventHandler(AccountEvents.erasureRequested)
export class AccountErasureHandler implements IntegrationEventHandler<ErasureRequested> {
  constructor(
    @InjectModel(Cart.name) private readonly carts: Model<Cart>,
    private readonly locks: DistributedLocks,
  ) {}

  async handle(envelope: Envelope<ErasureRequested>): Promise<void> {
    const id = envelope.data.user_id;
    await this.locks.run(`cart.${id}`, () => this.carts.deleteOne({ _id: id }));
  }
}
