import { eurosToCents } from '@popote/rules';
import { OFFER_REASON_MAX, offerFr as t } from './offer-texts';

/** The bounds the services check (ADR 0045; @popote/contracts `platformOfferInput`), in cents. */
export const OFFER_BOUNDS = {
  value: { min: 100, max: 5_000 },
  minimum: { min: 0, max: 50_000 },
} as const;

/** The amount typed ('5', '7,50', '7.50', '7,50 €') in integer cents, or null when it is not an amount in euros. */
export function offerCents(text: string): number | null {
  const cents = eurosToCents(text);
  return Number.isNaN(cents) ? null : cents;
}

/** An amount of cents as the form shows it: '5' for 500, '7,50' for 750. */
export const centsToEuros = (cents: number): string =>
  cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2).replace('.', ',');

function amountError(text: string, bounds: { min: number; max: number }, outOfBounds: string): string | true {
  const cents = offerCents(text);
  if (cents === null) return t.amountInvalid;
  return (cents >= bounds.min && cents <= bounds.max) || outOfBounds;
}

/** 'Montant offert': 1 to 50 €, or its French message. */
export const offerValueError = (text: string) => amountError(text, OFFER_BOUNDS.value, t.valueBounds);

/** 'Panier minimum': 0 to 500 €, or its French message. */
export const offerMinimumError = (text: string) => amountError(text, OFFER_BOUNDS.minimum, t.minimumBounds);

/** The reason, required (once trimmed) and at most OFFER_REASON_MAX characters, or its French message. */
export function offerReasonError(value: string): string | true {
  const length = value.trim().length;
  if (length === 0) return t.reasonRequired;
  return length <= OFFER_REASON_MAX || t.reasonMax(OFFER_REASON_MAX);
}
