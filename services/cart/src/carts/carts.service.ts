import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { CART_MESSAGES, CatalogueRpc, DomainError, type Actor, type CartDto, type MealDto } from '@popote/contracts';
import { KeyedMutex, RpcClient } from '@popote/platform';
import type { Model } from 'mongoose';
import { Cart, CartItem } from './cart.schema';

/**
 * One cart per user, lines of (meal, quantity) never above the meal's current stock. Every change
 * to a user's cart runs under that user's lock (two tabs adding at once are applied one after the
 * other, each re-checking stock), and the stock check reads the catalogue at that moment.
 */
@Injectable()
export class CartsService {
  private readonly locks = new KeyedMutex();

  constructor(
    @InjectModel(Cart.name) private readonly carts: Model<Cart>,
    @InjectModel(CartItem.name) private readonly items: Model<CartItem>,
    private readonly rpc: RpcClient,
  ) {}

  private async cartOf(userId: string, create: boolean): Promise<Cart | null> {
    const existing = await this.carts.findOne({ user_id: userId }).lean<Cart>();
    if (existing || !create) return existing;
    try {
      return (await this.carts.create({ _id: randomUUID(), user_id: userId })).toObject();
    } catch (err) {
      if ((err as { code?: number }).code !== 11000) throw err;
      return this.carts.findOne({ user_id: userId }).lean<Cart>();
    }
  }

  private async meal(mealId: string): Promise<MealDto> {
    const { meal } = await this.rpc.call(CatalogueRpc.getMeal, { meal_id: mealId });
    if (!meal) throw new DomainError('MEAL_NOT_FOUND', CART_MESSAGES.mealGone);
    return meal;
  }

  /** A cook never buys their own dishes (whatever role they have now): no self-made orders, no self-awarded stars. */
  private assertNotOwn(actor: Actor, meal: MealDto): void {
    if (meal.cook_id === actor.user_id) throw new DomainError('FORBIDDEN', CART_MESSAGES.ownMeal, undefined, { meal_id: meal.meal_id });
  }

  private assertWithin(meal: MealDto, quantity: number): void {
    if (quantity > meal.portions_available) {
      throw new DomainError(
        'INSUFFICIENT_STOCK',
        meal.portions_available > 0 ? CART_MESSAGES.insufficient(meal.portions_available) : CART_MESSAGES.soldOut,
        undefined,
        { meal_id: meal.meal_id, available: meal.portions_available },
      );
    }
  }

  /** The cart with each line's meal as the catalogue has it now; lines of deleted meals are dropped. */
  async get(actor: Actor): Promise<CartDto> {
    const cart = await this.cartOf(actor.user_id, false);
    if (!cart) return { cart_id: null, items: [], item_count: 0, subtotal_cents: 0, total_cents: 0 };
    const lines = await this.items.find({ cart_id: cart._id }).sort({ added_at: 1, _id: 1 }).lean<CartItem[]>();
    const { items: meals } = lines.length
      ? await this.rpc.call(CatalogueRpc.getMeals, { meal_ids: lines.map((l) => l.meal_id) })
      : { items: [] };
    const byId = new Map(meals.map((m) => [m.meal_id, m]));
    const gone = lines.filter((l) => !byId.has(l.meal_id));
    if (gone.length) await this.items.deleteMany({ _id: { $in: gone.map((l) => l._id) } });
    const items = lines
      .filter((l) => byId.has(l.meal_id))
      .map((l) => {
        const meal = byId.get(l.meal_id)!;
        return {
          cart_item_id: l._id,
          meal_id: l.meal_id,
          quantity: l.quantity,
          added_at: new Date(l.added_at).toISOString(),
          updated_at: new Date(l.updated_at).toISOString(),
          meal,
          line_total_cents: meal.price_cents * l.quantity,
        };
      });
    const subtotal = items.reduce((s, l) => s + l.line_total_cents, 0);
    return {
      cart_id: cart._id,
      items,
      item_count: items.reduce((s, l) => s + l.quantity, 0),
      subtotal_cents: subtotal,
      total_cents: subtotal,
    };
  }

  async add(actor: Actor, mealId: string, quantity: number): Promise<CartDto> {
    await this.locks.run(actor.user_id, async () => {
      const meal = await this.meal(mealId);
      this.assertNotOwn(actor, meal);
      const cart = (await this.cartOf(actor.user_id, true))!;
      const line = await this.items.findOne({ cart_id: cart._id, meal_id: mealId }).lean<CartItem>();
      const wanted = (line?.quantity ?? 0) + quantity;
      this.assertWithin(meal, wanted);
      if (line) {
        // Conditional on the quantity we checked: on MongoDB a concurrent writer makes this a no-op.
        const res = await this.items.updateOne({ _id: line._id, quantity: line.quantity }, { $set: { quantity: wanted } });
        if (res.matchedCount !== 1) throw new DomainError('CONFLICT', "Erreur lors de l'ajout au panier");
      } else {
        try {
          await this.items.create({ _id: randomUUID(), cart_id: cart._id, meal_id: mealId, quantity: wanted });
        } catch (err) {
          if ((err as { code?: number }).code === 11000) throw new DomainError('CONFLICT', "Erreur lors de l'ajout au panier");
          throw err;
        }
      }
    });
    return this.get(actor);
  }

  /** A quantity of 0 or less removes the line. */
  async set(actor: Actor, mealId: string, quantity: number): Promise<CartDto> {
    await this.locks.run(actor.user_id, async () => {
      const cart = await this.cartOf(actor.user_id, quantity > 0);
      if (!cart) return;
      if (quantity <= 0) {
        await this.items.deleteOne({ cart_id: cart._id, meal_id: mealId });
        return;
      }
      const meal = await this.meal(mealId);
      this.assertNotOwn(actor, meal);
      this.assertWithin(meal, quantity);
      await this.items.updateOne(
        { cart_id: cart._id, meal_id: mealId },
        { $set: { quantity }, $setOnInsert: { _id: randomUUID() } },
        { upsert: true },
      );
    });
    return this.get(actor);
  }

  async remove(actor: Actor, mealId: string): Promise<CartDto> {
    return this.set(actor, mealId, 0);
  }

  async clear(actor: Actor): Promise<CartDto> {
    await this.locks.run(actor.user_id, async () => {
      const cart = await this.cartOf(actor.user_id, false);
      if (cart) await this.items.deleteMany({ cart_id: cart._id });
    });
    return this.get(actor);
  }

  /** Checkout checks: not empty, none of the buyer's own dishes, every line within the current stock. */
  async checkout(actor: Actor): Promise<CartDto> {
    const cart = await this.get(actor);
    if (!cart.items.length) throw new DomainError('VALIDATION_FAILED', CART_MESSAGES.empty);
    for (const line of cart.items) {
      this.assertNotOwn(actor, line.meal);
      if (line.quantity > line.meal.portions_available) {
        throw new DomainError('INSUFFICIENT_STOCK', CART_MESSAGES.insufficientFor(line.meal.name), undefined, {
          meal_id: line.meal_id,
          available: line.meal.portions_available,
        });
      }
    }
    return cart;
  }

  /** A meal was deleted: it leaves every cart. */
  async dropMeal(mealId: string): Promise<number> {
    return (await this.items.deleteMany({ meal_id: mealId })).deletedCount ?? 0;
  }

  /** An order was placed: the bought quantities leave the cart; what was added since stays. */
  async dropBought(userId: string, orderId: string, bought: { meal_id: string; quantity: number }[]): Promise<void> {
    await this.locks.run(userId, async () => {
      const cart = await this.cartOf(userId, false);
      if (!cart || (cart.applied_orders ?? []).includes(orderId)) return;
      await this.carts.updateOne({ _id: cart._id }, { $push: { applied_orders: orderId } });
      for (const b of bought) {
        const line = await this.items.findOne({ cart_id: cart._id, meal_id: b.meal_id }).lean<CartItem>();
        if (!line) continue;
        if (line.quantity <= b.quantity) await this.items.deleteOne({ _id: line._id });
        else await this.items.updateOne({ _id: line._id }, { $set: { quantity: line.quantity - b.quantity } });
      }
    });
  }
}
