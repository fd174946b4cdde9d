import { describe, expect, it } from 'vitest';
import { emailEntry, notificationsStory, pushEntry, resendIdOf, type EmailRead, type PushRead } from './story';

const t = (minutes: number) => new Date(Date.parse('2026-12-01T09:00:00Z') + minutes * 60_000);
const email = (over: Partial<EmailRead> = {}): EmailRead => ({
  _id: 'evt-1:buyer',
  to: 'claire@popote.test',
  subject: 'Commande n° 8a9b0c1d enregistrée',
  status: 'sent',
  attempts: 1,
  last_error: null,
  sent_at: t(1),
  created_at: t(0),
  updated_at: t(1),
  resent_from: null,
  ...over,
});
const push = (over: Partial<PushRead> = {}): PushRead => ({
  _id: 'evt-2|buyer|push|d1',
  title: 'Commande n° 8a9b0c1d confirmée',
  status: 'sent',
  attempts: 1,
  last_error: null,
  sent_at: t(6),
  created_at: t(5),
  updated_at: t(6),
  ...over,
});

describe("notifications' part of an order's story", () => {
  it('an email sent: when, to whom, its id (the console sends it again by it)', () => {
    expect(emailEntry(email())).toEqual({
      at: t(1).toISOString(),
      service: 'notifications',
      kind: 'email.sent',
      label: 'Email envoyé : Commande n° 8a9b0c1d enregistrée',
      detail: 'à claire@popote.test',
      email_id: 'evt-1:buyer',
    });
  });

  it('an email waiting (queued, or failing and retried) and one given up say how many attempts and why; a copy says it was asked for', () => {
    expect(emailEntry(email({ status: 'pending', to: null, attempts: 0, sent_at: null }))).toMatchObject({
      at: t(0).toISOString(),
      kind: 'email.pending',
      label: 'Email en attente d’envoi : Commande n° 8a9b0c1d enregistrée',
      detail: null,
      // Still being sent: not offered again.
      email_id: null,
    });
    expect(emailEntry(email({ status: 'pending', attempts: 2, last_error: 'ECONNREFUSED', sent_at: null })).detail).toBe(
      '2 tentatives · ECONNREFUSED',
    );
    expect(emailEntry(email({ status: 'failed', attempts: 8, last_error: '550 mailbox unavailable', updated_at: t(30) }))).toMatchObject({
      at: t(30).toISOString(),
      kind: 'email.failed',
      detail: '550 mailbox unavailable · 8 tentatives',
      email_id: 'evt-1:buyer',
    });
    expect(emailEntry(email({ _id: 'resend-x', resent_from: 'evt-1:buyer' })).detail).toBe(
      'à claire@popote.test · copie demandée par le support',
    );
  });

  it('pushes: sent, failed, dropped (device gone), under way — none can be sent again from here', () => {
    expect(pushEntry(push())).toMatchObject({ at: t(6).toISOString(), kind: 'push.sent', email_id: null });
    expect(pushEntry(push({ status: 'failed', last_error: '500', attempts: 5, sent_at: null })).detail).toBe('500 · 5 tentatives');
    expect(pushEntry(push({ status: 'dropped', sent_at: null })).kind).toBe('push.dropped');
    expect(pushEntry(push({ status: 'retry', attempts: 1, sent_at: null }))).toMatchObject({
      at: t(5).toISOString(),
      kind: 'push.pending',
    });
  });

  it('emails and pushes together, oldest first', () => {
    const story = notificationsStory([email({ _id: 'late', sent_at: t(10) }), email()], [push()]);
    expect(story.map((e) => e.at)).toEqual([t(1), t(6), t(10)].map((d) => d.toISOString()));
  });

  it("a copy's id: the same for a retried request, another for another request or email, short whatever it copies", () => {
    const id = resendIdOf('evt-1:buyer', 'req-12345678');
    expect(id).toMatch(/^resend-[0-9a-f]{32}$/);
    expect(resendIdOf('evt-1:buyer', 'req-12345678')).toBe(id);
    expect(resendIdOf('evt-1:buyer', 'req-87654321')).not.toBe(id);
    expect(resendIdOf('evt-2:buyer', 'req-12345678')).not.toBe(id);
    expect(resendIdOf(id, 'req-12345678')).toHaveLength(id.length);
  });
});
