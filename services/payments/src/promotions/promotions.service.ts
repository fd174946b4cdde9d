import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  CartRpc,
  CatalogueRpc,
  DomainError,
  normalizeCode,
  PROMOTION_ERRORS,
  PROMOTION_MESSAGES,
  type Actor,
  type CheckoutDiscount,
  type PromotionDto,
  type PromotionState,
  type RpcRequest,
} from '@popote/contracts';
import { DistributedLocks, RpcClient } from '@popote/platform';
import { discountOf, promotionRefusal } from '@popote/rules';
import { partsOf, toDiscount, toPromotionDto } from './promotions.mapper';
import { Promotion, PromotionsStore } from './promotions.schema';
import { PromotionHolds } from './promotion-holds.service';
import { usesCounted } from './promotions.rules';

type PromotionInput = RpcRequest<typeof import('@popote/contracts').PromotionsRpc.create>['input'];

/** Promotions running at once per cook, at most (the checkout reads a cook's automatic ones). */
export const PROMOTIONS_PER_COOK = 20;

/** A cook's promotions (ADR 0045): created, paused, stopped, read with their figures; a code's preview. */
@Injectable()
export class PromotionsService {
  constructor(
    private readonly store: PromotionsStore,
    private readonly rpc: RpcClient,
    private readonly locks: DistributedLocks,
    private readonly holds: PromotionHolds,
  ) {}

  async mine(actor: Actor): Promise<PromotionDto[]> {
    const docs = await this.store.promotions.find({ cook_id: actor.user_id }).lean<Promotion[]>();
    return docs.sort((a, b) => +new Date(b.created_at) - +new Date(a.created_at)).map((p) => toPromotionDto(p));
  }

  /**
   * A new promotion of the cook on their own dishes. Under the cook's promotions lock: two running
   * promotions never share a code, and a cook runs at most PROMOTIONS_PER_COOK at once.
   */
  async create(actor: Actor, input: PromotionInput & { code: string | null }): Promise<PromotionDto> {
    if (input.meal_ids.length) {
      const { items } = await this.rpc.call(CatalogueRpc.getMeals, { meal_ids: [...new Set(input.meal_ids)] });
      if (items.length !== new Set(input.meal_ids).size || items.some((m) => m.cook_id !== actor.user_id))
        throw new DomainError('VALIDATION_FAILED', PROMOTION_ERRORS.notYourMeal);
    }
    return this.locks.run(`promos:${actor.user_id}`, async () => {
      const running = await this.store.promotions.find({ cook_id: actor.user_id }, { code: 1, state: 1 }).lean<Promotion[]>();
      const open = running.filter((p) => p.state !== 'stopped');
      if (open.length >= PROMOTIONS_PER_COOK) throw new DomainError('CONFLICT', PROMOTION_ERRORS.tooMany);
      if (input.code && open.some((p) => p.code === input.code)) throw new DomainError('CONFLICT', PROMOTION_ERRORS.codeTaken);
      const doc = await this.store.promotions.create({
        _id: randomUUID(),
        funder: 'cook',
        cook_id: actor.user_id,
        name: input.name,
        code: input.code,
        auto: input.code === null,
        kind: input.kind,
        value: input.value,
        meal_ids: [...new Set(input.meal_ids)],
        min_basket_cents: input.min_basket_cents ?? 0,
        starts_at: new Date(input.starts_at),
        ends_at: new Date(input.ends_at),
        max_uses: input.max_uses,
        max_uses_per_buyer: input.max_uses_per_buyer ?? 1,
        state: 'active',
      });
      this.holds.forget(actor.user_id);
      return toPromotionDto(doc.toObject());
    });
  }

  /** Paused, active again, or stopped for good (a stopped promotion stays stopped; its code is free again). */
  async setState(actor: Actor, promotionId: string, state: PromotionState): Promise<PromotionDto> {
    // Under the promotion's lease, as every write of it (PromotionHolds): FerretDB writes the whole document.
    const saved = await this.locks.run(`promo:${promotionId}`, async () => {
      const doc = await this.store.promotions.findOne({ _id: promotionId, cook_id: actor.user_id }).lean<Promotion>();
      if (!doc) throw new DomainError('NOT_FOUND', PROMOTION_ERRORS.notFound);
      if (doc.state === 'stopped' && state !== 'stopped') throw new DomainError('CONFLICT', PROMOTION_ERRORS.stopped);
      await this.store.promotions.updateOne(
        { _id: promotionId, cook_id: actor.user_id },
        { $set: { state, auto: doc.code === null && state !== 'stopped' }, $inc: { version: 1 } },
      );
      return { ...doc, state };
    });
    this.holds.forget(actor.user_id);
    return toPromotionDto(saved);
  }

  /**
   * What a code takes off the buyer's basket at this cook now: the cart's lines at the catalogue's
   * prices today, the buyer's uses and the uses held. Only a preview: the checkout decides again.
   */
  async preview(actor: Actor, cookId: string, typed: string): Promise<CheckoutDiscount> {
    const code = normalizeCode(typed);
    const promotion = code ? await this.store.promotions.findOne({ cook_id: cookId, code }).lean<Promotion>() : null;
    const found = promotion && promotion.state !== 'stopped' ? promotion : null;
    if (!found) throw new DomainError('VALIDATION_FAILED', PROMOTION_MESSAGES.unknown);
    const { lines } = await this.rpc.call(CartRpc.lines, { actor });
    const { items } = lines.length ? await this.rpc.call(CatalogueRpc.getMeals, { meal_ids: lines.map((l) => l.meal_id) }) : { items: [] };
    const price = new Map(items.map((m) => [m.meal_id, m]));
    const part = partsOf(
      lines.flatMap((l) => {
        const meal = price.get(l.meal_id);
        return meal ? [{ cook_id: meal.cook_id, meal_id: l.meal_id, unit_price_cents: meal.price_cents, quantity: l.quantity }] : [];
      }),
    ).find((p) => p.cook_id === cookId) ?? { cook_id: cookId, lines: [] };
    const mine = await this.holds.usesOf(found._id, actor.user_id);
    const refusal = promotionRefusal(found, part, { total: usesCounted(found, Date.now()), mine }, new Date());
    if (refusal) throw new DomainError('VALIDATION_FAILED', refusal);
    return toDiscount(found, cookId, discountOf(found, part));
  }
}
