import { describe, expect, it } from 'vitest';
import { accountEmail, newOrderEmail, orderPlacedEmail, pickupReminderEmail, slotMovedEmail, statusEmail } from './templates';

const items = [
  { quantity: 2, name: 'Tajine de poulet aux citrons confits' },
  { quantity: 1, name: 'Tarte au chocolat' },
];

describe('order emails', () => {
  it("lists each dish by name in the cook's new-order email", () => {
    const mail = newOrderEmail('Amina Benali', '0123456789abcdef', 3800, items);
    expect(mail.subject).toBe('Nouvelle commande n° 89abcdef');
    expect(mail.text).toContain('Bonjour Amina Benali,');
    expect(mail.text).toContain('- 2 × Tajine de poulet aux citrons confits\n- 1 × Tarte au chocolat\n');
    expect(mail.text).toMatch(/38,00\s€/);
    expect(mail.text).not.toContain('× plat');
  });

  it('confirms the order to the consumer: number, total, dishes, cook, pick-up, what comes next', () => {
    const mail = orderPlacedEmail('Claire Lefèvre', '0123456789abcdef', 3800, items, 'amina_cuisine');
    expect(mail.subject).toBe('Commande n° 89abcdef enregistrée');
    expect(mail.text).toContain('Bonjour Claire Lefèvre,');
    expect(mail.text).toMatch(/commande n° 89abcdef \(38,00\s€\)/);
    expect(mail.text).toContain('- 2 × Tajine de poulet aux citrons confits\n- 1 × Tarte au chocolat\n');
    expect(mail.text).toContain('Cuisinier : amina_cuisine\nRetrait : chez le cuisinier');
    expect(mail.text).toContain('« Mes commandes »');
    expect(orderPlacedEmail('Claire', 'abcdefgh', 100, items, null).text).not.toContain('Cuisinier :');
  });

  it("tells the buyer their order's slot was moved", () => {
    const mail = slotMovedEmail('Claire', '0123456789abcdef', 'amina_cuisine', {
      start: '2026-10-25T17:00:00.000Z',
      end: '2026-10-25T17:30:00.000Z',
    });
    expect(mail.subject).toBe('Nouveau créneau de retrait pour votre commande n° 89abcdef');
    expect(mail.text).toContain('amina_cuisine a déplacé le retrait de votre commande n° 89abcdef : dimanche 25 octobre, 18:00–18:30');
  });

  it('reminds the buyer of the slot an hour before', () => {
    const mail = pickupReminderEmail('Claire', '0123456789abcdef', 'amina_cuisine', {
      start: '2026-01-13T17:00:00.000Z',
      end: '2026-01-13T17:30:00.000Z',
    });
    expect(mail.subject).toBe('Rappel : retrait de votre commande n° 89abcdef dans une heure');
    expect(mail.text).toContain('chez amina_cuisine : mardi 13 janvier, 18:00–18:30 (heure de Paris)');
  });

  it('names the pick-up slot in Paris time, to the consumer and to the cook', () => {
    const slot = { start: '2026-06-16T16:00:00.000Z', end: '2026-06-16T16:30:00.000Z' };
    const mail = orderPlacedEmail('Claire', '0123456789abcdef', 3800, items, 'amina_cuisine', slot);
    expect(mail.text).toContain('Retrait : mardi 16 juin, 18:00–18:30 (heure de Paris), chez le cuisinier.');
    expect(mail.text).toContain("L'adresse exacte s'affiche dans « Mes commandes » dès qu'il a confirmé la commande.");
    expect(newOrderEmail('Amina', '0123456789abcdef', 3800, items, slot).text).toContain('Retrait prévu : mardi 16 juin, 18:00–18:30');
  });

  it('says "plat" only for a dish whose name an old event did not carry', () => {
    expect(newOrderEmail('Mei', 'abcdefgh', 1300, [{ quantity: 1 }]).text).toContain('- 1 × plat\n');
  });

  it('emails the consumer on confirmation, readiness and cancellation only', () => {
    expect(statusEmail('Claire', '0123456789abcdef', 'ready')?.subject).toBe('Commande n° 89abcdef prête à être retirée');
    expect(statusEmail('Claire', '0123456789abcdef', 'preparing')).toBeNull();
  });

  it('words a delivery’s emails for a delivery, never with the buyer’s address (ADR 0044)', () => {
    const slot = { start: '2026-12-11T18:00:00.000Z', end: '2026-12-11T18:30:00.000Z' };
    expect(statusEmail('Claire', '0123456789abcdef', 'ready', 'delivery')).toMatchObject({
      subject: 'Commande n° 89abcdef en cours de livraison',
      text: expect.stringContaining('est en route'),
    });
    expect(statusEmail('Claire', '0123456789abcdef', 'confirmed', 'delivery')?.text).toContain("dès qu'elle sera en route");
    const cook = newOrderEmail('Mei', 'abcdefgh', 2450, [{ quantity: 2, name: 'Tajine' }], slot, 'delivery');
    expect(cook.text).toContain('Livraison prévue : vendredi 11 décembre, 19:00–19:30');
    const buyer = orderPlacedEmail('Claire', 'abcdefgh', 2450, [{ quantity: 2, name: 'Tajine' }], 'mei', slot, undefined, 'delivery');
    expect(buyer.text).toContain('Livraison par le cuisinier : vendredi 11 décembre, 19:00–19:30');
    expect(buyer.text).not.toContain('Retrait');
    expect(pickupReminderEmail('Claire', 'abcdefgh', 'Mei', slot, 'delivery').subject).toBe(
      'Rappel : livraison de votre commande n° abcdefgh dans une heure',
    );
    expect(slotMovedEmail('Claire', 'abcdefgh', 'Mei', slot, 'delivery').subject).toBe(
      'Nouveau créneau de livraison pour votre commande n° abcdefgh',
    );
  });
  it('links the order confirmation to its receipt', () => {
    const mail = orderPlacedEmail(
      'Claire',
      'abcdefgh',
      100,
      [{ quantity: 1, name: 'Tajine' }],
      'amina',
      null,
      'https://popote.fr/orders/abcdefgh/receipt',
    );
    expect(mail.text).toContain('Votre reçu (vendeur, détail, PDF) : https://popote.fr/orders/abcdefgh/receipt');
  });
});

describe('account emails', () => {
  it('says what each link does, how long it lasts, and carries it', () => {
    const link = 'https://popote.fr/reset-password?token=abc';
    const reset = accountEmail('reset', 'Claire', link);
    expect(reset.subject).toBe('Réinitialisation de votre mot de passe');
    expect(reset.text).toContain(link);
    expect(reset.text).toContain('30 minutes');
    expect(accountEmail('verify', 'Claire', link).text).toContain('48 heures');
    expect(accountEmail('email-change', 'Claire', link).subject).toBe('Confirmez votre nouvelle adresse email');
  });

  it('tells the old address which new address was asked, without a link', () => {
    const notice = accountEmail('email-change-notice', 'Claire', null, 'nouvelle@popote.test');
    expect(notice.text).toContain('nouvelle@popote.test');
    expect(notice.text).not.toMatch(/token=/);
  });
});
