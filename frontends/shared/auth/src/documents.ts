import { gql, type TypedDocumentNode } from '@apollo/client';
import type { ChangePasswordInput, CookProfileInput, Me, ProfileInput, SignUpInput, UserType } from '@popote/graphql';

/**
 * Everything the frontends know about the signed-in person. Every operation
 * returning Me selects the same fields, so its result can replace `Query.me`.
 */
export const ME_FIELDS = gql`
  fragment MeFields on Me {
    user {
      user_id
      email
      name
      username
      location
      bio
      avatar_url
      user_type
      email_verified
      created_at
    }
    cook_profile {
      cook_id
      bio
      specialties
      availability_days
      cooking_styles
      experience_years
      certifications
      signature_dishes
      cuisine_types
      awards
      rating_average
      total_reviews
      siret
      vat_regime
    }
  }
`;

export interface MeQueryData {
  me: Me | null;
}

/** Who is signed in: null when signed out (not an error). */
export const ME_QUERY: TypedDocumentNode<MeQueryData, Record<string, never>> = gql`
  query Me {
    me {
      ...MeFields
    }
  }
  ${ME_FIELDS}
`;

export const SIGN_IN: TypedDocumentNode<{ signIn: Me }, { email: string; password: string }> = gql`
  mutation SignIn($email: String!, $password: String!) {
    signIn(email: $email, password: $password) {
      ...MeFields
    }
  }
  ${ME_FIELDS}
`;

export const SIGN_UP: TypedDocumentNode<{ signUp: Me }, { input: SignUpInput }> = gql`
  mutation SignUp($input: SignUpInput!) {
    signUp(input: $input) {
      ...MeFields
    }
  }
  ${ME_FIELDS}
`;

export const SIGN_OUT: TypedDocumentNode<{ signOut: boolean }, Record<string, never>> = gql`
  mutation SignOut {
    signOut
  }
`;

export const UPDATE_PROFILE: TypedDocumentNode<{ updateProfile: Me }, { input: ProfileInput }> = gql`
  mutation UpdateProfile($input: ProfileInput!) {
    updateProfile(input: $input) {
      ...MeFields
    }
  }
  ${ME_FIELDS}
`;

export const CHANGE_PASSWORD: TypedDocumentNode<{ changePassword: boolean }, { input: ChangePasswordInput }> = gql`
  mutation ChangePassword($input: ChangePasswordInput!) {
    changePassword(input: $input)
  }
`;

export const UPDATE_COOK_PROFILE: TypedDocumentNode<{ updateCookProfile: Me }, { input: CookProfileInput }> = gql`
  mutation UpdateCookProfile($input: CookProfileInput!) {
    updateCookProfile(input: $input) {
      ...MeFields
    }
  }
  ${ME_FIELDS}
`;

export const SWITCH_ROLE: TypedDocumentNode<{ switchRole: Me }, { to: UserType }> = gql`
  mutation SwitchRole($to: String!) {
    switchRole(to: $to) {
      ...MeFields
    }
  }
  ${ME_FIELDS}
`;
