import { gql, type TypedDocumentNode } from '@apollo/client';

/** BFF (issue 18): `requestPasswordReset(email)` answers true whether or not the address has an account. */
export const REQUEST_PASSWORD_RESET: TypedDocumentNode<{ requestPasswordReset: boolean }, { email: string }> = gql`
  mutation RequestPasswordReset($email: String!) {
    requestPasswordReset(email: $email)
  }
`;

export const RESET_PASSWORD: TypedDocumentNode<
  { resetPassword: boolean },
  { input: { token: string; new_password: string; confirm_password: string } }
> = gql`
  mutation ResetPassword($input: ResetPasswordInput!) {
    resetPassword(input: $input)
  }
`;

export const VERIFY_EMAIL: TypedDocumentNode<{ verifyEmail: { email: string; purpose: string } }, { token: string }> = gql`
  mutation VerifyEmail($token: String!) {
    verifyEmail(token: $token) {
      email
      purpose
    }
  }
`;

export const RESEND_VERIFICATION_EMAIL: TypedDocumentNode<{ resendVerificationEmail: boolean }, Record<string, never>> = gql`
  mutation ResendVerificationEmail {
    resendVerificationEmail
  }
`;

export const REQUEST_EMAIL_CHANGE: TypedDocumentNode<
  { requestEmailChange: boolean },
  { input: { new_email: string; current_password: string } }
> = gql`
  mutation RequestEmailChange($input: ChangeEmailInput!) {
    requestEmailChange(input: $input)
  }
`;

export const DELETE_ACCOUNT: TypedDocumentNode<{ deleteAccount: boolean }, { password: string }> = gql`
  mutation DeleteAccount($password: String!) {
    deleteAccount(password: $password)
  }
`;

/** The ZIP of 'Télécharger mes données', served by the BFF behind the shell's /media proxy. */
export const EXPORT_URL = '/media/account/mes-donnees-popote.zip';
