import { z } from 'zod';
import { defineRpc } from '../shared/envelope';

/** The operators' French texts (the console shows them as they are). */
export const OPERATOR_MESSAGES = {
  invalidCredentials: 'Email, mot de passe ou code incorrect',
  codeRequired: 'Saisissez le code à 6 chiffres de votre application d’authentification, ou un code de secours',
  codeInvalid: 'Code incorrect ou expiré',
  enrolmentExpired: 'L’activation a expiré : reconnectez-vous pour recommencer',
  sessionExpired: 'Votre session d’opérateur a expiré : reconnectez-vous',
  disabled: 'Ce compte opérateur est désactivé',
  exists: 'Un opérateur existe déjà avec cet email',
  nameRequired: 'Le nom est obligatoire',
  reasonRequired: 'Le motif est obligatoire (il est écrit dans le journal)',
  emailInvalid: 'Adresse email invalide',
  auditActionReserved: 'Cette action est écrite au journal par le service des comptes lui-même',
} as const;

/** What an operator types as a second factor: six digits from their app, or one of their recovery codes. */
const secondFactor = z.string().trim().max(32).optional();
const client = z.object({ ip: z.string().max(64).default('unknown') });

/** An operator session: a short access token for the console only (no refresh: an operator signs in again). */
export const operatorSession = z.object({
  access_token: z.string(),
  expires_at: z.iso.datetime(),
  operator: z.object({ operator_id: z.string(), email: z.string(), name: z.string() }),
});
export type OperatorSession = z.infer<typeof operatorSession>;

/**
 * Signing in: password and code together. `code_required`: the password is right and the account
 * has its second factor — ask for the code. `enrol`: the password is right and the account has no
 * second factor yet — show the secret (and its otpauth link as a QR code), then `confirmEnrolment`.
 */
export const operatorSignInResult = z.discriminatedUnion('step', [
  z.object({ step: z.literal('signed_in'), session: operatorSession, recovery_code_used: z.boolean() }),
  z.object({ step: z.literal('code_required') }),
  z.object({
    step: z.literal('enrol'),
    enrolment_token: z.string(),
    secret: z.string(),
    otpauth_url: z.string(),
  }),
]);

/** The longest reason an operator may give for an action (it goes to the audit log as it is). */
export const AUDIT_REASON_MAX = 1000;

/** The actions' domains identity writes to the log itself: `rpc.identity.operator-record-audit` refuses them. */
export const AUDIT_ACTIONS_OF_IDENTITY = ['operator', 'moderation', 'trader'] as const;

/** One line of the operators' audit log: who did what, when, to what, and why. Never changed, never deleted. */
export const auditEntry = z.object({
  entry_id: z.string(),
  at: z.iso.datetime(),
  operator_id: z.string().nullable(),
  operator_email: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  reason: z.string().nullable(),
});
export type AuditEntryDto = z.infer<typeof auditEntry>;

export const OperatorRpc = {
  signIn: defineRpc(
    'rpc.identity.operator-sign-in',
    z.object({ email: z.string().trim().toLowerCase(), password: z.string(), code: secondFactor, client }),
    operatorSignInResult,
    { callers: ['bff'] },
  ),
  /** The first code from the app proves the secret was saved: the session, and the recovery codes, shown once. */
  confirmEnrolment: defineRpc(
    'rpc.identity.operator-confirm-enrolment',
    z.object({ enrolment_token: z.string().min(1).max(2000), code: z.string().trim().min(1).max(32), client }),
    z.object({ session: operatorSession, recovery_codes: z.array(z.string()) }),
    { callers: ['bff'] },
  ),
  /** The audit log, newest first, a page at a time (`before`: the last entry id of the previous page). */
  audit: defineRpc(
    'rpc.identity.operator-audit',
    z.object({
      operator_id: z.string().min(1),
      before: z.string().max(64).optional(),
      limit: z.number().int().min(1).max(200).default(50),
    }),
    z.object({ entries: z.array(auditEntry), next_before: z.string().nullable() }),
    { callers: ['bff'] },
  ),
  /**
   * One line in the audit log for an operator's action that another service carries out (a dead
   * letter replayed…): written first, so that an action the log cannot record is not done. The
   * operator must still be one (a disabled one is refused). The actions identity writes itself —
   * sign-ins, moderation and trader decisions, `AUDIT_ACTIONS_OF_IDENTITY` — cannot be written here.
   */
  recordAudit: defineRpc(
    'rpc.identity.operator-record-audit',
    z.object({
      operator_id: z.string().min(1),
      /** `<domain>.<verb>` in lowercase (`dead-letter.replay`), the code the console's journal translates. */
      action: z
        .string()
        .max(100)
        .regex(/^[a-z][a-z0-9-]*(\.[a-z0-9_-]+)+$/)
        .refine(
          (action) => !(AUDIT_ACTIONS_OF_IDENTITY as readonly string[]).includes(action.split('.')[0]!),
          OPERATOR_MESSAGES.auditActionReserved,
        ),
      /** `<kind>:<id>` (`dead-letter:cart#12`), or null. */
      target: z.string().trim().min(1).max(300).nullable(),
      reason: z.string().trim().min(1, OPERATOR_MESSAGES.reasonRequired).max(AUDIT_REASON_MAX),
    }),
    z.object({ entry_id: z.string() }),
    { callers: ['bff'] },
  ),
} as const;
