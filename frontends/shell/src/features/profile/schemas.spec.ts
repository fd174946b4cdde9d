import { describe, expect, it } from 'vitest';
import { cookProfileFormValues, cookProfileSchema, passwordSchema, profileSchema, splitList, toProfileInput } from './schemas';

const firstMessages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
  const byField: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) byField[issue.path.join('.')] ??= issue.message;
  return byField;
};

describe('profile form', () => {
  const valid = { name: 'Claire Dubois', username: 'claire', location: 'Lyon', bio: '', avatar_url: '' };

  it('requires the name and the location, and a 3-character username', () => {
    expect(firstMessages(profileSchema.safeParse({ ...valid, name: ' ', location: '', username: 'cl' }))).toEqual({
      name: 'Le nom complet est requis',
      location: 'La localisation est requise',
      username: 'Le pseudo doit contenir au moins 3 caractères',
    });
  });

  it('sends no email and turns an empty avatar URL into null', () => {
    const parsed = profileSchema.parse({ ...valid, avatar_url: '  ' });
    expect(toProfileInput(parsed)).toEqual({ name: 'Claire Dubois', username: 'claire', location: 'Lyon', bio: '', avatar_url: null });
    expect(toProfileInput(profileSchema.parse({ ...valid, avatar_url: 'https://img.test/c.jpg' })).avatar_url).toBe(
      'https://img.test/c.jpg',
    );
  });

  it('accepts the avatar URLs the server accepts, and only those, with its message', () => {
    // The server (identity) refuses plain http and credentials: the form says so before sending.
    for (const avatar_url of [
      'javascript:alert(1)',
      'http://img.test/c.jpg',
      'https://moi:secret@img.test/c.jpg',
      'https://img .test/c.jpg',
    ])
      expect(firstMessages(profileSchema.safeParse({ ...valid, avatar_url })), avatar_url).toEqual({
        avatar_url: "L'adresse de l'image doit être une adresse https:// valide",
      });
    expect(profileSchema.safeParse({ ...valid, avatar_url: 'https://img.test/c.jpg' }).success).toBe(true);
  });
});

describe('password form', () => {
  it('says when the new password and its confirmation differ', () => {
    const result = passwordSchema.safeParse({ current_password: 'popote123', new_password: 'nouveau1', confirm_password: 'nouveau2' });
    expect(firstMessages(result)).toEqual({ confirm_password: 'Les mots de passe ne correspondent pas' });
  });

  it('requires the current password and 6 characters for the new one', () => {
    const result = passwordSchema.safeParse({ current_password: '', new_password: '123', confirm_password: '123' });
    expect(firstMessages(result)).toEqual({
      current_password: 'Le mot de passe actuel est requis',
      new_password: 'Le mot de passe doit contenir au moins 6 caractères',
    });
  });
});

describe('cook profile form', () => {
  it('splits comma-separated lists, trimming and dropping empty and repeated items', () => {
    expect(splitList(' Tajine, couscous ,, Tajine,')).toEqual(['Tajine', 'couscous']);
    expect(splitList('   ')).toEqual([]);
  });

  it('turns the form into the mutation input, experience 0 when empty', () => {
    const values = { ...cookProfileFormValues(null), specialties: 'Marocaine, Libanaise', experience_years: '' };
    expect(cookProfileSchema.parse(values)).toEqual({
      bio: '',
      specialties: ['Marocaine', 'Libanaise'],
      availability_days: [],
      cooking_styles: [],
      certifications: [],
      signature_dishes: [],
      cuisine_types: [],
      awards: [],
      experience_years: 0,
      siret: null,
      vat_regime: '',
    });
  });

  it('takes a SIRET of 14 digits with a valid key (spaces allowed), or none; refuses a wrong one in French', () => {
    const base = cookProfileFormValues(null);
    expect(cookProfileSchema.parse({ ...base, siret: '732 829 320 00074', vat_regime: 'franchise' })).toMatchObject({
      siret: '73282932000074',
      vat_regime: 'franchise',
    });
    for (const siret of ['73282932000075', '1234', '7328293200007A'])
      expect(firstMessages(cookProfileSchema.safeParse({ ...base, siret }))).toEqual({
        siret: 'Le numéro SIRET doit comporter 14 chiffres et être valide (clé de contrôle)',
      });
  });

  it('only accepts a whole, non-negative number of years', () => {
    const message = "Le nombre d'années d'expérience doit être un nombre entier positif ou nul";
    for (const experience_years of ['2.5', '-1', 'beaucoup']) {
      expect(firstMessages(cookProfileSchema.safeParse({ ...cookProfileFormValues(null), experience_years }))).toEqual({
        experience_years: message,
      });
    }
    expect(cookProfileSchema.parse({ ...cookProfileFormValues(null), experience_years: ' 12 ' }).experience_years).toBe(12);
  });

  it('fills the form from a saved profile', () => {
    const values = cookProfileFormValues({
      cook_id: 'c1',
      bio: 'Cuisine du Maghreb',
      specialties: ['Tajine', 'Couscous'],
      availability_days: ['lundi'],
      cooking_styles: [],
      experience_years: 7,
      certifications: [],
      signature_dishes: [],
      cuisine_types: [],
      awards: [],
      rating_average: 4.5,
      total_reviews: 3,
      siret: '73282932000074',
      vat_regime: 'franchise',
    });
    expect(values).toMatchObject({
      bio: 'Cuisine du Maghreb',
      specialties: 'Tajine, Couscous',
      availability_days: 'lundi',
      experience_years: '7',
      siret: '73282932000074',
    });
  });
});
