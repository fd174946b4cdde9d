import { getModelToken } from '@nestjs/mongoose';
import { jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { DomainError, NotificationsRpc, OrderingEvents, subjectOf } from '@popote/contracts';
import { AppModule as IdentityModule, identityConfig, seedIdentity } from '@popote/identity/app';
import { makeEnvelope, RpcClient, WorkQueue } from '@popote/platform';
import { eventually, resetJetStream, serviceEnv, servicesUnderTest, startServiceApp, type ServicesUnderTest } from '@popote/testing';
import type { Model } from 'mongoose';
import { inject, afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppModule } from '../src/app.module';
import { notificationsConfig, type NotificationsConfig } from '../src/config';
import { ContactMessage, Email, RECIPIENT_NAME } from '../src/mail/email.schema';
import { EmailsService } from '../src/mail/emails.service';

interface InboxMail {
  subject: string;
  text: string;
  to: { address: string }[];
  replyTo?: { address: string }[];
  messageId?: string;
}

describe('notifications: contact form and order emails, through a real SMTP server', () => {
  let stack: ServicesUnderTest;
  let rpc: RpcClient;
  let nc: NatsConnection;
  let emails: Model<Email>;
  let contacts: Model<ContactMessage>;
  let config: NotificationsConfig;
  const inbox = async () => (await (await fetch(`${inject('infraEnv').MAIL_INBOX_URL}/email`)).json()) as InboxMail[];
  const mailTo = (address: string, subject: RegExp) =>
    eventually(async () => (await inbox()).find((m) => m.to.some((t) => t.address === address) && subject.test(m.subject)), 15_000);

  beforeAll(async () => {
    await resetJetStream();
    const idEnv = serviceEnv('identity', __filename);
    await seedIdentity(idEnv);
    config = notificationsConfig(serviceEnv('notifications', __filename, { SUPPORT_EMAIL: `support-${Date.now()}@popote.test` }));
    stack = await servicesUnderTest(config.NATS_URL, [
      { service: 'identity', module: IdentityModule.forRoot(identityConfig(idEnv)) },
      { service: 'notifications', module: AppModule.forRoot(config) },
    ]);
    ({ rpc, nc } = stack);
    const app = stack.apps.at(-1)!;
    emails = app.get(getModelToken(Email.name));
    contacts = app.get(getModelToken(ContactMessage.name));
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('stores a contact message and emails it to support, answerable to the sender', async () => {
    const { message_id } = await rpc.call(NotificationsRpc.sendContact, {
      name: 'Jeanne',
      email: 'Jeanne@Example.fr',
      subject: 'Allergies',
      message: 'Le couscous contient-il du céleri ?',
    });
    expect(await contacts.findById(message_id).lean()).toMatchObject({ name: 'Jeanne', email: 'jeanne@example.fr', subject: 'Allergies' });
    const support = (await emails.findById(`contact-${message_id}`).lean<Email>())!.to;
    const mail = await mailTo(support, /\[Contact\] Allergies/);
    expect(mail.text).toContain('Le couscous contient-il du céleri ?');
    expect(mail.replyTo?.[0].address).toBe('jeanne@example.fr');
  });

  it('refuses an incomplete contact form with French field messages, and stores nothing', async () => {
    const before = await contacts.countDocuments();
    const raw = { ...NotificationsRpc.sendContact, request: z.any() } as unknown as typeof NotificationsRpc.sendContact;
    const err = (await rpc
      .call(raw, { name: '', email: 'pas-un-email', subject: 'x', message: '  ' })
      .catch((e: unknown) => e)) as DomainError;
    expect(err).toBeInstanceOf(DomainError);
    expect(err.fields).toMatchObject({
      name: 'Ce champ est obligatoire',
      email: 'Adresse email invalide',
      message: 'Ce champ est obligatoire',
    });
    expect(await contacts.countDocuments()).toBe(before);
  });

  it('emails the cook (with the dishes) and the consumer (a confirmation) for a new order, and the consumer when it is ready — once per event', async () => {
    const js = jetstream(nc);
    const suffix = Math.random().toString(16).slice(2, 10).padEnd(8, '0');
    const orderId = `order-${Date.now()}-${suffix}`;
    const placed = makeEnvelope(OrderingEvents.orderPlaced, {
      order_id: orderId,
      checkout_id: 'co',
      consumer_id: 'demo-consumer-claire',
      cook_id: 'demo-cook-amina',
      cook_name: 'amina_cuisine',
      total_cents: 3800,
      items: [
        { meal_id: 'm1', name: 'Tajine de poulet aux citrons confits', quantity: 2, price_cents: 1250 },
        { meal_id: 'm2', name: 'Couscous aux sept légumes', quantity: 1, price_cents: 1300 },
      ],
    });
    await js.publish(subjectOf(OrderingEvents.orderPlaced, placed.data), JSON.stringify(placed), { msgID: placed.id });
    // The same event again (another broker message): still one email each.
    await js.publish(subjectOf(OrderingEvents.orderPlaced, placed.data), JSON.stringify(placed), { msgID: `${placed.id}-again` });
    const cookMail = await mailTo('amina@popote.test', new RegExp(`Nouvelle commande n° ${suffix}`));
    expect(cookMail.text).toContain('38,00');
    expect(cookMail.text).toContain('- 2 × Tajine de poulet aux citrons confits\n- 1 × Couscous aux sept légumes');
    expect(cookMail.text).not.toMatch(/× plat\b/);
    const confirmation = await mailTo('claire@popote.test', new RegExp(`Commande n° ${suffix} enregistrée`));
    expect(confirmation.text).toContain('Bonjour Claire Lefèvre,');
    expect(confirmation.text).toContain(`commande n° ${suffix} (38,00`);
    expect(confirmation.text).toContain('- 2 × Tajine de poulet aux citrons confits\n- 1 × Couscous aux sept légumes');
    expect(confirmation.text).toContain('Cuisinier : amina_cuisine');
    const ready = makeEnvelope(OrderingEvents.orderStatusChanged, {
      order_id: orderId,
      consumer_id: 'demo-consumer-claire',
      cook_id: 'demo-cook-amina',
      from: 'preparing',
      to: 'ready',
    });
    await js.publish(OrderingEvents.orderStatusChanged.subject, JSON.stringify(ready), { msgID: ready.id });
    const consumerMail = await mailTo('claire@popote.test', new RegExp(`${suffix} prête à être retirée`));
    expect(consumerMail.subject).toBe(`Commande n° ${suffix} prête à être retirée`);
    await new Promise((r) => setTimeout(r, 1500));
    const about = async (address: string) =>
      (await inbox()).filter((m) => m.to.some((t) => t.address === address) && m.subject.includes(suffix));
    expect(await about('amina@popote.test')).toHaveLength(1);
    expect((await about('claire@popote.test')).map((m) => m.subject).sort()).toEqual([
      `Commande n° ${suffix} enregistrée`,
      `Commande n° ${suffix} prête à être retirée`,
    ]);
  });

  it('still emails an order-placed event published before dish names travelled', async () => {
    const js = jetstream(nc);
    const suffix = Math.random().toString(16).slice(2, 10).padEnd(8, '0');
    const legacy = makeEnvelope(OrderingEvents.orderPlaced, {
      order_id: `order-${Date.now()}-${suffix}`,
      checkout_id: 'co',
      consumer_id: 'demo-consumer-claire',
      cook_id: 'demo-cook-mei',
      total_cents: 1300,
      items: [{ meal_id: 'm', quantity: 1, price_cents: 1300 }],
    });
    await js.publish(subjectOf(OrderingEvents.orderPlaced, legacy.data), JSON.stringify(legacy), { msgID: legacy.id });
    const cookMail = await mailTo('mei@popote.test', new RegExp(`Nouvelle commande n° ${suffix}`));
    expect(cookMail.text).toContain('- 1 × plat');
  });

  it("addresses an account's email when it is sent: the name and address it has then; an erased or unknown account gets nothing", async () => {
    const service = stack.apps.at(-1)!.get(EmailsService);
    const tag = `${Date.now()}`;
    await service.enqueueFor(`for-claire-${tag}`, 'demo-consumer-claire', {
      subject: `Pour vous ${tag}`,
      text: `Bonjour ${RECIPIENT_NAME},`,
    });
    await service.enqueueFor(`for-nobody-${tag}`, `nobody-${tag}`, { subject: `Pour personne ${tag}`, text: `Bonjour ${RECIPIENT_NAME},` });
    const mail = await mailTo('claire@popote.test', new RegExp(`Pour vous ${tag}`));
    expect(mail.text.trim()).toBe('Bonjour Claire Lefèvre,');
    expect(await emails.findById(`for-claire-${tag}`).lean<Email>()).toMatchObject({
      status: 'sent',
      to: 'claire@popote.test',
      text: 'Bonjour Claire Lefèvre,',
    });
    const nobody = await eventually(async () => {
      const e = await emails.findById(`for-nobody-${tag}`).lean<Email>();
      return e?.status === 'failed' ? e : undefined;
    });
    expect(nobody).toMatchObject({ to: null, last_error: 'account no longer exists', attempts: 0 });
    expect((await inbox()).filter((m) => m.subject.includes(`Pour personne ${tag}`))).toEqual([]);
  });

  it('two replicas flushing the same queue send each email once', async () => {
    // A second replica on the same database (and the same work queue).
    const other = await startServiceApp('notifications', AppModule.forRoot(config), config.NATS_URL);
    try {
      const suffix = `${Date.now()}`;
      const address = `twice-${suffix}@popote.test`;
      // Queued straight into the database, due now: both replicas find all of them due at once.
      await emails.insertMany(
        Array.from({ length: 60 }, (_, i) => ({
          _id: `twice-${suffix}-${i}`,
          to: address,
          subject: `Une fois ${suffix} n°${i}`,
          text: 'x',
          reply_to: null,
          account_id: null,
          status: 'pending',
          attempts: 0,
          next_attempt_at: new Date(),
        })),
      );
      await Promise.all([stack.apps.at(-1)!.get(EmailsService).flush(), other.get(EmailsService).flush()]);
      await eventually(async () => ((await emails.countDocuments({ to: address, status: 'sent' })) === 60 ? true : undefined), 60_000);
      const received = (await inbox()).filter((m) => m.to.some((t) => t.address === address));
      expect(received).toHaveLength(60);
      expect(new Set(received.map((m) => m.subject)).size).toBe(60);
      expect((await emails.find({ to: address }).lean<Email[]>()).map((e) => e.attempts)).toEqual(Array(60).fill(1));
    } finally {
      await other.close();
    }
  });

  it('keeps an email queued when the mail server is down, and sends it on a later attempt', async () => {
    // The replica whose mail server is down is the only one sending (the other works on another
    // database: a job of this one's would be nothing to it).
    await stack.apps.at(-1)!.get(WorkQueue).stop();
    const env = serviceEnv('notifications', __filename, { SMTP_PORT: '1' }); // nothing listens on port 1
    const down = await startServiceApp('notifications', AppModule.forRoot(notificationsConfig(env)), env.NATS_URL!);
    const queue = down.get<Model<Email>>(getModelToken(Email.name));
    await down.get(EmailsService).enqueue('retry-test', { to: 'retry@popote.test', subject: 'Essai de renvoi', text: 'x' });
    const failedOnce = await eventually(async () => {
      const e = await queue.findById('retry-test').lean<Email>();
      return e && e.attempts === 1 ? e : undefined;
    });
    expect(failedOnce).toMatchObject({ status: 'pending', last_error: expect.any(String) });
    expect(failedOnce.next_attempt_at.getTime()).toBeGreaterThan(Date.now());
    await down.close();
    // The mail server is back (same database, working SMTP): the next attempt delivers it.
    const up = await startServiceApp(
      'notifications',
      AppModule.forRoot(notificationsConfig({ ...env, SMTP_PORT: inject('infraEnv').SMTP_PORT })),
      env.NATS_URL!,
    );
    const queueAfter = up.get<Model<Email>>(getModelToken(Email.name));
    try {
      const sent = await eventually(async () => {
        const e = await queueAfter.findById('retry-test').lean<Email>();
        return e?.status === 'sent' ? e : undefined;
      }, 20_000);
      expect(sent.attempts).toBe(2);
      await mailTo('retry@popote.test', /Essai de renvoi/);
    } finally {
      await up.close();
    }
  });
});
