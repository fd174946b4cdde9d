import { describe, expect, it } from 'vitest';
import { refundEmail } from './refund-issued.handler';

const base = { refund_id: 're_1', order_id: '0123456789abcdef01234567', checkout_id: 'c1', amount_cents: 600, consumer_id: 'u1' };

describe('refundEmail', () => {
  it("tells the buyer support's refund, its amount and reason", () => {
    const mail = refundEmail('Camille', { ...base, origin: 'support', reason: 'Une part manquante' })!;
    expect(mail.subject).toBe('Remboursement de 6,00 € pour votre commande n° 01234567');
    expect(mail.text).toContain('Bonjour Camille');
    expect(mail.text).toContain('Motif : Une part manquante');
  });

  it("tells a cook's refund without a reason line", () => {
    expect(refundEmail('Camille', { ...base, origin: 'cook', reason: null })!.text).not.toContain('Motif');
  });

  it('sends nothing for a cancellation (its own email says it) nor an event without its origin', () => {
    expect(refundEmail('Camille', { ...base, origin: 'cancelled' })).toBeNull();
    expect(refundEmail('Camille', base)).toBeNull();
  });
});
