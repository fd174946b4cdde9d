import { Inject, Injectable, Logger } from '@nestjs/common';
import { DomainError, normalizeCode, PROMOTION_MESSAGES, type CheckoutDiscount, type CheckoutLine } from '@popote/contracts';
import { DistributedLocks, insertOnce, PLATFORM_CONFIG } from '@popote/platform';
import type { PaymentsConfig } from '../config';
import { discountOf, promotionRefusal, type BasketPart } from '@popote/rules';
import { FIRST_ORDER, PlatformOffer } from './platform-offer.service';
import { partsOf, toDiscount } from './promotions.mapper';
import { bestAutomatic, firstOrderOffer, liveHolds, usesCounted } from './promotions.rules';
import { Promotion, PromotionsStore, type PromotionHold, type PromotionUse } from './promotions.schema';

/** Cooks whose automatic promotions an instance keeps at most (then it starts again). */
const AUTOMATIC_KEPT_MAX = 10_000;

/** Tries of a version-conditional write of a promotion before giving up (each under its lease). */
const WRITE_TRIES = 5;

type Change = { holds?: PromotionHold[]; inc?: Partial<Record<'used' | 'discount_given_cents' | 'sales_cents', number>> } | null;

/**
 * The uses of promotions held and made by checkouts (ADR 0045). Every write of a promotion is made
 * under its lease `promo:<id>` — FerretDB 1.24 runs an update as a read then a write of the whole
 * document, so the lease is what makes one writer — and the uses' changes are also conditional on its
 * version (exact on MongoDB should a lease be lost): a code with N uses gives at most N, whatever the
 * number of buyers and instances.
 */
@Injectable()
export class PromotionHolds {
  private readonly log = new Logger('Promotions');
  private readonly automatic = new Map<string, { at: number; promotions: Promotion[] }>();

  constructor(
    private readonly store: PromotionsStore,
    private readonly locks: DistributedLocks,
    private readonly platformOffer: PlatformOffer,
    @Inject(PLATFORM_CONFIG) private readonly config: PaymentsConfig,
  ) {}

  /** This buyer's paid uses of a promotion (a full refund gave back the others). */
  usesOf(promotionId: string, consumerId: string): Promise<number> {
    return this.store.promotionUses.countDocuments({ promotion_id: promotionId, consumer_id: consumerId, state: 'used' });
  }

  /**
   * The discounts of a new checkout: per cook, the code typed (refused in French when it does not
   * apply) or else the best automatic promotion; then the platform's first-order offer. A limited
   * promotion's use is held until `until` (the reservation's end and the late-payment grace). A
   * refusal gives back what this call held.
   */
  async apply(c: {
    checkout_id: string;
    consumer_id: string;
    lines: readonly CheckoutLine[];
    codes: readonly { cook_id: string; code: string }[];
    until: Date;
    firstOrder: () => Promise<boolean>;
  }): Promise<CheckoutDiscount[]> {
    const parts = partsOf(c.lines);
    const typed = new Map(c.codes.map((k): [string, string] => [k.cook_id, normalizeCode(k.code)]).filter(([, code]) => code !== ''));
    const discounts: CheckoutDiscount[] = [];
    try {
      for (const part of parts) {
        const code = typed.get(part.cook_id) ?? null;
        const chosen = await this.choose(part, code, c.consumer_id);
        if (!chosen) continue;
        if (chosen.promotion.max_uses !== null) {
          // A code refused now refuses the checkout; an automatic promotion whose last use went is left out.
          const held = await this.hold(chosen.promotion, c, part).then(
            () => true,
            (err: unknown) => {
              if (code || !(err instanceof DomainError)) throw err;
              return false;
            },
          );
          if (!held) continue;
        }
        discounts.push(toDiscount(chosen.promotion, part.cook_id, chosen.cents));
      }
      const offer = await this.platformOffer.read();
      if (offer?.state === 'active' && (await c.firstOrder())) {
        const dishes = parts.map((p) => ({
          ...p,
          dishes_cents: p.lines.reduce((n, l) => n + l.unit_price_cents * l.quantity, 0),
          discounted_cents: discounts.find((d) => d.cook_id === p.cook_id)?.cents ?? 0,
        }));
        const given = firstOrderOffer(dishes, { value_cents: offer.value_cents, min_cents: offer.min_basket_cents });
        if (given) discounts.push({ ...FIRST_ORDER, cook_id: given.cook_id, code: null, funder: 'platform', cents: given.cents });
      }
      return discounts;
    } catch (err) {
      await this.release(c.checkout_id, discounts);
      throw err;
    }
  }

  /** The code's promotion (refused when it does not apply), or the best automatic one, or none. */
  private async choose(part: BasketPart, code: string | null, consumerId: string) {
    const now = new Date();
    if (code) {
      const found = await this.store.promotions.findOne({ cook_id: part.cook_id, code }).lean<Promotion>();
      if (!found || found.state === 'stopped') throw new DomainError('VALIDATION_FAILED', PROMOTION_MESSAGES.unknown);
      const mine = await this.usesOf(found._id, consumerId);
      const refusal = promotionRefusal(found, part, { total: usesCounted(found, now.getTime()), mine }, now);
      if (refusal) throw new DomainError('VALIDATION_FAILED', refusal);
      return { promotion: found, cents: discountOf(found, part) };
    }
    const automatic = await this.automaticOf(part.cook_id);
    if (!automatic.length) return null;
    const mine = new Map<string, number>();
    for (const p of automatic) mine.set(p._id, await this.usesOf(p._id, consumerId));
    return bestAutomatic(automatic, part, (p) => ({ total: usesCounted(p, now.getTime()), mine: mine.get(p._id) ?? 0 }), now);
  }

  /**
   * A cook's automatic promotions, kept PROMOTIONS_CACHE_MS per instance (most cooks have none:
   * a checkout does not read it each time); a limited one's use is still decided on the record, under
   * its lease. The instance where the cook changes one forgets its copy at once (`forget`).
   */
  private async automaticOf(cookId: string): Promise<Promotion[]> {
    const now = Date.now();
    const kept = this.automatic.get(cookId);
    if (kept && now - kept.at < this.config.PROMOTIONS_CACHE_MS) return kept.promotions;
    const promotions = await this.store.promotions.find({ cook_id: cookId, auto: true }, { holds: 0 }).lean<Promotion[]>();
    if (this.automatic.size >= AUTOMATIC_KEPT_MAX) this.automatic.clear();
    this.automatic.set(cookId, { at: now, promotions: promotions.map((p) => ({ ...p, holds: [] })) });
    return promotions.map((p) => ({ ...p, holds: [] }));
  }

  /** The cook's promotions changed here: read them again at the next checkout. */
  forget(cookId: string): void {
    this.automatic.delete(cookId);
  }

  /** Holds a use for the checkout: refused (French) when the last one went meanwhile. */
  private async hold(read: Promotion, c: { checkout_id: string; consumer_id: string; until: Date }, part: BasketPart): Promise<void> {
    // A code's record was just read: tried first at its version (read again only if it changed since).
    const known = read.holds === undefined || read.code === null ? undefined : read;
    await this.change(
      read._id,
      (p, now) => {
        const others = liveHolds(p.holds, now).filter((h) => h.checkout_id !== c.checkout_id);
        const refusal = promotionRefusal(p, part, { total: usesCounted({ used: p.used, holds: others }, now), mine: 0 }, new Date(now));
        if (refusal) throw new DomainError('VALIDATION_FAILED', refusal);
        return { holds: [...others, { checkout_id: c.checkout_id, consumer_id: c.consumer_id, until: c.until, paid: false }] };
      },
      known,
    );
  }

  /**
   * The checkout's reservation renewed until `until`: its holds last as long, or are taken again if
   * they lapsed — refused (French) when the last use went meanwhile, as a price that changed.
   */
  async renew(checkoutId: string, consumerId: string, discounts: readonly CheckoutDiscount[], until: Date): Promise<void> {
    for (const d of discounts.filter((x) => x.funder === 'cook')) {
      await this.change(d.promotion_id, (p, now) => {
        if (p.max_uses === null) return null;
        const live = liveHolds(p.holds, now);
        const mine = live.find((h) => h.checkout_id === checkoutId);
        if (!mine && usesCounted({ used: p.used, holds: live }, now) >= p.max_uses)
          throw new DomainError('CONFLICT', PROMOTION_MESSAGES.exhausted);
        const rest = live.filter((h) => h.checkout_id !== checkoutId);
        return { holds: [...rest, { checkout_id: checkoutId, consumer_id: consumerId, until, paid: false }] };
      });
    }
  }

  /** Gives back the uses the checkout held (a declined card, a replaced or failed checkout); paid ones stay. */
  async release(checkoutId: string, discounts: readonly CheckoutDiscount[]): Promise<void> {
    for (const d of discounts.filter((x) => x.funder === 'cook')) {
      await this.change(d.promotion_id, (p, now) => {
        const live = liveHolds(p.holds, now);
        if (!live.some((h) => h.checkout_id === checkoutId && !h.paid)) return null;
        return { holds: live.filter((h) => h.checkout_id !== checkoutId || h.paid) };
      }).catch((err: unknown) =>
        this.log.warn(`checkout ${checkoutId}: use of ${d.promotion_id} not given back (${String(err)}); it lapses`),
      );
    }
  }

  /**
   * The checkout is paid: each promotion counts its use once (a payment event delivered again finds
   * its hold paid, or its use recorded), and the buyer's use is recorded (uses per buyer; the
   * platform's offer too, for its figures).
   */
  async commit(checkout: { _id: string; consumer_id: string; lines: readonly CheckoutLine[]; discounts?: readonly CheckoutDiscount[] }) {
    for (const d of checkout.discounts ?? []) {
      const sales =
        checkout.lines.filter((l) => l.cook_id === d.cook_id).reduce((n, l) => n + l.unit_price_cents * l.quantity, 0) - d.cents;
      const inc = { used: 1, discount_given_cents: d.cents, sales_cents: sales };
      const useId = `${d.promotion_id}|${checkout._id}`;
      const limited = await this.change(d.promotion_id, (p, now) => {
        if (p.max_uses === null) return null;
        const live = liveHolds(p.holds, now);
        const held = live.find((h) => h.checkout_id === checkout._id);
        if (held?.paid) return null;
        // Held, or lapsed (a payment event delivered late): counted now, once (its hold kept paid).
        const until = held?.until ?? new Date(now);
        const rest = live.filter((h) => h.checkout_id !== checkout._id);
        return { holds: [...rest, { checkout_id: checkout._id, consumer_id: checkout.consumer_id, until, paid: true }], inc };
      });
      const recorded = await insertOnce(() =>
        this.store.promotionUses.create({
          _id: useId,
          promotion_id: d.promotion_id,
          consumer_id: checkout.consumer_id,
          checkout_id: checkout._id,
          cook_id: d.cook_id,
          discount_cents: d.cents,
          sales_cents: sales,
          state: 'used',
          at: new Date(),
        }),
      );
      // An unlimited promotion has no holds: its figures count the use recorded first (under its lease,
      // as every write of a promotion: FerretDB writes the whole document).
      if (limited === 'unlimited' && recorded)
        await this.locks.run(`promo:${d.promotion_id}`, () =>
          this.store.promotions.updateOne({ _id: d.promotion_id }, { $inc: { ...inc, version: 1 } }),
        );
    }
  }

  /** A full refund of a cook's part gives its use back, once (the recorded use turns `returned` first). */
  async giveBack(checkoutId: string, discount: CheckoutDiscount): Promise<void> {
    if (discount.funder !== 'cook') return;
    const _id = `${discount.promotion_id}|${checkoutId}`;
    // Under the promotion's lease: FerretDB 1.24 runs an update as a read then a write of the whole
    // document, so two deliveries at once on two instances would both find the use `used`.
    await this.locks.run(`promo:${discount.promotion_id}`, async () => {
      const use = await this.store.promotionUses.findById(_id, { state: 1, discount_cents: 1, sales_cents: 1 }).lean<PromotionUse>();
      if (use?.state !== 'used') return;
      await this.store.promotionUses.updateOne({ _id, state: 'used' }, { $set: { state: 'returned' } });
      await this.store.promotions.updateOne(
        { _id: discount.promotion_id },
        { $inc: { used: -1, discount_given_cents: -use.discount_cents, sales_cents: -use.sales_cents, version: 1 } },
      );
    });
  }

  /**
   * One change of a promotion's uses: read, decide (`decide` returns null for no change, or throws a
   * refusal), write conditional on the version read. 'unlimited' when the promotion has no cap.
   */
  private async change(
    promotionId: string,
    decide: (p: Promotion, now: number) => Change,
    known?: Promotion,
  ): Promise<'changed' | 'unchanged' | 'unlimited'> {
    return this.locks.run(`promo:${promotionId}`, async () => {
      for (let i = 0; i < WRITE_TRIES; i++) {
        const stale = i === 0 && known !== undefined;
        const p = stale ? known : await this.store.promotions.findById(promotionId).lean<Promotion>();
        if (!p) return 'unchanged';
        let change: Change;
        try {
          change = decide({ ...p, holds: p.holds ?? [] }, Date.now());
        } catch (err) {
          if (stale) continue; // refused on what was read before the lease: decided again on the record now
          throw err;
        }
        if (!change) return p.max_uses === null ? 'unlimited' : 'unchanged';
        const written = await this.store.promotions.updateOne(
          { _id: promotionId, version: p.version },
          { ...(change.holds ? { $set: { holds: change.holds } } : {}), $inc: { ...change.inc, version: 1 } },
        );
        if (written.modifiedCount === 1) return 'changed';
      }
      throw new DomainError('CONFLICT', PROMOTION_MESSAGES.busy);
    });
  }
}
