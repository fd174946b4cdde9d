import { frOrders } from '@popote/ui/fr-orders';

const tp = frOrders.promo;

/**
 * An order's or a receipt's discount line (ADR 0045): « Réduction « name » (offerte par le cuisinier) »,
 * or « (offerte par Popote) » for the platform's offer.
 */
export function discountLabel(name: string | null | undefined, funder: string | null | undefined): string {
  const by = funder === 'cook' ? tp.byCook : funder === 'platform' ? tp.byPlatform : null;
  return [name ? tp.line(name) : tp.unnamed, by].filter(Boolean).join(' ');
}
