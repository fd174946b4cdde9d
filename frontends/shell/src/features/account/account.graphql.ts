/*
 * Typed documents of the account lifecycle, generated from account-lifecycle.graphql.
 * `requestPasswordReset(email)` answers true whether or not the address has an account.
 */
export { DataExportDocument as DATA_EXPORT, RequestDataExportDocument as REQUEST_DATA_EXPORT } from './data-export.generated';
export {
  DeleteAccountDocument as DELETE_ACCOUNT,
  RequestEmailChangeDocument as REQUEST_EMAIL_CHANGE,
  RequestPasswordResetDocument as REQUEST_PASSWORD_RESET,
  ResetPasswordDocument as RESET_PASSWORD,
  VerifyEmailDocument as VERIFY_EMAIL,
} from './account-lifecycle.generated';
