import { describe, expect, it } from 'vitest';
import { RECIPIENT_NAME } from '../mail/emails.service';
import { traderDecisionEmail } from './trader-emails';

describe("the cook's email about their trader details", () => {
  const link = 'https://popote.example/cook/dashboard?onglet=vendeur';

  it('says they can sell once verified, and links to the tab', () => {
    const mail = traderDecisionEmail('verified', null, link);
    expect(mail.subject).toBe('Vos informations de vendeur sont vérifiées');
    expect(mail.text).toContain(`Bonjour ${RECIPIENT_NAME},`);
    expect(mail.text).toContain('vous pouvez mettre vos plats en vente');
    expect(mail.text).toContain(link);
  });

  it("quotes the operator's request when more is asked", () => {
    const mail = traderDecisionEmail('more_info_requested', 'Le récépissé est illisible.', link);
    expect(mail.subject).toBe('Vos informations de vendeur sont à compléter');
    expect(mail.text).toContain('« Le récépissé est illisible. »');
    expect(mail.text).toContain('« Vendeur »');
    expect(mail.text).toContain(link);
  });
});
