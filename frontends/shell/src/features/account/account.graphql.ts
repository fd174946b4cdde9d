/*
 * Typed documents of the account lifecycle (issue 18), generated from account-lifecycle.graphql.
 * `requestPasswordReset(email)` answers true whether or not the address has an account.
 */
export {
  DeleteAccountDocument as DELETE_ACCOUNT,
  RequestEmailChangeDocument as REQUEST_EMAIL_CHANGE,
  RequestPasswordResetDocument as REQUEST_PASSWORD_RESET,
  ResendVerificationEmailDocument as RESEND_VERIFICATION_EMAIL,
  ResetPasswordDocument as RESET_PASSWORD,
  VerifyEmailDocument as VERIFY_EMAIL,
} from '../../generated/graphql';

/** The ZIP of 'Télécharger mes données', served by the BFF behind the shell's /media proxy. */
export const EXPORT_URL = '/media/account/mes-donnees-popote.zip';
