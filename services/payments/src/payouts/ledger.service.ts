import { Inject, Injectable } from '@nestjs/common';
import { splitOrder, splitOrderTotal, type HeldSlot, type LedgerEntryDto, type LedgerKind } from '@popote/contracts';
import { Checkout, CheckoutsStore } from '../checkouts/checkout.schema';
import { contributionOfOrder } from '../checkouts/checkout.mapper';
import type { PaymentsConfig } from '../config';
import { insertManyOnce, insertOnce, PLATFORM_CONFIG } from '@popote/platform';
import { LedgerEntry, PayoutsStore } from './payouts.schema';

export interface Balances {
  pending_cents: number;
  available_cents: number;
  advertising_cents: number;
}

const SPLIT_FIELDS = { commission_bp: 1, slots: 1, discounts: 1 } as const;
type SplitFields = Pick<Checkout, 'commission_bp' | 'slots' | 'discounts'>;

interface OrderRef {
  order_id: string;
  checkout_id: string;
  cook_id: string;
  total_cents: number;
}

/**
 * The commission given back when `refundedCents` of an order of `totalCents` is refunded (all of it
 * for a full refund). With a delivery fee (ADR 0044) the commission is on the dishes only, and a
 * refund gives back the dishes first: the fee's part of a refund carries no commission.
 */
export function refundedCommission(totalCents: number, refundedCents: number, rateBp: number, feeCents = 0): number {
  if (refundedCents < 0 || refundedCents > totalCents) throw new Error(`refund out of range: ${refundedCents} of ${totalCents}`);
  const dishes = totalCents - feeCents;
  const dishesRefunded = Math.min(refundedCents, dishes);
  return splitOrderTotal(dishes, rateBp).commission_cents - splitOrderTotal(dishes - dishesRefunded, rateBp).commission_cents;
}

/** The delivery fee of the cook's part of a checkout (0 for a pick-up or an order before delivery existed). */
export const feeOfOrder = (checkout: Pick<Checkout, 'slots'> | null | undefined, cookId: string): number => {
  const slot = (checkout?.slots ?? []).find((s: HeldSlot) => s.cook_id === cookId);
  return slot?.mode === 'delivery' ? (slot.fee_cents ?? 0) : 0;
};

export const toLedgerEntryDto = (e: LedgerEntry): LedgerEntryDto => ({
  entry_id: e._id,
  cook_id: e.cook_id,
  kind: e.kind,
  order_id: e.order_id ?? null,
  payout_id: e.payout_id ?? null,
  campaign_id: e.campaign_id ?? null,
  pending_cents: e.pending_cents,
  available_cents: e.available_cents,
  advertising_cents: e.advertising_cents ?? 0,
  created_at: new Date(e.created_at).toISOString(),
});

/**
 * The cooks' ledger (ADR 0007). Each entry is caused by one event and keyed by it, so applying an
 * event twice, or events out of order, gives the same sums:
 *
 * | event                          | entries (pending, available)                                  |
 * |--------------------------------|---------------------------------------------------------------|
 * | order placed (paid)            | `sale:<o>` (+dishes paid, 0), `platform_contribution:<o>` (+platform's discount, 0), `commission:<o>` (−commission, 0), `delivery_fee:<o>` (+fee, 0) |
 * | order picked up ('Récupérée')  | `release:<o>` (−share, +share)                                |
 * | cancelled before pick-up       | `refund:<o>` (−dishes, 0), `commission_reversal:<o>` (+commission, 0), `delivery_fee_refund:<o>` (−fee, 0) |
 * | refunded after pick-up         | `refund:<o>` (0, −total), `commission_reversal:<o>` (0, +commission) |
 * | part refunded by support       | `refund:<o>` (0, −part), `commission_reversal:<o>` (0, +refundedCommission) |
 * | payout recorded                | `payout:<p>` (0, −amount)                                      |
 * | payout refused by the provider | `payout_failure:<p>` (0, +amount)                              |
 * | transfer reversed (whole/part) | `transfer_reversal:<reversal>` (0, +reversed), kind payout_failure |
 *
 * Advertisements (ADR 0020) use a third column, the budget held for them (pending, available, advertising):
 * `ad_reserve:<c>` (0, −budget, +budget) at start, `ad_spend:<c>:<day>` (0, 0, −spend) per campaign day,
 * `ad_release:<c>` (0, +rest, −rest) when it is closed — so each campaign's advertising column sums to 0.
 *
 * A bank payout of the connected account that fails (`payout.failed`) is no entry: Stripe puts the
 * money back on the connected account's balance, not the platform's.
 * share = total − commission (see splitOrder: no commission on a delivery fee, ADR 0044; the fee entries
 * exist only for a delivery). A refund after a payout leaves the available
 * balance negative: the next payouts wait until sales bring it back above zero (carried).
 */
@Injectable()
export class LedgerService {
  constructor(
    private readonly store: PayoutsStore,
    private readonly checkouts: CheckoutsStore,
    @Inject(PLATFORM_CONFIG) private readonly config: PaymentsConfig,
  ) {}

  /** Inserts the entries that are not there yet (their ids say which event caused them). */
  async append(
    entries: Array<
      Omit<LedgerEntry, 'created_at' | 'order_id' | 'payout_id' | 'campaign_id' | 'advertising_cents' | 'displays'> & Partial<LedgerEntry>
    >,
  ): Promise<number> {
    let added = 0;
    for (const e of entries) {
      const inserted = await insertOnce(() =>
        this.store.ledgerEntries.create({
          order_id: null,
          payout_id: null,
          campaign_id: null,
          advertising_cents: 0,
          displays: null,
          created_at: new Date(),
          ...e,
        }),
      );
      if (inserted) added++;
    }
    return added;
  }

  /**
   * The order's split, with the rate fixed on its checkout when the consumer paid, its delivery fee
   * (ADR 0044) and the platform's contribution (ADR 0045): the commission is on the dishes at their
   * full price when the platform funded the discount, on what the buyer paid when the cook did.
   */
  async split(order: Pick<OrderRef, 'checkout_id' | 'cook_id' | 'total_cents'>) {
    const checkout = await this.checkouts.checkouts.findById(order.checkout_id, SPLIT_FIELDS).lean<Checkout>();
    return this.splitWith(order, checkout);
  }

  private splitWith(order: Pick<OrderRef, 'cook_id' | 'total_cents'>, checkout: SplitFields | null) {
    const fee = feeOfOrder(checkout, order.cook_id);
    const contribution = contributionOfOrder(checkout, order.cook_id);
    const { commission_cents, cook_cents } = splitOrder(
      order.total_cents + contribution,
      fee,
      checkout?.commission_bp ?? this.config.commissionBp,
    );
    return {
      commission_cents,
      cook_cents,
      fee_cents: fee,
      contribution_cents: contribution,
      rate_bp: checkout?.commission_bp ?? this.config.commissionBp,
    };
  }

  private entry(kind: LedgerKind, order: OrderRef, pending: number, available: number) {
    return {
      _id: `${kind}:${order.order_id}`,
      kind,
      cook_id: order.cook_id,
      order_id: order.order_id,
      pending_cents: pending,
      available_cents: available,
    };
  }

  /** `checkout`: the order's checkout when the caller has read it (else read here for its rate and fee). */
  async orderPlaced(order: OrderRef, checkout?: SplitFields | null): Promise<void> {
    const { commission_cents, fee_cents, contribution_cents } =
      checkout !== undefined ? this.splitWith(order, checkout) : await this.split(order);
    await this.appendAll([
      this.entry('sale', order, order.total_cents - fee_cents, 0),
      ...(contribution_cents ? [this.entry('platform_contribution', order, contribution_cents, 0)] : []),
      this.entry('commission', order, -commission_cents, 0),
      ...(fee_cents ? [this.entry('delivery_fee', order, fee_cents, 0)] : []),
    ]);
  }

  /** The same as `append` in one store operation (an unordered insert: the entries already there are left). */
  private async appendAll(
    entries: Pick<LedgerEntry, '_id' | 'kind' | 'cook_id' | 'order_id' | 'pending_cents' | 'available_cents'>[],
  ): Promise<void> {
    await insertManyOnce(
      this.store.ledgerEntries,
      entries.map((e) => ({ payout_id: null, campaign_id: null, advertising_cents: 0, displays: null, created_at: new Date(), ...e })),
    );
  }

  async orderPickedUp(order: OrderRef): Promise<void> {
    const { cook_cents } = await this.split(order);
    await this.append([this.entry('release', order, -cook_cents, cook_cents)]);
  }

  /** Cancelled before pick-up: everything back, the delivery fee included (once: the entries are keyed by the order). */
  async orderCancelled(order: OrderRef): Promise<void> {
    const { commission_cents, fee_cents, contribution_cents } = await this.split(order);
    await this.append([
      this.entry('refund', order, -(order.total_cents - fee_cents), 0),
      ...(contribution_cents ? [this.entry('platform_contribution_reversal', order, -contribution_cents, 0)] : []),
      this.entry('commission_reversal', order, commission_cents, 0),
      ...(fee_cents ? [this.entry('delivery_fee_refund', order, -fee_cents, 0)] : []),
    ]);
  }

  /**
   * `amountCents`: what was refunded (the whole total by default; a part when support refunds one).
   * The commission given back is the commission on the total less the commission on what the buyer
   * kept paying, so the cook's net is exactly that of an order of the kept amount.
   */
  async refundedAfterPickUp(order: OrderRef, amountCents?: number): Promise<void> {
    const { fee_cents: fee, contribution_cents: contribution, rate_bp: rate } = await this.split(order);
    // A cook's refund after a delivery gives back the food; the trip was made (ADR 0044).
    amountCents ??= order.total_cents - fee;
    // All the dishes the buyer paid given back: the platform's contribution goes back too (ADR 0045);
    // a part keeps it, and the commission given back is on the part.
    const whole = amountCents >= order.total_cents - fee;
    const back = whole
      ? refundedCommission(order.total_cents + contribution, order.total_cents + contribution - fee, rate, fee)
      : refundedCommission(order.total_cents + contribution, amountCents, rate, fee);
    await this.append([
      this.entry('refund', order, 0, -amountCents),
      ...(whole && contribution ? [this.entry('platform_contribution_reversal', order, 0, -contribution)] : []),
      this.entry('commission_reversal', order, 0, back),
    ]);
  }

  payoutRecorded(p: { payout_id: string; cook_id: string; amount_cents: number }) {
    return this.payoutEntry(`payout:${p.payout_id}`, 'payout', p, -p.amount_cents);
  }

  payoutFailed(p: { payout_id: string; cook_id: string; amount_cents: number }) {
    return this.payoutEntry(`payout_failure:${p.payout_id}`, 'payout_failure', p, p.amount_cents);
  }

  /** One reversal of a payout's transfer (Stripe's `trr_…`): credits what it reversed, once. */
  transferReversed(r: { reversal_id: string; payout_id: string; cook_id: string; amount_cents: number }) {
    return this.payoutEntry(`transfer_reversal:${r.reversal_id}`, 'payout_failure', r, r.amount_cents);
  }

  /** One entry of a payout, on the available balance only (a debit when recorded, a credit when it comes back). */
  private payoutEntry(id: string, kind: 'payout' | 'payout_failure', p: { payout_id: string; cook_id: string }, available: number) {
    return this.append([{ _id: id, kind, cook_id: p.cook_id, payout_id: p.payout_id, pending_cents: 0, available_cents: available }]);
  }

  /** What came back to the balance for a payout (its refusal, or its transfer's reversals). */
  async creditedBack(cookId: string, payoutId: string): Promise<{ ids: Set<string>; cents: number }> {
    const rows = await this.store.ledgerEntries
      .find({ cook_id: cookId, payout_id: payoutId, kind: 'payout_failure' }, { _id: 1, available_cents: 1 })
      .lean<LedgerEntry[]>();
    return { ids: new Set(rows.map((e) => e._id)), cents: rows.reduce((sum, e) => sum + e.available_cents, 0) };
  }

  /**
   * Sums of the cook's entries (never a stored counter). Summed here over a two-field projection:
   * FerretDB 1.24 answered `$match` + `$group`/`$sum` with zero sums over zero documents.
   */
  async balances(cookId: string): Promise<Balances> {
    const rows = await this.store.ledgerEntries
      .find({ cook_id: cookId }, { _id: 0, pending_cents: 1, available_cents: 1, advertising_cents: 1 })
      .lean<LedgerEntry[]>();
    return rows.reduce(
      (b, e) => ({
        pending_cents: b.pending_cents + e.pending_cents,
        available_cents: b.available_cents + e.available_cents,
        advertising_cents: b.advertising_cents + (e.advertising_cents ?? 0),
      }),
      { pending_cents: 0, available_cents: 0, advertising_cents: 0 },
    );
  }

  async history(cookId: string, limit = 200): Promise<LedgerEntry[]> {
    return this.store.ledgerEntries.find({ cook_id: cookId }).sort({ created_at: -1, _id: 1 }).limit(limit).lean<LedgerEntry[]>();
  }

  /** Cooks with entries, for the scheduled rounds. */
  async cooks(): Promise<string[]> {
    return (await this.store.ledgerEntries.distinct('cook_id')) as string[];
  }
}
