import type { DistributedLocks, RpcClient, WorkQueue } from '@popote/platform';
import type { Model } from 'mongoose';
import { describe, expect, it, vi } from 'vitest';
import { notificationsConfig } from '../config';
import type { Email } from './email.schema';
import { EmailsService, RECIPIENT_NAME, retryDelayMs } from './emails.service';

const config = notificationsConfig({ NODE_ENV: 'test', MAIL_MAX_ATTEMPTS: '2' });

/** One sender over stored emails (a map for the collection), its SMTP and identity replaced by recorders. */
function sender(stored: Partial<Email>[], users: { user_id: string; email: string; name: string }[] = []) {
  const docs = new Map(stored.map((e) => [e._id!, { status: 'pending', attempts: 0, to: null, ...e } as Email]));
  const emails = {
    findById: (id: string) => ({ lean: async () => (docs.has(id) ? { ...docs.get(id)! } : null) }),
    updateOne: vi.fn(async (filter: { _id: string }, update: { $set?: Partial<Email>; $inc?: { attempts: number } }) => {
      const doc = docs.get(filter._id)!;
      Object.assign(doc, update.$set);
      if (update.$inc) doc.attempts += update.$inc.attempts;
    }),
  } as unknown as Model<Email>;
  const rpc = {
    call: vi.fn(async (_c: unknown, req: { user_ids: string[] }) => ({ users: users.filter((u) => req.user_ids.includes(u.user_id)) })),
  };
  const service = new EmailsService(emails, config, {} as DistributedLocks, rpc as unknown as RpcClient, {} as WorkQueue);
  const smtp = vi.fn(async (_mail: { to: string; text: string }) => undefined);
  (service as unknown as { transport: { sendMail: typeof smtp } }).transport.sendMail = smtp;
  return { service, docs, smtp, rpc, emails };
}

const claim = new Date('2026-12-07T10:00:00.000Z');

describe('sending one email from its job', () => {
  it('sends the email its claim names, once, and records it sent', async () => {
    const { service, docs, smtp } = sender([
      { _id: 'contact-1', to: 'support@popote.test', subject: 'S', text: 'T', next_attempt_at: claim },
    ]);
    await service.send('contact-1', claim.getTime());
    expect(smtp).toHaveBeenCalledTimes(1);
    expect(docs.get('contact-1')).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    // The same job delivered again: the email is sent already.
    await service.send('contact-1', claim.getTime());
    expect(smtp).toHaveBeenCalledTimes(1);
  });

  it('does nothing for a job queued before the email was claimed again', async () => {
    const { service, smtp, emails } = sender([{ _id: 'e', to: 'a@popote.test', subject: 'S', text: 'T', next_attempt_at: claim }]);
    await service.send('e', claim.getTime() - 1);
    await service.send('gone', claim.getTime());
    expect(smtp).not.toHaveBeenCalled();
    expect(emails.updateOne).not.toHaveBeenCalled();
  });

  it('records a failed send with its next attempt, and gives up after MAIL_MAX_ATTEMPTS', async () => {
    const { service, docs, smtp } = sender([{ _id: 'e', to: 'a@popote.test', subject: 'S', text: 'T', next_attempt_at: claim }]);
    smtp.mockRejectedValue(new Error('connect ECONNREFUSED'));
    const before = Date.now();
    await service.send('e', claim.getTime());
    const once = docs.get('e')!;
    expect(once).toMatchObject({ status: 'pending', attempts: 1, last_error: 'connect ECONNREFUSED' });
    expect(once.next_attempt_at.getTime()).toBeGreaterThanOrEqual(before + retryDelayMs(1));
    await service.send('e', once.next_attempt_at.getTime());
    expect(docs.get('e')).toMatchObject({ status: 'failed', attempts: 2 });
  });

  it('addresses emails to accounts as identity knows them when sent, one call for the emails sent together', async () => {
    const { service, docs, smtp, rpc } = sender(
      [
        { _id: 'a', account_id: 'u1', subject: 'S', text: `Bonjour ${RECIPIENT_NAME},`, next_attempt_at: claim },
        { _id: 'b', account_id: 'u2', subject: 'S', text: 'x', next_attempt_at: claim },
      ],
      [{ user_id: 'u1', email: 'claire@popote.test', name: 'Claire' }],
    );
    await Promise.all([service.send('a', claim.getTime()), service.send('b', claim.getTime())]);
    expect(rpc.call).toHaveBeenCalledTimes(1);
    expect(smtp.mock.calls.map(([m]) => [m.to, m.text])).toEqual([['claire@popote.test', 'Bonjour Claire,']]);
    expect(docs.get('a')).toMatchObject({ status: 'sent', to: 'claire@popote.test', text: 'Bonjour Claire,' });
    expect(docs.get('b')).toMatchObject({ status: 'failed', last_error: 'account no longer exists', attempts: 0, to: null });
  });
});
