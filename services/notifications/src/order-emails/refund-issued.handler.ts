import { Injectable } from '@nestjs/common';
import { euros, PaymentsEvents } from '@popote/contracts';
import { EventHandler } from '@popote/platform';
import type { z } from 'zod';
import { RECIPIENT_NAME } from '../mail/emails.service';
import { BuyerEmailHandler } from './buyer-email.handler';

type RefundIssued = z.infer<typeof PaymentsEvents.refundIssued.schema>;

/**
 * The buyer's email for a refund made after pick-up, by the cook or by support (ADR 0043): how much,
 * and support's reason. A cancellation's refund sends nothing here: the cancellation's own email says
 * the order is refunded. Events published before they carried the buyer send nothing.
 */
export function refundEmail(name: string, data: RefundIssued): { subject: string; text: string } | null {
  if (data.origin !== 'cook' && data.origin !== 'support') return null;
  const n = data.order_id.slice(-8);
  const why = data.reason ? `\n\nMotif : ${data.reason}` : '';
  return {
    subject: `Remboursement de ${euros(data.amount_cents)} pour votre commande n° ${n}`,
    text:
      `Bonjour ${name},\n\nNous vous remboursons ${euros(data.amount_cents)} pour votre commande n° ${n}, ` +
      `sur le moyen de paiement utilisé. Le montant apparaît sur votre compte sous quelques jours ouvrés.${why}\n\nL'équipe Popote`,
  };
}

/** Once per event (the email's id is the event's and the buyer's). */
@Injectable()
@EventHandler(PaymentsEvents.refundIssued, { idempotent: true })
export class RefundIssuedHandler extends BuyerEmailHandler<RefundIssued & { consumer_id: string }> {
  protected readonly mail = (d: RefundIssued) => (d.consumer_id ? refundEmail(RECIPIENT_NAME, d) : null);
}
