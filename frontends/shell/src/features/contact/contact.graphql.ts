import { SendContactMessageDocument } from './contact-message.generated';

/** BFF: `sendContactMessage(input: ContactInput!): Boolean!` (stored, then emailed to support). */
export const SEND_CONTACT_MESSAGE = SendContactMessageDocument;
