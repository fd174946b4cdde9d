// First: zod's CSP-safe setting, before this module builds a schema.
import '../../zod-config';
import { CONTACT_LIMITS } from '@popote/rules';
import { z } from 'zod';
import { contactFr } from '../../i18n/account-texts';

const t = contactFr;

/** Notifications' limits (@popote/rules), checked here first, with French messages. */
const text = (required: string, max: number) => z.string().trim().min(1, required).max(max, t.tooLong(max));

export const contactSchema = z.object({
  name: text(t.nameRequired, CONTACT_LIMITS.name),
  email: z.string().trim().min(1, t.emailRequired).pipe(z.email(t.emailInvalid)),
  subject: text(t.subjectRequired, CONTACT_LIMITS.subject),
  message: text(t.messageRequired, CONTACT_LIMITS.message),
});
export type ContactValues = z.infer<typeof contactSchema>;

export const EMPTY_CONTACT: ContactValues = { name: '', email: '', subject: '', message: '' };
