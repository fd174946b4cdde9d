import { describe, expect, it } from 'vitest';
import { changeEmailSchema, forgotSchema, resetSchema } from './schemas';

describe('account forms', () => {
  it('asks for a valid address before sending a reset link', () => {
    expect(forgotSchema.safeParse({ email: '' }).error?.issues[0]?.message).toBe("L'email est requis");
    expect(forgotSchema.safeParse({ email: 'pas-une-adresse' }).error?.issues[0]?.message).toBe('Adresse email invalide');
    expect(forgotSchema.parse({ email: ' claire@popote.test ' }).email).toBe('claire@popote.test');
  });

  it('wants the new password twice, at least 6 characters', () => {
    expect(resetSchema.safeParse({ new_password: '123', confirm_password: '123' }).error?.issues[0]?.message).toBe(
      'Le mot de passe doit contenir au moins 6 caractères',
    );
    expect(resetSchema.safeParse({ new_password: 'popote456', confirm_password: 'popote457' }).error?.issues[0]?.message).toBe(
      'Les mots de passe ne correspondent pas',
    );
    expect(resetSchema.safeParse({ new_password: 'popote456', confirm_password: 'popote456' }).success).toBe(true);
  });

  it('needs the current password to change the address', () => {
    expect(changeEmailSchema.safeParse({ new_email: 'a@b.fr', current_password: '' }).error?.issues[0]?.message).toBe(
      'Le mot de passe est requis',
    );
  });
});
