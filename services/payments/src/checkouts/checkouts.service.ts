import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  CartRpc,
  DomainError,
  PAYMENT_MESSAGES,
  PICKUP_MESSAGES,
  PickupRpc,
  type Actor,
  type CheckoutDiscount,
  type CheckoutDto,
  type DeliveryAddressFields,
  type FulfilmentMode,
} from '@popote/contracts';
import { OutboxRelay, RpcClient, PLATFORM_CONFIG } from '@popote/platform';
import type { PaymentsConfig } from '../config';
import { PAYMENT_PROVIDER, type PaymentProvider, type ProviderEvent } from '../providers/provider';
import { evaluateCard, type CardInput } from '../providers/sandbox.provider';
import { BuyerReservations } from './buyer-reservations';
import { amountOf, announceFailed, announcePaid, cooksOf, reservationOf, sandboxIntentEvent, toCheckoutDto } from './checkout.mapper';
import { Checkout, CheckoutsStore } from './checkout.schema';
import { may, mustAllow, onSuccess, STATE_FIELDS, stateOf } from './checkout-states';
import { RefundsService } from './refunds.service';
import { LATE_PAYMENT_GRACE_MS, mustFitOneReservation, provesPayment, RENEW_MARGIN_MS, reservedFor } from './checkout.rules';
import { ProviderEvents } from '../providers/provider-events';
import { PromotionHolds } from '../promotions/promotion-holds.service';

@Injectable()
export class CheckoutsService {
  private readonly log = new Logger('Checkouts');

  constructor(
    private readonly store: CheckoutsStore,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly rpc: RpcClient,
    private readonly buyers: BuyerReservations,
    private readonly relay: OutboxRelay,
    @Inject(PLATFORM_CONFIG) private readonly config: PaymentsConfig,
    private readonly refunds: RefundsService,
    private readonly providerEvents: ProviderEvents,
    private readonly promotions: PromotionHolds,
  ) {}

  /**
   * Reserve, then pay (docs/checkout.md). The amount is computed here, from the cart and the
   * catalogue's current prices and stock (the cart's checkout checks) — never from the browser. One
   * pick-up slot per cook is required; the catalogue reserves the lines' portions and the slots in
   * one step, or refuses at once in French (stock, slot): then nothing is saved and no card is asked.
   * A buyer has one open checkout: a new one gives the older one's reservation back first.
   */
  async createIntent(
    actor: Actor,
    chosen: { cook_id: string; start: string; mode?: FulfilmentMode }[],
    consumerName = '',
    deliveryAddress: DeliveryAddressFields | null = null,
    promoCodes: readonly { cook_id: string; code: string }[] = [],
  ): Promise<{ checkout: CheckoutDto; client_secret: string; publishable_key: string | null }> {
    // The address matters only to the cooks who deliver (ADR 0044): kept only then.
    const address = chosen.some((c) => c.mode === 'delivery') ? deliveryAddress : null;
    return this.buyers.run(actor.user_id, async (buyer) => {
      buyer.checkCap();
      await this.releaseOpen(buyer.openCheckoutId, buyer.openCookIds);
      const cart = await this.rpc.call(CartRpc.lines, { actor });
      mustFitOneReservation(cart.lines);
      const checkoutId = randomUUID();
      // The catalogue checks the lines (dish there, not the buyer's own, stock, one slot per cook),
      // reserves them and prices them: the amount is computed from its answer.
      const reserved = await buyer.reserve(checkoutId, [...new Set(chosen.map((c) => c.cook_id))], () =>
        this.rpc.call(PickupRpc.reserveCheckout, {
          checkout_id: checkoutId,
          consumer_id: actor.user_id,
          lines: cart.lines,
          slots: chosen,
          delivery_to: address && { postcode: address.postcode, commune_code: address.commune_code },
        }),
      );
      const lines = reserved.lines;
      let discounts: CheckoutDiscount[] = [];
      try {
        // The codes typed and the automatic promotions (ADR 0045), their uses held as long as the
        // reservation and its late-payment grace; a code that does not apply refuses the checkout.
        discounts = await this.promotions.apply({
          checkout_id: checkoutId,
          consumer_id: actor.user_id,
          lines,
          codes: promoCodes,
          until: new Date(new Date(reserved.expires_at).getTime() + LATE_PAYMENT_GRACE_MS),
          firstOrder: () => this.firstOrder(actor.user_id),
        });
        // Dishes and delivery fees as the catalogue priced them (never the browser's figures), less the discounts.
        const amount = amountOf(lines, reserved.slots, discounts);
        // The provider's intent first, so the checkout is written once, with it (a failure after the
        // intent leaves an unused intent at the provider, never a checkout without one).
        const intent = await this.provider.createIntent({ amount_cents: amount, checkout_id: checkoutId, consumer_id: actor.user_id });
        const checkout = await this.store.checkouts.create({
          _id: checkoutId,
          consumer_id: actor.user_id,
          consumer_name: consumerName,
          status: 'requires_payment_method',
          amount_cents: amount,
          lines,
          slots: reserved.slots,
          delivery_address: address && reserved.delivery_city ? { ...address, city: reserved.delivery_city } : null,
          reserved_until: new Date(reserved.expires_at),
          provider: this.provider.name,
          commission_bp: this.config.commissionBp,
          discounts,
          payment_intent_id: intent.id,
          client_secret: intent.client_secret,
        });
        return {
          checkout: toCheckoutDto(checkout.toObject()),
          client_secret: intent.client_secret,
          publishable_key: this.provider.publishableKey,
        };
      } catch (err) {
        // Nothing to pay with: the food, the places and the promotions' uses go back now rather than at expiry.
        await this.promotions.release(checkoutId, discounts);
        await this.release(checkoutId, cooksOf(lines), reserved.expires_at);
        throw err;
      }
    });
  }

  /**
   * The buyer's open checkout, unless paid, is replaced (one open checkout per buyer): its food and
   * places given back if it still held them, the checkout spent, and its provider intent cancelled
   * so that an older tab cannot pay it (a payment that beat the cancel is refunded as a late one).
   */
  private async releaseOpen(checkoutId: string | null, cookIds: string[]): Promise<void> {
    const c = checkoutId
      ? await this.store.checkouts.findById(checkoutId, { ...STATE_FIELDS, lines: 1, payment_intent_id: 1, discounts: 1 }).lean<Checkout>()
      : null;
    // Reserved, but never written: the catalogue answered after payments stopped waiting.
    if (!c && checkoutId && cookIds.length) return this.release(checkoutId, cookIds, null);
    if (!c || !may('replace', c)) return;
    if (stateOf(c) === 'reserved') await this.release(c._id, cooksOf(c.lines), new Date(c.reserved_until!).toISOString());
    await this.promotions.release(c._id, c.discounts ?? []);
    // Under the checkout's lease, as a provider's event: a payment applied meanwhile keeps it paid.
    await this.relay.change(this.store.checkouts, c._id, () =>
      this.store.checkouts.updateOne(
        { _id: c._id, status: { $ne: 'succeeded' }, late_refund_id: null },
        { $set: { reserved_until: null, replaced_at: new Date(), last_error: PAYMENT_MESSAGES.replaced } },
      ),
    );
    if (c.payment_intent_id)
      await this.provider
        .cancelIntent({ payment_intent_id: c.payment_intent_id })
        .catch((err: unknown) => this.log.warn(`checkout ${c._id}: intent not cancelled (${String(err)}); a late payment is refunded`));
  }

  /** Gives a reservation back (only the one that ends at `until`); if the catalogue does not answer, it expires by itself. */
  private async release(checkoutId: string, cookIds: string[], until: string | null): Promise<void> {
    await this.rpc
      .call(PickupRpc.releaseReservation, { checkout_id: checkoutId, cook_ids: cookIds, expires_at: until })
      .catch((err: unknown) => this.log.warn(`checkout ${checkoutId}: reservation not given back (${String(err)}); it expires by itself`));
  }

  /**
   * The reservation expired, or was given back after a declined card: reserve the same checkout
   * again (same lines, same slots) — refused in French if the food or the place went meanwhile.
   */
  async renew(actor: Actor, checkoutId: string): Promise<CheckoutDto> {
    const checkout = mustAllow('renew', await this.owned(actor, checkoutId));
    return toCheckoutDto(await this.ensureReserved(checkout, 0));
  }

  /**
   * The checkout, reserved for at least `marginMs` more. When not, it is reserved again under the
   * buyer's lock: the buyer's other open checkout gives its food back first, and the renewal counts
   * towards the buyer's cap.
   */
  private async ensureReserved(checkout: Checkout, marginMs: number): Promise<Checkout> {
    const fresh = (c: Pick<Checkout, 'reserved_until'>) => reservedFor(c, marginMs);
    if (fresh(checkout)) return checkout;
    return this.buyers.run(checkout.consumer_id, async (buyer) => {
      const now = await this.store.checkouts.findById(checkout._id, { reserved_until: 1, slots: 1 }).lean<Checkout>();
      if (now && fresh(now)) return { ...checkout, reserved_until: now.reserved_until, slots: now.slots };
      buyer.checkCap();
      if (buyer.openCheckoutId !== checkout._id) await this.releaseOpen(buyer.openCheckoutId, buyer.openCookIds);
      const reserved = await buyer.reserve(checkout._id, cooksOf(checkout.lines), () =>
        this.rpc.call(PickupRpc.reserveCheckout, reservationOf(checkout)),
      );
      // The same lines at the prices of today: a checkout is paid at the amount it shows, never at
      // an older price (the cook changed it meanwhile): refused, the reservation given back at once.
      if (amountOf(reserved.lines, reserved.slots, checkout.discounts) !== checkout.amount_cents) {
        await this.release(checkout._id, cooksOf(checkout.lines), reserved.expires_at);
        throw new DomainError('CONFLICT', PAYMENT_MESSAGES.pricesChanged);
      }
      const until = new Date(reserved.expires_at);
      // The promotions' uses held as long (refused when the last one went while it had lapsed).
      await this.promotions
        .renew(checkout._id, checkout.consumer_id, checkout.discounts ?? [], new Date(until.getTime() + LATE_PAYMENT_GRACE_MS))
        .catch(async (err: unknown) => {
          await this.release(checkout._id, cooksOf(checkout.lines), reserved.expires_at);
          throw err;
        });
      await this.store.checkouts.updateOne({ _id: checkout._id }, { $set: { reserved_until: until, slots: reserved.slots } });
      return { ...checkout, reserved_until: until, slots: reserved.slots };
    });
  }

  /**
   * The buyer changes one cook's slot before paying (ADR 0024): the catalogue takes the new slot's
   * place and gives the old one back in one step (the portions stay reserved, the expiry unchanged);
   * the checkout then shows the new slot. If the payment went through meanwhile, the order keeps the
   * slot it was paid with and the buyer is told the slot can no longer change here.
   */
  async changeSlot(
    actor: Actor,
    checkoutId: string,
    chosen: { cook_id: string; start: string; mode?: FulfilmentMode },
  ): Promise<CheckoutDto> {
    const checkout = mustAllow('change_slot', await this.owned(actor, checkoutId));
    if (!checkout.lines.some((l) => l.cook_id === chosen.cook_id))
      throw new DomainError('VALIDATION_FAILED', PICKUP_MESSAGES.slotNotInCart);
    // Another slot of the same mode only: a change of mode changes the amount (the fee), so it is a new checkout.
    const held = (checkout.slots ?? []).find((s) => s.cook_id === chosen.cook_id);
    if ((held?.mode ?? 'pickup') !== (chosen.mode ?? 'pickup'))
      throw new DomainError('VALIDATION_FAILED', PICKUP_MESSAGES.modeChangeNotAllowed);
    const { slot } = await this.rpc.call(PickupRpc.changeHeldSlot, {
      checkout_id: checkoutId,
      cook_id: chosen.cook_id,
      start: chosen.start,
    });
    const paid = await this.relay.change(this.store.checkouts, checkoutId, async () => {
      const doc = await this.store.checkouts.findById(checkoutId, { ...STATE_FIELDS, slots: 1 }).lean<Checkout>();
      if (!doc || !may('change_slot', doc)) return true;
      const slots = [...(doc.slots ?? []).filter((s) => s.cook_id !== chosen.cook_id), slot];
      await this.store.checkouts.updateOne({ _id: checkoutId }, { $set: { slots } });
      return false;
    });
    if (paid) throw new DomainError('VALIDATION_FAILED', PICKUP_MESSAGES.changeNotAllowed);
    return toCheckoutDto(await this.owned(actor, checkoutId));
  }

  private async owned(actor: Actor, checkoutId: string): Promise<Checkout> {
    const c = await this.store.checkouts.findOne({ _id: checkoutId, consumer_id: actor.user_id }, { _outbox: 0 }).lean<Checkout>();
    if (!c) throw new DomainError('NOT_FOUND', PAYMENT_MESSAGES.invalidData);
    return c;
  }

  async get(actor: Actor, checkoutId: string): Promise<CheckoutDto | null> {
    const c = await this.store.checkouts.findOne({ _id: checkoutId, consumer_id: actor.user_id }, { _outbox: 0 }).lean<Checkout>();
    return c ? toCheckoutDto(c) : null;
  }

  /**
   * The offline provider's card confirmation. Its outcome goes through the same path as a
   * Stripe webhook (`applyIntentEvent`), so orders are created from the provider's word only.
   */
  async confirmSandbox(actor: Actor, checkoutId: string, card: CardInput): Promise<CheckoutDto> {
    if (this.provider.name !== 'sandbox') throw new DomainError('FORBIDDEN', PAYMENT_MESSAGES.paymentError);
    const checkout = await this.ensureReserved(mustAllow('renew', await this.owned(actor, checkoutId)), RENEW_MARGIN_MS);
    const outcome = evaluateCard(card);
    let applied: Checkout | null = null;
    // Straight to the checkout's step: this event's id is new (never delivered again), so the record
    // of applied provider events (`applyOnce`, 2 store operations) would never find it; the checkout's
    // state makes the step idempotent anyway (a paid checkout is not paid twice).
    await this.applyIntentEvent(sandboxIntentEvent(checkout, outcome), (saved) => (applied = saved));
    // The checkout as the step saved it (read again only when the step changed nothing).
    return toCheckoutDto(applied ?? (await this.owned(actor, checkoutId)));
  }

  /**
   * Applies a provider event once (applyOnce); success and failure are announced from here. The
   * effect is idempotent (a succeeded checkout is not paid twice; order ids are derived).
   * `saved` receives the checkout as written, when the event changed it.
   */
  applyProviderEvent(event: ProviderEvent, saved?: (checkout: Checkout) => void): Promise<'applied' | 'duplicate' | 'ignored'> {
    return this.providerEvents.applyOnce(event, (e) => this.applyIntentEvent(e, saved));
  }

  private async applyIntentEvent(event: ProviderEvent, saved?: (checkout: Checkout) => void): Promise<'applied' | 'ignored'> {
    const intent = event.data.object;
    const checkoutId = intent.metadata?.checkout_id;
    if (!checkoutId || !['payment_intent.succeeded', 'payment_intent.payment_failed'].includes(event.type)) return 'ignored';
    let outcome: 'applied' | 'ignored' = 'ignored';
    let giveBack: { cook_ids: string[]; until: string | null } | null = null;
    let late: { intent: string; amount: number } | null = null;
    let releasedDiscounts: CheckoutDiscount[] = [];
    await this.relay.change(this.store.checkouts, checkoutId, async () => {
      const checkout = await this.store.checkouts.findById(checkoutId);
      if (!checkout) return;
      if (event.type === 'payment_intent.succeeded') {
        // No amount, another amount or another intent is no proof of payment: refused, no orders.
        if (!provesPayment(intent, checkout)) {
          this.log.error(`checkout ${checkoutId}: paid ${String(intent.amount)} but owes ${checkout.amount_cents}; not creating orders`);
          return;
        }
        // Paid already or refunded already: nothing. Paid after the reservation ended (or was given
        // back): refunded below, no orders.
        const step = onSuccess(checkout, event.created ? event.created * 1000 : Date.now(), LATE_PAYMENT_GRACE_MS);
        if (step === 'none') return;
        if (step === 'pay_late') {
          late = { intent: intent.id, amount: intent.amount };
          return;
        }
        // The promotions' uses counted once (before the checkout says paid: a crash in between counts
        // nothing twice when the event comes again).
        await this.promotions.commit(checkout);
        checkout.status = 'succeeded';
        checkout.reconcile_pending = true;
        // First looked at by the reconciliation sweep then (ReconciliationService: due ones only).
        checkout.reconcile_next_at = new Date(Date.now() + this.config.RECONCILE_AFTER_MS);
        checkout.last_error = null;
        announcePaid(checkout, intent.id);
      } else {
        if (!may('decline', checkout)) return; // paid, or refunded for a late payment: a stray failure changes nothing
        checkout.last_error = intent.last_payment_error?.message ?? PAYMENT_MESSAGES.paymentError;
        announceFailed(checkout, checkout.last_error);
        // The food and the places go back at once (a retry with another card reserves them again).
        if (checkout.reserved_until)
          giveBack = { cook_ids: cooksOf(checkout.lines), until: new Date(checkout.reserved_until).toISOString() };
        releasedDiscounts = checkout.discounts ?? [];
        checkout.reserved_until = null;
      }
      await checkout.save();
      saved?.(checkout.toObject());
      outcome = 'applied';
    });
    const back = giveBack as { cook_ids: string[]; until: string | null } | null;
    if (back) await this.release(checkoutId, back.cook_ids, back.until);
    await this.promotions.release(checkoutId, releasedDiscounts);
    const tooLate = late as { intent: string; amount: number } | null;
    if (tooLate) return this.refunds.refundLate(checkoutId, tooLate, saved);
    return outcome;
  }

  /**
   * A paid checkout whose orders are missing (its payment-succeeded was lost or dead-lettered) is
   * announced again: ordering creates the missing orders (their ids derive from checkout and cook).
   */
  /** Whether the buyer has never paid a checkout (the platform's first-order offer, ADR 0045). */
  private async firstOrder(consumerId: string): Promise<boolean> {
    return !(await this.store.checkouts.exists({ consumer_id: consumerId, status: 'succeeded' }));
  }

  async reannounce(checkoutId: string): Promise<void> {
    await this.relay.change(this.store.checkouts, checkoutId, async () => {
      const checkout = await this.store.checkouts.findById(checkoutId);
      if (!checkout || !may('reannounce', checkout)) return;
      announcePaid(checkout, checkout.payment_intent_id ?? '');
      await checkout.save();
    });
  }
}
