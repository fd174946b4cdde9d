import type { INestApplication } from '@nestjs/common';
import { getConnectionToken, getModelToken } from '@nestjs/mongoose';
import { jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { AccountEvents, ERASED_NAME, exportPersonalDataRpc, NotificationsRpc, subjectOf } from '@popote/contracts';
import { makeEnvelope, RpcClient } from '@popote/platform';
import {
  eventually,
  resetJetStream,
  serviceEnv,
  startServiceApp,
  testNats,
  testRpcClient,
  tokenOfLink,
  waitForMail,
} from '@popote/testing';
import type { Connection, Model } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppModule } from '../src/app.module';
import { notificationsConfig } from '../src/config';
import { ContactMessage, Email } from '../src/mail/email.schema';

/** Notifications' part of issue 18: account emails with their links, the export, the erasure (twice). */
describe('notifications: account emails, export and erasure of a person', () => {
  let app: INestApplication;
  let rpc: RpcClient;
  let nc: NatsConnection;
  let emails: Model<Email>;
  let contacts: Model<ContactMessage>;
  const tag = Date.now().toString(36);
  const person = { email: `zoe-${tag}@popote.test`, name: `Zoé Martin${tag}`, user_id: `u-${tag}` };
  const other = `voisin-${tag}@popote.test`;

  beforeAll(async () => {
    await resetJetStream();
    const env = serviceEnv('notifications', __filename, { PUBLIC_URL: 'https://popote.example/' });
    app = await startServiceApp('notifications', AppModule.forRoot(notificationsConfig(env)), env.NATS_URL!);
    emails = app.get(getModelToken(Email.name));
    contacts = app.get(getModelToken(ContactMessage.name));
    rpc = await testRpcClient(env.NATS_URL);
    nc = await testNats(env.NATS_URL);
  });

  afterAll(async () => {
    await nc?.close();
    await rpc?.close();
    await app?.close();
  });

  it('sends a reset email whose link opens the shell at PUBLIC_URL, once per dedupe key', async () => {
    const send = () =>
      rpc.call(NotificationsRpc.sendAccountEmail, {
        kind: 'reset',
        to: person.email,
        name: person.name,
        token: 'abc_DEF-123',
        dedupe_key: `reset-${tag}`,
      });
    await send();
    await send();
    const mail = await waitForMail(person.email, /Réinitialisation de votre mot de passe/);
    expect(mail.text).toContain('https://popote.example/reset-password?token=abc_DEF-123');
    expect(tokenOfLink(mail.text)).toBe('abc_DEF-123');
    expect(await emails.countDocuments({ to: person.email })).toBe(1);
  });

  it("exports the person's emails and contact messages, then erases them and redacts their name in others' emails, idempotently", async () => {
    await rpc.call(NotificationsRpc.sendContact, {
      name: person.name,
      email: person.email,
      subject: 'Question',
      message: `Ici ${person.name}`,
    });
    // Someone else's email naming the person (as an order confirmation names its cook).
    await rpc.call(NotificationsRpc.sendAccountEmail, {
      kind: 'email-change-notice',
      to: other,
      name: person.name,
      new_email: 'x@popote.test',
      dedupe_key: `notice-${tag}`,
    });
    const exported = await rpc.call(exportPersonalDataRpc('notifications'), {
      actor: { user_id: person.user_id, user_type: 'consumer' },
      email: person.email,
    });
    expect(exported.sections['emails-sent']).toEqual([
      expect.objectContaining({ to: person.email, subject: 'Réinitialisation de votre mot de passe' }),
    ]);
    expect(exported.sections['contact-messages']).toEqual([
      expect.objectContaining({ email: person.email, message: `Ici ${person.name}` }),
    ]);

    const js = jetstream(nc);
    const erasure = makeEnvelope(AccountEvents.erasureRequested, {
      user_id: person.user_id,
      email: person.email,
      names: [person.name, `zoe_${tag}`],
      requested_at: new Date().toISOString(),
    });
    const subject = subjectOf(AccountEvents.erasureRequested, erasure.data);
    await js.publish(subject, JSON.stringify(erasure), { msgID: erasure.id });
    await eventually(async () => ((await emails.countDocuments({ to: person.email })) === 0 ? true : undefined));
    // Delivered again (another id: past the broker's dedupe): nothing more to do, nothing breaks.
    await js.publish(subject, JSON.stringify({ ...erasure, id: `${erasure.id}-again` }), { msgID: `${erasure.id}-again` });
    await eventually(async () => {
      const notice = await emails.findOne({ to: other }).lean<Email>();
      return notice && !notice.text.includes(person.name) && notice.text.includes(ERASED_NAME) ? notice : undefined;
    });
    // Both deliveries applied (the second one found nothing left to change).
    const processed = app.get<Connection>(getConnectionToken()).collection('processed_events');
    await eventually(async () => ((await processed.countDocuments({ _id: { $regex: erasure.id } as never })) === 2 ? true : undefined));
    expect(await contacts.countDocuments({ email: person.email })).toBe(0);
    expect(await emails.countDocuments({ $or: [{ text: { $regex: person.name } }, { reply_to: person.email }] })).toBe(0);
    expect(await emails.countDocuments({ to: other })).toBe(1);
  });
});
