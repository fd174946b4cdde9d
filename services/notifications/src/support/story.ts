import { createHash } from 'node:crypto';
import { storyOf, type StoryEntry } from '@popote/contracts';
import type { Alert } from '../alerts/alert.schema';
import type { Email } from '../mail/email.schema';

/** An email as its story reads it (not its text). */
export type EmailRead = Pick<
  Email,
  '_id' | 'to' | 'subject' | 'status' | 'attempts' | 'last_error' | 'sent_at' | 'created_at' | 'resent_from' | 'updated_at'
>;
/** A push as its story reads it. */
export type PushRead = Pick<Alert, '_id' | 'title' | 'status' | 'attempts' | 'last_error' | 'sent_at' | 'created_at' | 'updated_at'>;

const entry = storyOf('notifications');
const joined = (parts: (string | null | false | undefined)[]) => parts.filter(Boolean).join(' · ') || null;
const tries = (n: number) => (n > 0 ? `${n} tentative${n > 1 ? 's' : ''}` : null);

/**
 * One line per email about the order, at the moment that says most of it: sent (to which address),
 * still waiting (queued, or failing and retried: its attempts and last error), or given up (why). Each
 * carries its id, so the console can have it sent again; a copy an operator asked for says so.
 */
export function emailEntry(e: EmailRead): StoryEntry {
  const copy = e.resent_from ? 'copie demandée par le support' : null;
  switch (e.status) {
    case 'sent':
      return entry(e.sent_at ?? e.created_at, 'email.sent', `Email envoyé : ${e.subject}`, joined([e.to && `à ${e.to}`, copy]), e._id);
    case 'failed':
      return entry(
        e.updated_at ?? e.created_at,
        'email.failed',
        `Email non envoyé : ${e.subject}`,
        joined([e.last_error, tries(e.attempts), copy]),
        e._id,
      );
    default:
      return entry(
        e.created_at,
        'email.pending',
        `Email en attente d’envoi : ${e.subject}`,
        joined([tries(e.attempts), e.last_error, copy]),
        // Not offered again while it is still being sent (the RPC would refuse it: it will go by itself).
        null,
      );
  }
}

/** One line per push about the order (to the cook: a new order; to the buyer: confirmed, ready, cancelled). */
export function pushEntry(p: PushRead): StoryEntry {
  switch (p.status) {
    case 'sent':
      return entry(p.sent_at ?? p.updated_at, 'push.sent', `Notification envoyée : ${p.title}`, null);
    case 'failed':
      return entry(p.updated_at, 'push.failed', `Notification non envoyée : ${p.title}`, joined([p.last_error, tries(p.attempts)]));
    case 'dropped':
      return entry(p.updated_at, 'push.dropped', `Notification abandonnée : ${p.title}`, 'Appareil désinscrit ou notifications coupées');
    default:
      return entry(p.created_at, 'push.pending', `Notification en cours d’envoi : ${p.title}`, joined([tries(p.attempts), p.last_error]));
  }
}

/** The order's emails and pushes, oldest first. */
export function notificationsStory(emails: EmailRead[], pushes: PushRead[]): StoryEntry[] {
  return [...emails.map(emailEntry), ...pushes.map(pushEntry)].sort((a, b) => a.at.localeCompare(b.at));
}

/**
 * The id of an operator's copy of an email: derived from the email and the console's request, so a
 * retried call finds the copy stored (a duplicate id: nothing queued twice) and a new request makes a
 * new copy. Hashed: a copy of a copy stays as short.
 */
export const resendIdOf = (emailId: string, requestId: string): string =>
  `resend-${createHash('sha256').update(`${emailId}\n${requestId}`).digest('hex').slice(0, 32)}`;
