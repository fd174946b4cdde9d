import { describe, expect, it } from 'vitest';
import { contactSchema } from './schema';

const firstMessages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
  const byField: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) byField[issue.path.join('.')] ??= issue.message;
  return byField;
};

describe('contact schema', () => {
  it('accepts a complete message and trims it', () => {
    const result = contactSchema.safeParse({
      name: ' Claire ',
      email: ' claire@popote.test ',
      subject: ' Ma commande ',
      message: ' Bonjour ',
    });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({ name: 'Claire', email: 'claire@popote.test', subject: 'Ma commande', message: 'Bonjour' });
  });

  it('requires every field, in French', () => {
    const result = contactSchema.safeParse({ name: ' ', email: '', subject: '', message: '   ' });
    expect(firstMessages(result)).toEqual({
      name: 'Le nom est requis',
      email: "L'email est requis",
      subject: 'Le sujet est requis',
      message: 'Le message est requis',
    });
  });

  it('checks the address and the lengths the server accepts', () => {
    const result = contactSchema.safeParse({
      name: 'n'.repeat(121),
      email: 'pas-une-adresse',
      subject: 's'.repeat(201),
      message: 'm'.repeat(5001),
    });
    expect(firstMessages(result)).toEqual({
      name: '120 caractères au maximum',
      email: 'Adresse email invalide',
      subject: '200 caractères au maximum',
      message: '5000 caractères au maximum',
    });
  });
});
