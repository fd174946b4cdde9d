import { gql, type TypedDocumentNode } from '@apollo/client';
import type { ContactValues } from './schema';

/** BFF: `sendContactMessage(input: ContactInput!): Boolean!` (stored, then emailed to support). */
export const SEND_CONTACT_MESSAGE: TypedDocumentNode<{ sendContactMessage: boolean }, { input: ContactValues }> = gql`
  mutation SendContactMessage($input: ContactInput!) {
    sendContactMessage(input: $input)
  }
`;
