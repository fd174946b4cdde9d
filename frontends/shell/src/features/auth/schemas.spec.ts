import { describe, expect, it } from 'vitest';
import { signInSchema, signUpSchema } from './schemas';

/** The first message of each field: what react-hook-form's zod resolver shows (criteriaMode "firstError"). */
const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
  const byField: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) byField[issue.path.join('.')] ??= issue.message;
  return byField;
};

const valid = {
  email: ' claire@popote.test ',
  password: 'popote123',
  name: ' Claire Dubois ',
  username: 'claire',
  location: 'Lyon',
  user_type: 'consumer',
};

describe('sign-up schema', () => {
  it('accepts a complete form and trims text fields (not the password)', () => {
    const result = signUpSchema.safeParse({ ...valid, password: ' secret ' });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ email: 'claire@popote.test', name: 'Claire Dubois', password: ' secret ' });
  });

  it('requires every field, in French', () => {
    const result = signUpSchema.safeParse({ email: '', password: '', name: ' ', username: '', location: '', user_type: undefined });
    expect(messages(result)).toMatchObject({
      email: "L'email est requis",
      password: 'Le mot de passe est requis',
      name: 'Le nom complet est requis',
      username: 'Le pseudo est requis',
      location: 'La localisation est requise',
      user_type: 'Choisissez un type de compte',
    });
  });

  it('applies the spec messages for a short username and a short password', () => {
    const result = signUpSchema.safeParse({ ...valid, username: ' ab ', password: '12345' });
    expect(messages(result)).toEqual({
      username: 'Le pseudo doit contenir au moins 3 caractères',
      password: 'Le mot de passe doit contenir au moins 6 caractères',
    });
  });

  it('rejects an invalid email address', () => {
    expect(messages(signUpSchema.safeParse({ ...valid, email: 'claire@' }))).toEqual({ email: 'Adresse email invalide' });
  });
});

describe('sign-in schema', () => {
  it('only requires an email and a password (no length rule on sign-in)', () => {
    expect(signInSchema.safeParse({ email: 'a@b.fr', password: 'x' }).success).toBe(true);
    expect(messages(signInSchema.safeParse({ email: '', password: '' }))).toEqual({
      email: "L'email est requis",
      password: 'Le mot de passe est requis',
    });
  });
});
