import { describe, expect, it } from 'vitest';
import { reportOutcomeEmail, reportReceivedEmail, statementEmail } from './moderation-emails';

const decided = {
  decision_id: 'd-1',
  stage: 'decision' as const,
  action: 'hide_meal' as const,
  outcome: null,
  effect: 'hide_meal' as const,
  target_kind: 'meal' as const,
  target_id: 'm1',
  label: 'Poulet basquaise',
  owner_id: 'cook-1',
  reason: 'food_safety' as const,
  statement: 'Plusieurs malaises signalés après consommation.',
  appeal_until: '2027-06-08T10:00:00.000Z',
  reporters: [],
};

describe('moderation emails (DSA Art. 16, 17, 20)', () => {
  it('acknowledges a report, naming the item and the reason', () => {
    const mail = reportReceivedEmail(null, 'meal', 'Poulet basquaise', 'undeclared_allergens');
    expect(mail.subject).toBe('Nous avons bien reçu votre signalement');
    expect(mail.text).toContain('plat « Poulet basquaise »');
    expect(mail.text).toContain('allergènes non déclarés');
    expect(mail.text.startsWith('Bonjour,')).toBe(true);
  });

  it('states the measure, the grounds, that a person decided, and until when to appeal', () => {
    const mail = statementEmail('Zoé', decided, 'https://popote.test/profile#moderation');
    expect(mail.subject).toBe('Décision concernant votre plat « Poulet basquaise »');
    expect(mail.text).toContain('Mesure prise : Plat retiré de la vente.');
    expect(mail.text).toContain(decided.statement);
    expect(mail.text).toContain('sans traitement automatisé');
    expect(mail.text).toContain("jusqu'au 8 juin 2027");
    expect(mail.text).toContain('https://popote.test/profile#moderation');
  });

  it('offers no appeal when nothing was restricted, and tells the outcome of an appeal', () => {
    const none = statementEmail('Zoé', { ...decided, action: 'no_action', effect: 'none', appeal_until: null }, 'x');
    expect(none.text).not.toContain('recours');
    const reversed = statementEmail('Zoé', { ...decided, stage: 'appeal', outcome: 'reversed', effect: 'restore_meal' }, 'x');
    expect(reversed.subject).toBe('Votre recours a été accepté');
    expect(reversed.text).toContain('votre plat est de nouveau en vente');
    const upheld = statementEmail('Zoé', { ...decided, stage: 'appeal', outcome: 'upheld', effect: 'none' }, 'x');
    expect(upheld.subject).toBe('Votre recours a été rejeté');
  });

  it('tells a reporter what was decided, without naming who decided', () => {
    expect(reportOutcomeEmail('Léa', decided).text).toContain('plat retiré de la vente');
    expect(reportOutcomeEmail(null, { ...decided, action: 'no_action' }).text).toContain("nous n'avons pas retenu de mesure");
  });
});
