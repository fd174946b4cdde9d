import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import { eventually, resetJetStream, serviceEnv, startServiceApp } from '@popote/testing';
import mongoose, { type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppModule } from '../src/app.module';
import { notificationsConfig } from '../src/config';
import { RetentionService } from '../src/retention/retention.service';

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

/**
 * The retention the privacy page states: contact messages 3 years, the email log 1 year
 * (by default; configurable), purged at start and periodically, idempotently, on real FerretDB.
 */
describe('notifications: retention purge of contact messages and the email log', () => {
  let app: INestApplication;
  let db: Connection;
  const tag = Date.now().toString(36);

  const email = (id: string, days: number, status: 'sent' | 'failed' | 'pending') => ({
    _id: `${id}-${tag}`,
    to: `r-${tag}@popote.test`,
    subject: 'Sujet',
    text: 'Texte',
    reply_to: null,
    status,
    attempts: 1,
    // A pending one is due later (the sender must not send it during the test).
    next_attempt_at: status === 'pending' ? new Date(Date.now() + DAY) : ago(days),
    last_error: null,
    sent_at: status === 'sent' ? ago(days) : null,
    created_at: ago(days),
    updated_at: ago(days),
  });
  const message = (id: string, days: number) => ({
    _id: `${id}-${tag}`,
    name: 'Ana',
    email: `r-${tag}@popote.test`,
    subject: 'Question',
    message: 'Bonjour',
    created_at: ago(days),
  });

  beforeAll(async () => {
    await resetJetStream();
    const env = serviceEnv('notifications', __filename);
    // Old records already there when the service starts: the first purge runs at start.
    const before = await mongoose.createConnection(env.MONGO_URL!, { dbName: env.MONGO_DB }).asPromise();
    await before.collection('contactMessages').insertMany([message('boot-old', 1200), message('boot-new', 10)] as never[]);
    await before.collection('emails').insertMany([email('boot-old', 400, 'sent'), email('boot-new', 10, 'sent')] as never[]);
    await before.close();
    app = await startServiceApp('notifications', AppModule.forRoot(notificationsConfig(env)), env.NATS_URL!);
    db = app.get<Connection>(getConnectionToken());
  });

  afterAll(async () => {
    await app?.close();
  });

  const ids = async (collection: string) =>
    (
      await db
        .collection(collection)
        .find({}, { projection: { _id: 1 } })
        .toArray()
    )
      .map((d) => String(d._id).replace(`-${tag}`, ''))
      .sort();

  it('purges at start what is already past its retention', async () => {
    await eventually(async () => ((await ids('contactMessages')).includes('boot-old') ? undefined : true), 10_000);
    expect(await ids('contactMessages')).toEqual(['boot-new']);
    await eventually(async () => ((await ids('emails')).includes('boot-old') ? undefined : true), 10_000);
    expect(await ids('emails')).toEqual(['boot-new']);
  });

  it('deletes contact messages after 3 years and sent or failed emails after 1 year; keeps the rest; idempotent', async () => {
    await db
      .collection('contactMessages')
      .insertMany([message('m-1096d', 1096), message('m-1094d', 1094), message('m-today', 0)] as never[]);
    await db
      .collection('emails')
      .insertMany([
        email('e-366d-sent', 366, 'sent'),
        email('e-366d-failed', 366, 'failed'),
        email('e-366d-pending', 366, 'pending'),
        email('e-364d-sent', 364, 'sent'),
      ] as never[]);
    const retention = app.get(RetentionService);
    expect(await retention.purge()).toEqual({ contact_messages: 1, emails: 2 });
    expect(await ids('contactMessages')).toEqual(['boot-new', 'm-1094d', 'm-today']);
    // An email still waiting to be sent is kept until it is sent or given up.
    expect(await ids('emails')).toEqual(['boot-new', 'e-364d-sent', 'e-366d-pending']);
    // Again (another replica, the next run): nothing more goes.
    expect(await retention.purge()).toEqual({ contact_messages: 0, emails: 0 });
    // Two days later, the 1094-day message and the 364-day email are past their periods too.
    expect(await retention.purge(new Date(Date.now() + 2 * DAY))).toEqual({ contact_messages: 1, emails: 1 });
  });

  it('takes its periods from the environment and refuses a bad one at startup', () => {
    const env = serviceEnv('notifications', __filename, { CONTACT_RETENTION_DAYS: '730', EMAIL_LOG_RETENTION_DAYS: '90' });
    expect(notificationsConfig(env)).toMatchObject({ CONTACT_RETENTION_DAYS: 730, EMAIL_LOG_RETENTION_DAYS: 90 });
    expect(() => notificationsConfig({ ...env, EMAIL_LOG_RETENTION_DAYS: '7' })).toThrow(/EMAIL_LOG_RETENTION_DAYS/);
  });
});
