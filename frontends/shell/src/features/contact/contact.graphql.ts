import { SendContactMessageDocument } from '../../generated/graphql';

/** BFF: `sendContactMessage(input: ContactInput!): Boolean!` (stored, then emailed to support). */
export const SEND_CONTACT_MESSAGE = SendContactMessageDocument;
