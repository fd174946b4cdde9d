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
