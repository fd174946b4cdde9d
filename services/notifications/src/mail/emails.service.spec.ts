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
    findById: vi.fn((id: string) => ({ lean: async () => (docs.has(id) ? { ...docs.get(id)! } : null) })),
    updateOne: vi.fn(async (filter: { _id: string }, update: { $set?: Partial<Email>; $inc?: { attempts: number } }) => {
      const doc = docs.get(filter._id);
      if (!doc) return; // matches nothing, as the store does
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
const first = { attempt: 1 };

describe('sending one email from its job', () => {
  it('sends the email its claim names, once, and records it sent', async () => {
    const { service, docs, smtp } = sender([
      { _id: 'contact-1', to: 'support@popote.test', subject: 'S', text: 'T', next_attempt_at: claim },
    ]);
    await service.send({ email_id: 'contact-1', claim: claim.getTime() }, first);
    expect(smtp).toHaveBeenCalledTimes(1);
    expect(docs.get('contact-1')).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    // The same job delivered again: the email is sent already.
    await service.send({ email_id: 'contact-1', claim: claim.getTime() }, first);
    expect(smtp).toHaveBeenCalledTimes(1);
  });

  it('does nothing for a job queued before the email was claimed again', async () => {
    const { service, smtp, emails } = sender([{ _id: 'e', to: 'a@popote.test', subject: 'S', text: 'T', next_attempt_at: claim }]);
    await service.send({ email_id: 'e', claim: claim.getTime() - 1 }, first);
    await service.send({ email_id: 'gone', claim: claim.getTime() }, first);
    expect(smtp).not.toHaveBeenCalled();
    expect(emails.updateOne).not.toHaveBeenCalled();
  });

  it('records a failed send with its next attempt, and gives up after MAIL_MAX_ATTEMPTS', async () => {
    const { service, docs, smtp } = sender([{ _id: 'e', to: 'a@popote.test', subject: 'S', text: 'T', next_attempt_at: claim }]);
    smtp.mockRejectedValue(new Error('connect ECONNREFUSED'));
    const before = Date.now();
    await service.send({ email_id: 'e', claim: claim.getTime() }, first);
    const once = docs.get('e')!;
    expect(once).toMatchObject({ status: 'pending', attempts: 1, last_error: 'connect ECONNREFUSED' });
    expect(once.next_attempt_at.getTime()).toBeGreaterThanOrEqual(before + retryDelayMs(1));
    await service.send({ email_id: 'e', claim: once.next_attempt_at.getTime() }, first);
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
    await Promise.all([
      service.send({ email_id: 'a', claim: claim.getTime() }, first),
      service.send({ email_id: 'b', claim: claim.getTime() }, first),
    ]);
    expect(rpc.call).toHaveBeenCalledTimes(1);
    expect(smtp.mock.calls.map(([m]) => [m.to, m.text])).toEqual([['claire@popote.test', 'Bonjour Claire,']]);
    expect(docs.get('a')).toMatchObject({ status: 'sent', to: 'claire@popote.test', text: 'Bonjour Claire,' });
    expect(docs.get('b')).toMatchObject({ status: 'failed', last_error: 'account no longer exists', attempts: 0, to: null });
  });

  describe('an email to an account, carried by the job queued when it was stored', () => {
    const fresh = () => Date.now() + 5 * 60_000;
    const carried = (claimAt: number, account_id = 'u1') => ({
      email_id: 'a',
      claim: claimAt,
      email: { account_id, subject: 'S', text: `Bonjour ${RECIPIENT_NAME},`, headers: null },
    });
    const claire = [{ user_id: 'u1', email: 'claire@popote.test', name: 'Claire' }];

    it('is sent on its first delivery without being read back, and recorded sent', async () => {
      const at = fresh();
      const { service, docs, smtp, emails } = sender(
        [{ _id: 'a', account_id: 'u1', subject: 'S', text: 'x', next_attempt_at: new Date(at) }],
        claire,
      );
      await service.send(carried(at), first);
      expect(emails.findById).not.toHaveBeenCalled();
      expect(smtp.mock.calls.map(([m]) => [m.to, m.text])).toEqual([['claire@popote.test', 'Bonjour Claire,']]);
      expect(docs.get('a')).toMatchObject({ status: 'sent', attempts: 1, to: 'claire@popote.test' });
    });

    it('is read back when delivered again: sent already, it is not sent twice', async () => {
      const at = fresh();
      const { service, smtp, emails } = sender(
        [{ _id: 'a', account_id: 'u1', subject: 'S', text: 'x', next_attempt_at: new Date(at) }],
        claire,
      );
      await service.send(carried(at), first);
      await service.send(carried(at), { attempt: 2 });
      expect(emails.findById).toHaveBeenCalledTimes(1);
      expect(smtp).toHaveBeenCalledTimes(1);
    });

    it('is read back when its claim is nearly over (a sweep may have claimed it anew)', async () => {
      const at = Date.now() + 30_000;
      const { service, smtp, emails } = sender(
        [{ _id: 'a', account_id: 'u1', subject: 'S', text: 'x', next_attempt_at: new Date(at + 1) }],
        claire,
      );
      await service.send(carried(at), first);
      expect(emails.findById).toHaveBeenCalledTimes(1);
      expect(smtp).not.toHaveBeenCalled();
    });

    it('is not sent when the account was erased since (identity knows nobody, the email is gone)', async () => {
      const at = fresh();
      const { service, smtp, docs } = sender([], claire);
      await service.send(carried(at, 'u-erased'), first);
      expect(smtp).not.toHaveBeenCalled();
      expect(docs.size).toBe(0);
    });
  });
});
