/*
 * Typed documents of the account lifecycle (issue 18), generated from account-lifecycle.graphql.
 * `requestPasswordReset(email)` answers true whether or not the address has an account.
 */
export {
  DataExportDocument as DATA_EXPORT,
  DeleteAccountDocument as DELETE_ACCOUNT,
  RequestDataExportDocument as REQUEST_DATA_EXPORT,
  RequestEmailChangeDocument as REQUEST_EMAIL_CHANGE,
  RequestPasswordResetDocument as REQUEST_PASSWORD_RESET,
  ResendVerificationEmailDocument as RESEND_VERIFICATION_EMAIL,
  ResetPasswordDocument as RESET_PASSWORD,
  VerifyEmailDocument as VERIFY_EMAIL,
} from '../../generated/graphql';
