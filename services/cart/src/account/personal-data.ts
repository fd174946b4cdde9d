import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { PersonalDataExport } from '@popote/contracts';
import { DistributedLocks, type PersonalDataProvider } from '@popote/platform';
import type { Model } from 'mongoose';
import { Cart } from '../carts/cart.schema';

/** The cart's part of the account lifecycle: the cart in an export; deleted with the account. */
@Injectable()
export class CartPersonalData implements PersonalDataProvider {
  constructor(
    @InjectModel(Cart.name) private readonly carts: Model<Cart>,
    private readonly locks: DistributedLocks,
  ) {}

  async export(userId: string): Promise<PersonalDataExport> {
    const cart = await this.carts.findById(userId, { _id: 0, items: 1, created_at: 1, updated_at: 1 }).lean();
    return { sections: { cart: cart ?? { items: [] } }, media_keys: [] };
  }

  /** GDPR art. 17: the cart is deleted (a second delivery finds nothing to delete). */
  async erase(userId: string): Promise<void> {
    await this.locks.run(`cart.${userId}`, () => this.carts.deleteOne({ _id: userId }));
  }
}
