import { euros, type FailedPayoutDto, storyOf, type StoryEntry } from '@popote/contracts';
import type { Checkout, Refund } from '../checkouts/checkout.schema';
import { stateOf } from '../checkouts/checkout-states';
import { toPayoutDto } from '../payouts/payouts.mapper';
import type { Payout } from '../payouts/payouts.schema';
import type { Receipt } from '../receipts/receipt.schema';
import { receiptNumber } from '../receipts/receipts.service';

const REFUND_ORIGIN_LABELS: Record<Refund['origin'], string> = {
  cancelled: 'Remboursement de la commande annulée',
  cook: 'Remboursement par le cuisinier après le retrait',
  support: 'Remboursement par le support',
};

const entry = storyOf('payments');

/**
 * What payments tells of an order: its checkout (created, reserved until, paid, refused or paid too
 * late), its receipt, its refund. From three point reads; no history is stored for it — the states
 * are read off the checkout's fields as the checkout's state machine reads them (checkout-states.ts).
 */
export function paymentsStory(checkout: Checkout | null, receipt: Receipt | null, refund: Refund | null, now = Date.now()): StoryEntry[] {
  const out: StoryEntry[] = [];
  if (checkout) {
    out.push(
      entry(
        checkout.created_at,
        'checkout.created',
        'Paiement préparé, repas réservés',
        `${euros(checkout.amount_cents)} · ${checkout.provider}`,
      ),
    );
    const state = stateOf(checkout, now);
    if (state === 'paid' || state === 'settled')
      out.push(entry(receipt?.issued_at ?? checkout.updated_at, 'payment.succeeded', 'Paiement accepté', checkout.payment_intent_id));
    else if (state === 'refunded_late')
      out.push(
        entry(checkout.updated_at, 'payment.refunded_late', 'Payé après la fin de la réservation : remboursé', checkout.late_refund_id),
      );
    else if (checkout.last_error) out.push(entry(checkout.updated_at, 'payment.failed', 'Paiement refusé', checkout.last_error));
    if (checkout.reconciled_at) out.push(entry(checkout.reconciled_at, 'checkout.reconciled', 'Paiement rapproché des commandes'));
  }
  if (receipt) out.push(entry(receipt.issued_at, 'receipt.issued', `Reçu ${receiptNumber(receipt)} émis`, euros(receipt.total_cents)));
  if (refund) {
    const label = REFUND_ORIGIN_LABELS[refund.origin ?? 'cancelled'];
    const detail = [euros(refund.amount_cents), refund.reason].filter(Boolean).join(' · ');
    out.push(
      refund.status === 'made'
        ? entry(refund.refunded_at!, 'refund.made', label, detail)
        : entry(checkout?.updated_at ?? new Date(now), 'refund.due', `${label} (en attente du prestataire)`, detail),
    );
  }
  return out;
}

/** A failed payout as the console lists it: refused or reversed (money back on the balance), or failed at the cook's bank. */
export const toFailedPayoutDto = (p: Payout): FailedPayoutDto => ({
  ...toPayoutDto(p),
  failure: p.status === 'failed' ? 'refused' : 'bank',
  bank_failure_message: p.bank_failure?.message ?? p.bank_failure?.code ?? null,
});
