// First: zod's CSP-safe setting, before this module builds a schema.
import '../../zod-config';
import { z } from 'zod';
import { operatorSignInFr } from './texts';

const t = operatorSignInFr.validation;

export const credentialsSchema = z.object({
  email: z.string().trim().min(1, t.emailRequired).pipe(z.email(t.emailInvalid)),
  // Never trimmed: a password is what it is.
  password: z.string().min(1, t.passwordRequired),
});
export type CredentialsValues = z.infer<typeof credentialsSchema>;

/** The app's code: six digits, typed with or without spaces ('123 456'), sent without them. */
export const totpCode = z
  .string()
  .transform((code) => code.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, t.codeInvalid));

/**
 * A recovery code: ten letters and digits (`abcde-12345`), typed with or without the dash or
 * spaces, in either case (identity reads it so: operators.service.ts), sent as typed.
 */
export const recoveryCode = z
  .string()
  .trim()
  .refine((code) => /^[a-z0-9]{10}$/i.test(code.replace(/[\s-]/g, '')), t.recoveryInvalid);

export const codeSchema = z.object({ code: totpCode });
export const recoverySchema = z.object({ code: recoveryCode });
