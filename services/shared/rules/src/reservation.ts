/**
 * What one reservation may hold (docs/checkout.md): without a bound, one account could
 * reserve every portion of 50 cooks, renew it all day and keep them sold out. The catalogue checks
 * it when it reserves (the authority); payments checks what it can before asking.
 */
export const RESERVATION_LIMITS = {
  /** Cooks in one checkout (one order and one pick-up each). */
  cooksMax: 5,
  /** Different dishes in one checkout. */
  linesMax: 20,
  /** Portions of one dish in one checkout, whatever the stock. */
  portionsPerLineMax: 20,
  /** Portions of one dish a reservation may always take, even when that is all that is left (a household's meal). */
  smallStock: 10,
} as const;

/**
 * The most portions of a dish one reservation may hold when `free` are left (its own hold not
 * counted): a small stock whole (a family's meal), half of a larger one, never above the per-line cap.
 */
export function reservablePortions(free: number): number {
  return Math.min(RESERVATION_LIMITS.portionsPerLineMax, Math.max(RESERVATION_LIMITS.smallStock, Math.floor(free / 2)));
}

export const RESERVATION_MESSAGES = {
  tooManyCooks: `Une commande réunit au plus ${RESERVATION_LIMITS.cooksMax} cuisiniers : retirez de votre panier les plats d'un cuisinier.`,
  tooManyLines: `Une commande compte au plus ${RESERVATION_LIMITS.linesMax} plats différents : retirez des plats de votre panier.`,
  tooManyOfOne: `Vous pouvez réserver au plus ${RESERVATION_LIMITS.portionsPerLineMax} portions d'un même plat à la fois.`,
  tooManyPortions: (name: string, max: number) => `${name} : vous pouvez réserver au plus ${max} portions à la fois.`,
} as const;
