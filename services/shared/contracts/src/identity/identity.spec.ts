import { describe, expect, it } from 'vitest';
import { profileInput } from './identity';

const profile = (avatar_url: unknown) => profileInput.safeParse({ name: 'A', username: 'abc', location: 'Lyon', avatar_url });

describe('profile avatar_url', () => {
  it('accepts an https picture, or none', () => {
    expect(profile('https://images.example.org/me.jpg').data?.avatar_url).toBe('https://images.example.org/me.jpg');
    expect(profile('').data?.avatar_url).toBeNull();
    expect(profile(null).data?.avatar_url).toBeNull();
  });
  it('refuses scripts, data, plain http and credentials, in French', () => {
    for (const url of [
      'javascript:alert(1)',
      'data:image/svg+xml,<svg onload=alert(1)>',
      'http://x.fr/a.jpg',
      'https://user:pw@x.fr/a.jpg',
      'https://x.fr/a b.jpg',
    ]) {
      const r = profile(url);
      expect(r.success, url).toBe(false);
      expect(r.error!.issues[0]!.message).toBe("L'adresse de l'image doit être une adresse https:// valide");
    }
  });
  it('refuses an address longer than the limit, saying so in French', () => {
    const r = profile(`https://x.fr/${'a'.repeat(600)}`);
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toBe('Ce champ ne doit pas dépasser 500 caractères');
  });
});

describe('SIRET and VAT status of a cook profile', () => {
  it('accepts a 14-digit SIRET with a valid Luhn key, spaces allowed, and stores the digits', async () => {
    const { cookProfileInput } = await import('./identity');
    const { isValidSiret } = await import('../shared/enums');
    expect(isValidSiret('73282932000074')).toBe(true);
    expect(cookProfileInput.parse({ siret: '732 829 320 00074' }).siret).toBe('73282932000074');
    expect(cookProfileInput.parse({}).siret).toBeNull();
    expect(cookProfileInput.parse({ siret: '  ' }).siret).toBeNull();
    // La Poste's establishments follow their own rule (sum of digits multiple of 5).
    expect(isValidSiret('35600000000015')).toBe(true);
  });
  it('refuses a wrong key, letters or another length, in French', async () => {
    const { cookProfileInput, IDENTITY_MESSAGES } = await import('./identity');
    for (const siret of ['73282932000075', '7328293200007', '7328293200007A', '732829320000740']) {
      const result = cookProfileInput.safeParse({ siret });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(IDENTITY_MESSAGES.siretInvalid);
    }
  });
  it('takes the VAT status from the fixed list only', async () => {
    const { cookProfileInput } = await import('./identity');
    expect(cookProfileInput.parse({ vat_regime: 'franchise' }).vat_regime).toBe('franchise');
    expect(cookProfileInput.parse({}).vat_regime).toBe('');
    expect(cookProfileInput.safeParse({ vat_regime: '19.6' }).success).toBe(false);
  });
});
