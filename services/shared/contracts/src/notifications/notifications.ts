import { CONTACT_LIMITS } from '@popote/rules';
import { z } from 'zod';
import { actorSchema, defineJob, defineRpc } from '../shared/envelope';

export const CONTACT_MESSAGES = {
  required: 'Ce champ est obligatoire',
  emailInvalid: 'Adresse email invalide',
  sent: 'Message envoyé avec succès !',
  failed: "Erreur lors de l'envoi du message",
} as const;

const required = (max: number) => z.string().trim().min(1, CONTACT_MESSAGES.required).max(max);
export const contactInput = z.object({
  name: required(CONTACT_LIMITS.name),
  email: z.string().trim().toLowerCase().min(1, CONTACT_MESSAGES.required).pipe(z.email(CONTACT_MESSAGES.emailInvalid)),
  subject: required(CONTACT_LIMITS.subject),
  message: required(CONTACT_LIMITS.message),
});

/** The account emails identity asks for; the links are built from PUBLIC_URL here. */
export const ACCOUNT_EMAIL_KINDS = ['verify', 'reset', 'email-change', 'email-change-notice'] as const;
export const accountEmailInput = z.object({
  kind: z.enum(ACCOUNT_EMAIL_KINDS),
  to: z.string().email(),
  name: z.string(),
  /** The single-use token the link carries (verify, reset, email-change). */
  token: z.string().max(200).optional(),
  /** email-change-notice: the address asked for. */
  new_email: z.string().optional(),
  /** Makes the email idempotent (one per link or event). */
  dedupe_key: z.string().min(1).max(200),
  /** The account it is sent for: the person's export lists the emails recorded under their id, never by address. */
  user_id: z.string().min(1).max(200).optional(),
});

/**
 * The person's data archive is ready: the BFF's export job asks it for the signed-in
 * owner (`actor`); notifications finds their address itself and links to the profile (sign-in needed).
 */
export const dataExportReadyInput = z.object({
  actor: actorSchema,
  export_id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
  expires_at: z.iso.datetime(),
});

export const NotificationsRpc = {
  sendAccountEmail: defineRpc('rpc.notifications.send-account-email', accountEmailInput, z.object({ ok: z.boolean() }), {
    callers: ['identity'],
  }),
  sendDataExportReady: defineRpc('rpc.notifications.send-data-export-ready', dataExportReadyInput, z.object({ ok: z.boolean() }), {
    callers: ['bff'],
  }),
  /** `actor`: the signed-in sender, if any (their export lists the messages sent from their account, never others' by address). */
  sendContact: defineRpc(
    'rpc.notifications.send-contact',
    contactInput.extend({ actor: actorSchema.optional() }),
    z.object({ ok: z.boolean(), message_id: z.string() }),
    { callers: ['bff'] },
  ),
} as const;

/**
 * Sending one stored email (`emails` in notifications' database), queued when it is stored or when
 * the sweep finds it due. `claim`: the email's `next_attempt_at` (ms) when this job was queued, so
 * that a job queued before a newer claim of the same email finds itself outdated and does nothing.
 */
export const SendEmailJob = defineJob(
  'job.notifications.send-email',
  z.object({
    email_id: z.string().min(1),
    claim: z.number().int(),
    /**
     * The email as it was stored, on the job queued when an email addressed to an account is
     * stored: its first delivery, within the claim, sends it without reading it back (nothing else
     * may have changed it by then). Absent on the sweep's jobs, which read the email.
     */
    email: z
      .object({
        account_id: z.string().min(1),
        subject: z.string(),
        text: z.string(),
        headers: z.record(z.string(), z.string()).nullable(),
      })
      .optional(),
  }),
  { workers: 'notifications-send-email' },
);

/** Sending one stored push (`alerts`, channel push); `claim`: its `lease_until` (ms) when this job was queued. */
export const SendPushJob = defineJob('job.notifications.send-push', z.object({ alert_id: z.string().min(1), claim: z.number().int() }), {
  workers: 'notifications-send-push',
});
