// First: zod's CSP-safe setting, before this module builds a schema.
import '../../zod-config';
import { LIMITS } from '@popote/rules';
import { z } from 'zod';
import { frAccount } from '@popote/ui/fr-account';

const t = frAccount.validation;

/** Username at least 3 characters, password at least 6 (identity's rules, @popote/rules). */
export const USERNAME_MIN = LIMITS.usernameMin;
export const USERNAME_MAX = LIMITS.usernameMax;
export const PASSWORD_MIN = LIMITS.passwordMin;

const email = z.string().trim().min(1, t.emailRequired).pipe(z.email(t.emailInvalid));

export const signInSchema = z.object({
  email,
  // Never trimmed: a password is what it is.
  password: z.string().min(1, t.passwordRequired),
});
export type SignInValues = z.infer<typeof signInSchema>;

export const username = z.string().trim().min(1, t.usernameRequired).min(USERNAME_MIN, t.usernameMin).max(USERNAME_MAX, t.usernameMax);

export const signUpSchema = z.object({
  email,
  password: z.string().min(1, t.passwordRequired).min(PASSWORD_MIN, t.passwordMin),
  name: z.string().trim().min(1, t.nameRequired),
  username,
  location: z.string().trim().min(1, t.locationRequired),
  user_type: z.enum(['consumer', 'cook'], { error: t.accountTypeRequired }),
});
export type SignUpValues = z.infer<typeof signUpSchema>;
