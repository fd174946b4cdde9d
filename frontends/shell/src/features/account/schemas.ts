import { LIMITS } from '@popote/rules';
import { z } from 'zod';
import { accountFr } from '../../i18n/account-texts';

const t = accountFr;
const PASSWORD_MIN = LIMITS.passwordMin;

const email = z.string().trim().min(1, t.emailRequired).pipe(z.email(t.emailInvalid));

export const forgotSchema = z.object({ email });
export type ForgotValues = z.infer<typeof forgotSchema>;

export const resetSchema = z
  .object({
    new_password: z.string().min(1, t.passwordRequired).min(PASSWORD_MIN, t.passwordMin),
    confirm_password: z.string().min(1, t.passwordRequired),
  })
  .refine((v) => v.new_password === v.confirm_password, { message: t.passwordsMismatch, path: ['confirm_password'] });
export type ResetValues = z.infer<typeof resetSchema>;

export const changeEmailSchema = z.object({ new_email: email, current_password: z.string().min(1, t.passwordRequired) });
export type ChangeEmailValues = z.infer<typeof changeEmailSchema>;

export const deleteSchema = z.object({ password: z.string().min(1, t.passwordRequired) });
export type DeleteValues = z.infer<typeof deleteSchema>;
