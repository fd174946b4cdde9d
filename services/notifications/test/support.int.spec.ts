import { getModelToken } from '@nestjs/mongoose';
import { jetstream } from '@nats-io/jetstream';
import { OrderingEvents, SUPPORT_MESSAGES, SupportRpc, subjectOf, type EventContract } from '@popote/contracts';
import { AppModule as IdentityModule, identityConfig, seedIdentity } from '@popote/identity/app';
import { makeEnvelope, type RpcClient } from '@popote/platform';
import { eventually, expectDomainError, resetJetStream, serviceEnv, servicesUnderTest, type ServicesUnderTest } from '@popote/testing';
import type { Model } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Alert } from '../src/alerts/alert.schema';
import { AppModule } from '../src/app.module';
import { notificationsConfig } from '../src/config';
import { Email } from '../src/mail/email.schema';

interface InboxMail {
  subject: string;
  text: string;
  to: { address: string }[];
}

const CLAIRE = 'demo-consumer-claire';
const AMINA = 'demo-cook-amina';

/**
 * The support console's part in notifications: an order's emails (recorded under the order when its
 * events queue them) and pushes, each email with its id; a copy of an email sent again through the
 * mail queue, once per console request, to the address it went to — through a real SMTP server.
 */
describe('notifications: an order’s emails and pushes for the support console, and an email sent again', () => {
  let stack: ServicesUnderTest;
  let rpc: RpcClient;
  let emails: Model<Email>;
  let alerts: Model<Alert>;
  const inbox = async () => (await (await fetch(`${inject('infraEnv').MAIL_INBOX_URL}/email`)).json()) as InboxMail[];
  const mails = async (address: string, subject: string) =>
    (await inbox()).filter((m) => m.to.some((t) => t.address === address) && m.subject === subject);
  const publish = async <T>(contract: EventContract<T>, data: T) => {
    const envelope = makeEnvelope(contract, data);
    await jetstream(stack.nc).publish(subjectOf(contract, data), JSON.stringify(envelope), { msgID: envelope.id });
    return envelope;
  };
  const story = async (orderId: string) => (await rpc.call(SupportRpc.notificationsStory, { order_id: orderId })).entries;

  beforeAll(async () => {
    await resetJetStream();
    const idEnv = serviceEnv('identity', __filename);
    await seedIdentity(idEnv);
    const config = notificationsConfig(serviceEnv('notifications', __filename, { ALERT_DIGEST_CHECK_MS: '0' }));
    stack = await servicesUnderTest(config.NATS_URL, [
      { service: 'identity', module: IdentityModule.forRoot(identityConfig(idEnv)) },
      { service: 'notifications', module: AppModule.forRoot(config) },
    ]);
    rpc = stack.rpc;
    const app = stack.apps.at(-1)!;
    emails = app.get(getModelToken(Email.name));
    alerts = app.get(getModelToken(Alert.name));
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('lists the emails an order’s events sent (each with its id) and its pushes; sends one again once per request', async () => {
    const suffix = Math.random().toString(16).slice(2, 10).padEnd(8, '0');
    const orderId = `order-${Date.now()}-${suffix}`;
    await publish(OrderingEvents.orderPlaced, {
      order_id: orderId,
      checkout_id: `checkout-${orderId}`,
      consumer_id: CLAIRE,
      cook_id: AMINA,
      cook_name: 'amina_cuisine',
      total_cents: 2500,
      items: [{ meal_id: 'demo-meal-tajine', name: 'Tajine', quantity: 2, price_cents: 1250 }],
    });
    await publish(OrderingEvents.orderStatusChanged, {
      order_id: orderId,
      consumer_id: CLAIRE,
      cook_id: AMINA,
      from: 'preparing',
      to: 'ready',
    });
    // Recorded under the order, and sent.
    const sent = await eventually(async () => {
      const entries = await story(orderId);
      return entries.length === 3 && entries.every((e) => e.kind === 'email.sent') ? entries : undefined;
    }, 20_000);
    expect(sent.map((e) => e.label).sort()).toEqual(
      [`Commande n° ${suffix} enregistrée`, `Commande n° ${suffix} prête à être retirée`, `Nouvelle commande n° ${suffix}`].map(
        (s) => `Email envoyé : ${s}`,
      ),
    );
    for (const e of sent) {
      expect(e).toMatchObject({ service: 'notifications', email_id: expect.any(String) });
      expect(await emails.findById(e.email_id).lean<Email>()).toMatchObject({ order_id: orderId, status: 'sent' });
    }
    const confirmation = sent.find((e) => e.label.endsWith('enregistrée'))!;
    expect(confirmation.detail).toBe('à claire@popote.test');

    // Sent again: a new email, queued once for the console's request however often it is asked.
    const request = { email_id: confirmation.email_id!, operator_id: 'op-support', request_id: `req-${suffix}` };
    const { email_id: copyId } = await rpc.call(SupportRpc.resendEmail, request);
    expect(copyId).not.toBe(confirmation.email_id);
    expect(await rpc.call(SupportRpc.resendEmail, request)).toEqual({ email_id: copyId });
    const subject = `Commande n° ${suffix} enregistrée`;
    await eventually(async () => ((await mails('claire@popote.test', subject)).length === 2 ? true : undefined), 15_000);
    expect(await emails.findById(copyId).lean<Email>()).toMatchObject({
      to: 'claire@popote.test',
      account_id: CLAIRE,
      order_id: orderId,
      resent_from: confirmation.email_id,
      resent_by: 'op-support',
    });
    const copied = await eventually(async () => (await story(orderId)).find((e) => e.email_id === copyId && e.kind === 'email.sent'));
    expect(copied.detail).toBe('à claire@popote.test · copie demandée par le support');
    await new Promise((r) => setTimeout(r, 1500));
    expect(await mails('claire@popote.test', subject)).toHaveLength(2);

    // A push about the order is told too (stored as the fan-out stores it; its sending is order-pushes' test).
    const at = new Date();
    await alerts.create({
      _id: `cause-${suffix}|${CLAIRE}|push|device-1`,
      user_id: CLAIRE,
      kind: 'order_updates',
      channel: 'push',
      device_id: 'device-1',
      status: 'sent',
      cause: `cause-${suffix}`,
      about: orderId,
      title: 'Votre commande est prête à être retirée !',
      body: `Commande n° ${suffix}.`,
      url: '/orders',
      tag: `order-${orderId}`,
      attempts: 1,
      sent_at: at,
    });
    expect((await story(orderId)).find((e) => e.kind === 'push.sent')).toMatchObject({
      at: at.toISOString(),
      label: 'Notification envoyée : Votre commande est prête à être retirée !',
      email_id: null,
    });
  });

  it('refuses, in French, an unknown email, and one still being sent; an order without emails has an empty story', async () => {
    const request = { operator_id: 'op-support', request_id: `req-${Date.now()}` };
    const unknown = await expectDomainError(rpc.call(SupportRpc.resendEmail, { ...request, email_id: `nothing-${Date.now()}` }));
    expect(unknown).toMatchObject({ code: 'NOT_FOUND', message: SUPPORT_MESSAGES.emailNotFound });

    // Waiting for its next attempt (an hour away): its own sending goes on, no copy is made.
    const id = `pending-${Date.now()}`;
    await emails.create({
      _id: id,
      to: 'claire@popote.test',
      subject: 'En attente',
      text: 'x',
      status: 'pending',
      attempts: 1,
      last_error: 'ECONNREFUSED',
      next_attempt_at: new Date(Date.now() + 3_600_000),
      order_id: `order-pending-${Date.now()}`,
    });
    const pending = await expectDomainError(rpc.call(SupportRpc.resendEmail, { ...request, email_id: id }));
    expect(pending).toMatchObject({ code: 'CONFLICT', message: SUPPORT_MESSAGES.emailPending });

    expect(await story(`order-${Date.now()}-none`)).toEqual([]);
  });
});
