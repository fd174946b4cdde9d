import type { AmountLine } from '../../components/amounts';
import { frOrders } from '@popote/ui/fr-orders';
import type { DiscountData } from './graphql/checkout';

const t = frOrders.checkout;
const tp = frOrders.promo;

/** A cook's « Livraison » line of the amounts (« Livraison offerte » from their 'free above' basket). */
export const feeLine = (cookName: string, cents: number): AmountLine =>
  cents > 0 ? { label: t.deliveryLine(cookName), cents } : { label: t.deliveryFreeLine(cookName), cents: 0, tone: 'muted' };

/** Before reserving: « Réduction (name) », what an applied code should take off (the server computes it again). */
export const estimatedDiscountLine = (discount: DiscountData): AmountLine => ({
  label: tp.estimateLine(discount.name),
  cents: -discount.cents,
  tone: 'discount',
});

/** Inside the checkout's amount (ADR 0045): « Réduction « name » » — the cook's promotion, or the platform's offer. */
export const discountLine = (discount: DiscountData): AmountLine => ({
  label: tp.line(discount.name),
  cents: -discount.cents,
  tone: 'discount',
});

export const centsOf = (discounts: readonly DiscountData[]): number => discounts.reduce((sum, d) => sum + d.cents, 0);
