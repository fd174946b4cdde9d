import { eurosToCents } from '@popote/rules';
import { formatPrice } from '@popote/ui';
import { useCallback, useRef } from 'react';
import { supportFr } from './texts';

const t = supportFr.refund;

/** What payments takes of a refund's or a resend's reason (trimmed; the services check it again). */
export const SUPPORT_REASON_MIN = 3;
export const SUPPORT_REASON_MAX = 500;

/**
 * The amount typed ('6', '6,50', '6.50', '6,50 €') in integer cents, or null when it is not an
 * amount in euros with two decimals at most.
 */
export function refundCents(text: string): number | null {
  const cents = eurosToCents(text);
  return Number.isNaN(cents) ? null : cents;
}

/** The amount's French message, or true: an amount in euros, above zero, at most the order's total. */
export function refundAmountError(text: string, totalCents: number): string | true {
  if (text.trim() === '') return t.amountRequired;
  const cents = refundCents(text);
  if (cents === null) return t.amountInvalid;
  if (cents <= 0) return t.amountZero;
  return cents <= totalCents || t.amountOverTotal(formatPrice(totalCents));
}

/** The refund's reason as payments takes it (3 to 500 characters once trimmed), or its French message. */
export function refundReasonError(value: string): string | true {
  const length = value.trim().length;
  if (length < SUPPORT_REASON_MIN) return t.reasonMin;
  return length <= SUPPORT_REASON_MAX || t.reasonMax;
}

/**
 * The `request_id` of a submission that changes something (a refund, an email sent again): the same
 * while what is sent is the same, so that a retry after a network error, when the first call may have
 * been applied, is the same request for the services (one refund, one copy); a new one for other
 * values, or once `renew` is called after a success (sending again is then a new request).
 */
export function useRequestId() {
  const last = useRef<{ key: string; id: string } | null>(null);
  const idFor = useCallback((key: string): string => {
    if (last.current?.key !== key) last.current = { key, id: crypto.randomUUID() };
    return last.current.id;
  }, []);
  const renew = useCallback(() => {
    last.current = null;
  }, []);
  return { idFor, renew };
}
