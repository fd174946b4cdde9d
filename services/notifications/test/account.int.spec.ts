import type { INestApplication } from '@nestjs/common';
import { getConnectionToken, getModelToken } from '@nestjs/mongoose';
import { jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  AccountEvents,
  DEFAULT_ALERT_PREFERENCES,
  ERASED_NAME,
  exportPersonalDataRpc,
  NotificationsRpc,
  subjectOf,
  type PersonalDataPage,
} from '@popote/contracts';
import { makeEnvelope, RpcClient } from '@popote/platform';
import { eventually, resetJetStream, serviceEnv, type ServiceUnderTest, serviceUnderTest, tokenOfLink, waitForMail } from '@popote/testing';
import type { Connection, Model } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppModule } from '../src/app.module';
import { notificationsConfig } from '../src/config';
import { NotificationsPersonalData } from '../src/account/personal-data';
import { ContactMessage, Email } from '../src/mail/email.schema';

/**
 * Notifications' part of the account lifecycle (ADR 0009, 0027): account emails with their links, the export (by account id, page
 * by page, secrets taken out), the erasure (twice).
 */
describe('notifications: account emails, export and erasure of a person', () => {
  let app: INestApplication;
  let rpc: RpcClient;
  let nc: NatsConnection;
  let under: ServiceUnderTest;
  let emails: Model<Email>;
  let contacts: Model<ContactMessage>;
  const tag = Date.now().toString(36);
  const person = { email: `zoe-${tag}@popote.test`, name: `Zoé Martin${tag}`, user_id: `u-${tag}` };
  const other = `voisin-${tag}@popote.test`;
  const SUPPORT = `support-${tag}@popote.test`;

  beforeAll(async () => {
    await resetJetStream();
    const env = serviceEnv('notifications', __filename, { PUBLIC_URL: 'https://popote.example/', SUPPORT_EMAIL: SUPPORT });
    ({ app, rpc, nc } = under = await serviceUnderTest('notifications', AppModule.forRoot(notificationsConfig(env)), env.NATS_URL!));
    emails = app.get(getModelToken(Email.name));
    contacts = app.get(getModelToken(ContactMessage.name));
  });

  afterAll(async () => {
    await under?.close();
  });

  it('sends a reset email whose link opens the shell at PUBLIC_URL, once per dedupe key', async () => {
    const send = () =>
      rpc.call(NotificationsRpc.sendAccountEmail, {
        kind: 'reset',
        to: person.email,
        name: person.name,
        token: 'abc_DEF-123',
        dedupe_key: `reset-${tag}`,
        user_id: person.user_id,
      });
    await send();
    await send();
    const mail = await waitForMail(person.email, /Réinitialisation de votre mot de passe/);
    expect(mail.text).toContain('https://popote.example/reset-password?token=abc_DEF-123');
    expect(tokenOfLink(mail.text)).toBe('abc_DEF-123');
    expect(await emails.countDocuments({ to: person.email })).toBe(1);
  });

  it("exports what was sent for the account, found by its id: never mail to the support address or found by address, never a link's secret", async () => {
    const actor = { user_id: person.user_id, user_type: 'consumer' as const };
    const token = `tok_${tag}_abcdefghijklmnopqrstuvwxyz`;
    // For the person's account (identity gives the id): exported, the link's token taken out.
    await rpc.call(NotificationsRpc.sendAccountEmail, {
      kind: 'verify',
      to: person.email,
      name: person.name,
      token,
      dedupe_key: `verify-${tag}`,
      user_id: person.user_id,
    });
    // To the same address, sent for nobody known (queued before ids were recorded): not theirs to read.
    await rpc.call(NotificationsRpc.sendAccountEmail, {
      kind: 'verify',
      to: person.email,
      name: 'Quelqu’un',
      token: `${token}-other`,
      dedupe_key: `verify-anon-${tag}`,
    });
    // Messages typed with the person's address by a visitor, and by another account: not theirs either.
    await rpc.call(NotificationsRpc.sendContact, { name: 'Visiteur', email: person.email, subject: 'Anonyme', message: 'Pas de compte' });
    await rpc.call(NotificationsRpc.sendContact, {
      name: 'Autre',
      email: person.email,
      subject: 'Autre compte',
      message: 'Envoyé par un autre compte',
      actor: { user_id: `other-${tag}`, user_type: 'consumer' },
    });
    // The person's own message, sent signed in: theirs (its copy to support is not).
    await rpc.call(NotificationsRpc.sendContact, {
      name: person.name,
      email: person.email,
      subject: 'Question',
      message: `Ici ${person.name}`,
      actor,
    });
    // Someone else's email naming the person (as an order confirmation names its cook).
    await rpc.call(NotificationsRpc.sendAccountEmail, {
      kind: 'email-change-notice',
      to: other,
      name: person.name,
      new_email: 'x@popote.test',
      dedupe_key: `notice-${tag}`,
    });
    const exported = await rpc.call(exportPersonalDataRpc('notifications'), { actor, email: person.email });
    expect(exported.next_cursor).toBeNull();
    expect(exported.sections['emails-sent']).toEqual([
      expect.objectContaining({ to: person.email, subject: 'Confirmez votre adresse email' }),
      expect.objectContaining({ to: person.email, subject: 'Réinitialisation de votre mot de passe' }),
    ]);
    const texts = JSON.stringify(exported);
    expect(texts).not.toContain(token);
    expect(texts).not.toContain('abc_DEF-123');
    expect(texts).toContain('/verify-email?token=[retiré]');
    expect(texts).not.toContain(SUPPORT);
    expect(texts).not.toContain('Quelqu’un');
    expect(exported.sections['contact-messages']).toEqual([
      { name: person.name, email: person.email, subject: 'Question', message: `Ici ${person.name}`, created_at: expect.anything() },
    ]);

    // An account that signed up with the support address (or any address it does not own) gets none
    // of the mail sent there: support's copies of everyone's messages are never anybody's.
    const impostor = { user_id: `impostor-${tag}`, user_type: 'consumer' as const };
    await rpc.call(NotificationsRpc.sendAccountEmail, {
      kind: 'verify',
      to: SUPPORT,
      name: 'Support',
      token,
      dedupe_key: `imp-${tag}`,
      user_id: impostor.user_id,
    });
    const leak = await rpc.call(exportPersonalDataRpc('notifications'), { actor: impostor, email: SUPPORT });
    expect(leak.sections).toEqual({
      'emails-sent': [],
      'contact-messages': [],
      follows: [],
      favourites: [],
      'push-devices': [],
      'alert-preferences': { preferences: DEFAULT_ALERT_PREFERENCES, chosen_at: null },
      alerts: [],
    });
    expect(await emails.countDocuments({ to: SUPPORT })).toBeGreaterThanOrEqual(4);

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
    expect(await contacts.countDocuments({ $or: [{ email: person.email }, { account_id: person.user_id }] })).toBe(0);
    expect(
      await emails.countDocuments({ $or: [{ text: { $regex: person.name } }, { reply_to: person.email }, { account_id: person.user_id }] }),
    ).toBe(0);
    expect(await emails.countDocuments({ to: other })).toBe(1);
    // The impostor's erasure takes nothing of support's mail with it.
    const before = await emails.countDocuments({ to: SUPPORT });
    const impostorErasure = makeEnvelope(AccountEvents.erasureRequested, {
      user_id: impostor.user_id,
      email: SUPPORT,
      names: ['Support'],
      requested_at: new Date().toISOString(),
    });
    await app.get(NotificationsPersonalData).erase(impostor.user_id, impostorErasure);
    expect(await emails.countDocuments({ to: SUPPORT })).toBe(before - 1);
  });

  it('answers a year of emails page by page, each page well under a NATS message, every email once', async () => {
    const actor = { user_id: `busy-${tag}`, user_type: 'cook' as const };
    // ~1.5 MB of emails (a cook's order emails): more than one NATS message (1 MB) can carry.
    const start = Date.now() - 86_400_000;
    const docs = Array.from({ length: 600 }, (_, i) => ({
      _id: `busy-${tag}-${i}`,
      to: `busy-${tag}@popote.test`,
      subject: `Nouvelle commande n° ${i}`,
      text: `Bonjour,\n\n${'Tajine de poulet aux citrons confits. '.repeat(60)}\n${i}`,
      account_id: actor.user_id,
      status: 'sent',
      attempts: 1,
      next_attempt_at: new Date(start),
      // Some share their date, as emails queued by one event do.
      created_at: new Date(start + Math.floor(i / 3) * 1000),
    }));
    await emails.collection.insertMany(docs as never[]);
    expect(JSON.stringify(docs).length).toBeGreaterThan(1_048_576);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: PersonalDataPage = await rpc.call(exportPersonalDataRpc('notifications'), {
        actor,
        email: `busy-${tag}@popote.test`,
        cursor,
      });
      expect(JSON.stringify(page).length).toBeLessThan(600_000);
      pages++;
      for (const e of (page.sections['emails-sent'] ?? []) as { subject: string }[]) seen.push(e.subject);
      cursor = page.next_cursor;
    } while (cursor);
    expect(pages).toBeGreaterThan(1);
    expect(seen).toHaveLength(docs.length);
    expect(new Set(seen).size).toBe(docs.length);
    // Newest first, as before paging.
    expect(seen[0]).toBe('Nouvelle commande n° 597');
    expect(seen.at(-1)).toBe('Nouvelle commande n° 2');
  });
});
