import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { accountEmail, orderPlacedEmail } from '../mail/templates';
import { REDACTED, redactSecrets } from './redact';

describe('redactSecrets: emails as a data export shows them', () => {
  it('takes the token out of every account link, keeping the rest of the text', () => {
    for (const [kind, path] of [
      ['verify', '/verify-email'],
      ['reset', '/reset-password'],
      ['email-change', '/verify-email'],
    ] as const) {
      const token = randomBytes(32).toString('base64url');
      const link = `https://popote.example${path}?token=${encodeURIComponent(token)}`;
      const mail = accountEmail(kind, 'Zoé', link, 'nouvelle@popote.test');
      const shown = redactSecrets(mail.text);
      expect(shown, kind).not.toContain(token);
      expect(shown, kind).toContain(`https://popote.example${path}?token=${REDACTED}`);
      expect(shown.replace(`?token=${REDACTED}`, '')).toBe(mail.text.replace(`?token=${encodeURIComponent(token)}`, ''));
    }
  });

  it('also takes token-like values under any name, in the query or the fragment, and leaves ordinary links alone', () => {
    const secret = randomBytes(24).toString('hex');
    const text = [
      `Ouvrez https://x.example/a?lang=fr&t=${secret}&page=2 pour continuer.`,
      `Ou (https://x.example/b#access_token=${secret}).`,
      `Code : https://x.example/c?otp=123456`,
      `Reçu : https://popote.example/orders/0123456789abcdef/receipt`,
      `Filtre : https://popote.example/meals?near=69381&radius=5`,
    ].join('\n');
    const shown = redactSecrets(text);
    expect(shown).not.toContain(secret);
    expect(shown).toContain(`https://x.example/a?lang=fr&t=${REDACTED}&page=2 pour continuer.`);
    expect(shown).toContain(`https://x.example/b#access_token=${REDACTED}).`);
    expect(shown).toContain(`https://x.example/c?otp=${REDACTED}`);
    expect(shown).toContain('https://popote.example/orders/0123456789abcdef/receipt');
    expect(shown).toContain('https://popote.example/meals?near=69381&radius=5');
  });

  it('keeps order emails as they were (no secret in them)', () => {
    const mail = orderPlacedEmail(
      'Claire',
      '0123456789abcdef',
      1200,
      [{ quantity: 1, name: 'Tarte' }],
      'amina',
      null,
      'https://popote.example/orders/0123456789abcdef/receipt',
    );
    expect(redactSecrets(mail.text)).toBe(mail.text);
  });
});
