import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { CART_MESSAGES, CatalogueRpc, DomainError, type Actor, type CartDto, type MealDto } from '@popote/contracts';
import { DistributedLocks, insertOnce, RpcClient } from '@popote/platform';
import type { Model } from 'mongoose';
import { Cart, MAX_CART_LINES, RECENT_ORDERS, type CartLine } from './cart.schema';

const EMPTY: CartDto = { cart_id: null, items: [], item_count: 0, subtotal_cents: 0, total_cents: 0 };

/**
 * One cart per user, lines of (meal, quantity) never above the meal's current stock. Every change
 * to a user's cart runs under that user's lock, across replicas (two tabs adding at once are applied
 * one after the other, each re-checking stock), and is written conditionally on the cart's `rev`.
 */
@Injectable()
export class CartsService {
  constructor(
    @InjectModel(Cart.name) private readonly carts: Model<Cart>,
    private readonly rpc: RpcClient,
    private readonly locks: DistributedLocks,
  ) {}

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

  /**
   * Reads the user's cart, lets `change` compute the new lines (or return null: nothing to do), and
   * writes them if the cart is still the version read; retried a few times if another writer won.
   * Returns the lines as stored afterwards (null: the user has no cart).
   */
  private async modify(
    userId: string,
    change: (cart: Cart | null) => Promise<{ items: CartLine[]; recent_orders?: string[] } | null>,
  ): Promise<CartLine[] | null> {
    return this.locks.run(`cart.${userId}`, async () => {
      for (let attempt = 0; attempt < 5; attempt++) {
        const cart = await this.carts.findById(userId).lean<Cart>();
        const next = await change(cart);
        if (!next) return cart ? (cart.items ?? []) : null;
        const now = new Date();
        if (!cart) {
          const created = await insertOnce(() =>
            this.carts.create({ _id: userId, items: next.items, recent_orders: next.recent_orders ?? [], rev: 1 }),
          );
          if (created) return next.items;
          continue; // created meanwhile by another replica: apply on top of it
        }
        const res = await this.carts.updateOne(
          { _id: userId, rev: cart.rev },
          {
            $set: { items: next.items, recent_orders: next.recent_orders ?? cart.recent_orders ?? [], rev: cart.rev + 1, updated_at: now },
          },
        );
        if (res.matchedCount === 1) return next.items;
      }
      throw new DomainError('CONFLICT', "Erreur lors de l'ajout au panier");
    });
  }

  /** The cart with each line's meal as the catalogue has it now; lines of deleted meals are dropped. */
  async get(actor: Actor): Promise<CartDto> {
    const cart = await this.carts.findById(actor.user_id).lean<Cart>();
    return this.view(actor, cart ? (cart.items ?? []) : null, []);
  }

  /**
   * The cart of these lines (as just read or written), each with its meal as the catalogue has it:
   * the meals in `known` (just asked for) are not asked again, the others in one call.
   */
  private async view(actor: Actor, stored: CartLine[] | null, known: MealDto[]): Promise<CartDto> {
    if (!stored) return EMPTY;
    const lines = [...stored].sort((a, b) => +new Date(a.added_at) - +new Date(b.added_at) || a._id.localeCompare(b._id));
    const byId = new Map(known.map((m) => [m.meal_id, m]));
    const missing = [...new Set(lines.map((l) => l.meal_id))].filter((id) => !byId.has(id));
    if (missing.length) {
      const { items: meals } = await this.rpc.call(CatalogueRpc.getMeals, { meal_ids: missing });
      for (const m of meals) byId.set(m.meal_id, m);
    }
    if (lines.some((l) => !byId.has(l.meal_id))) {
      await this.modify(actor.user_id, async (c) => {
        const kept = (c?.items ?? []).filter((l) => byId.has(l.meal_id));
        return c && kept.length !== c.items.length ? { items: kept } : null;
      });
    }
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
      cart_id: actor.user_id,
      items,
      item_count: items.reduce((s, l) => s + l.quantity, 0),
      subtotal_cents: subtotal,
      total_cents: subtotal,
    };
  }

  /** Adds to the line (within the stock); the answer is the cart as written, the added meal not asked twice. */
  async add(actor: Actor, mealId: string, quantity: number): Promise<CartDto> {
    const meal = await this.meal(mealId);
    this.assertNotOwn(actor, meal);
    const stored = await this.modify(actor.user_id, async (cart) => {
      const items = [...(cart?.items ?? [])];
      const i = items.findIndex((l) => l.meal_id === mealId);
      const wanted = (i >= 0 ? items[i].quantity : 0) + quantity;
      this.assertWithin(meal, wanted);
      const now = new Date();
      if (i >= 0) items[i] = { ...items[i], quantity: wanted, updated_at: now };
      else {
        if (items.length >= MAX_CART_LINES) throw new DomainError('VALIDATION_FAILED', CART_MESSAGES.tooManyLines(MAX_CART_LINES));
        items.push({ _id: randomUUID(), meal_id: mealId, quantity: wanted, added_at: now, updated_at: now });
      }
      return { items };
    });
    return this.view(actor, stored, [meal]);
  }

  /** A quantity of 0 or less removes the line. */
  async set(actor: Actor, mealId: string, quantity: number): Promise<CartDto> {
    const meal = quantity > 0 ? await this.meal(mealId) : null;
    if (meal) this.assertNotOwn(actor, meal);
    if (meal) this.assertWithin(meal, quantity);
    const stored = await this.modify(actor.user_id, async (cart) => {
      const items = [...(cart?.items ?? [])];
      const i = items.findIndex((l) => l.meal_id === mealId);
      if (quantity <= 0) return i >= 0 ? { items: items.filter((l) => l.meal_id !== mealId) } : null;
      const now = new Date();
      if (i >= 0) items[i] = { ...items[i], quantity, updated_at: now };
      else {
        if (items.length >= MAX_CART_LINES) throw new DomainError('VALIDATION_FAILED', CART_MESSAGES.tooManyLines(MAX_CART_LINES));
        items.push({ _id: randomUUID(), meal_id: mealId, quantity, added_at: now, updated_at: now });
      }
      return { items };
    });
    return this.view(actor, stored, meal ? [meal] : []);
  }

  async remove(actor: Actor, mealId: string): Promise<CartDto> {
    return this.set(actor, mealId, 0);
  }

  async clear(actor: Actor): Promise<CartDto> {
    const stored = await this.modify(actor.user_id, async (cart) => (cart?.items.length ? { items: [] } : null));
    return this.view(actor, stored, []);
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

  /** The stored lines for the checkout (payments): the catalogue's reservation checks and prices them. */
  async lines(actor: Actor): Promise<{ lines: { meal_id: string; quantity: number }[] }> {
    const cart = await this.carts.findById(actor.user_id, { items: 1 }).lean<Pick<Cart, 'items'>>();
    const lines = [...(cart?.items ?? [])]
      .sort((a, b) => +new Date(a.added_at) - +new Date(b.added_at) || a._id.localeCompare(b._id))
      .map((l) => ({ meal_id: l.meal_id, quantity: l.quantity }));
    if (!lines.length) throw new DomainError('VALIDATION_FAILED', CART_MESSAGES.empty);
    return { lines };
  }

  /** A meal was deleted: it leaves every cart. */
  async dropMeal(mealId: string): Promise<number> {
    const holders = await this.carts.find({ 'items.meal_id': mealId }, { _id: 1 }).lean<{ _id: string }[]>();
    for (const { _id } of holders) {
      await this.modify(_id, async (cart) =>
        cart?.items.some((l) => l.meal_id === mealId) ? { items: cart.items.filter((l) => l.meal_id !== mealId) } : null,
      );
    }
    return holders.length;
  }

  /** An order was placed: the bought quantities leave the cart; what was added since stays. Once per order. */
  async dropBought(userId: string, orderId: string, bought: { meal_id: string; quantity: number }[]): Promise<void> {
    await this.modify(userId, async (cart) => {
      if (!cart || (cart.recent_orders ?? []).includes(orderId)) return null;
      const items = cart.items
        .map((l) => {
          const b = bought.find((x) => x.meal_id === l.meal_id);
          return b ? { ...l, quantity: l.quantity - b.quantity } : l;
        })
        .filter((l) => l.quantity > 0);
      return { items, recent_orders: [...(cart.recent_orders ?? []), orderId].slice(-RECENT_ORDERS) };
    });
  }
}
