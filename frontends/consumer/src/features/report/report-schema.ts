// First: zod's CSP-safe setting, before this module builds a schema.
import '../../zod-config';
import { MODERATION_LIMITS, MODERATION_MESSAGES, REPORT_REASONS } from '@popote/rules';
import { z } from 'zod';
import { reportFr } from './texts';

const M = MODERATION_MESSAGES;

/** What the 'Signaler' form holds: no reason chosen yet is ''; the address only counts signed out. */
export interface ReportFormValues {
  reason: string | null;
  explanation: string;
  contact_email: string;
  certified: boolean;
}

export const EMPTY_REPORT: ReportFormValues = { reason: '', explanation: '', contact_email: '', certified: false };

/**
 * The form's values → what `reportContent` takes, with the service's limits and French messages
 * (the server checks them again). Signed out, an address is required (the acknowledgement and the
 * outcome go there); signed in, the account's is used and none is sent. The certification (DSA
 * Art. 16(2)(d)) is required to send, and not sent.
 */
export function makeReportFormSchema(signedIn: boolean) {
  const email = signedIn
    ? z.string()
    : z.string().trim().toLowerCase().min(1, M.emailRequired).max(254, M.emailInvalid).pipe(z.email(M.emailInvalid));
  return z
    .object({
      // No radio checked reads '' before a first choice and null in a browser after a reset: both say the same.
      reason: z.string().nullable().pipe(z.enum(REPORT_REASONS, M.reasonRequired)),
      explanation: z
        .string()
        .trim()
        .min(MODERATION_LIMITS.explanationMin, M.explanationMin)
        .max(MODERATION_LIMITS.explanationMax, M.explanationMax),
      contact_email: email,
      certified: z.boolean().refine((checked) => checked, reportFr.certifyRequired),
    })
    .transform(({ reason, explanation, contact_email }) => ({
      reason,
      explanation,
      ...(signedIn ? {} : { contact_email }),
    }));
}

export type ReportFormOutput = z.output<ReturnType<typeof makeReportFormSchema>>;
