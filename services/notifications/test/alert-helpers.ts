import { jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { subjectOf, type EventContract } from '@popote/contracts';
import { makeEnvelope } from '@popote/platform';
import { eventually } from '@popote/testing';
import type { Model } from 'mongoose';
import type { Alert } from '../src/alerts/alert.schema';

/** Publishes an event `times` times as separate broker messages (a redelivery: each replica may get one). */
export async function publishEvent<T>(nc: NatsConnection, contract: EventContract<T>, data: T, times = 1) {
  const envelope = makeEnvelope(contract, data);
  for (let i = 0; i < times; i++)
    await jetstream(nc).publish(subjectOf(contract, data), JSON.stringify(envelope), { msgID: `${envelope.id}-${i}` });
  return envelope;
}

/**
 * Waits until the alerts matching `filter` exist and none is queued or being sent any more, then a
 * little longer (a duplicate push would show by then).
 */
export async function alertsSettled(alerts: Model<Alert>, filter: { about?: string; cause?: string }, quietMs = 1500): Promise<void> {
  await eventually(async () => {
    const [all, pending] = await Promise.all([
      alerts.countDocuments(filter),
      alerts.countDocuments({ ...filter, status: { $in: ['sending', 'retry'] } }),
    ]);
    return all > 0 && pending === 0;
  }, 30_000);
  await new Promise((r) => setTimeout(r, quietMs));
}

/** A push alert due now (a retry whose time has come, no attempt spent): `fields` say whose, about what, on which device. */
export const queuedPush = (fields: {
  _id: string;
  kind: Alert['kind'];
  cause: string;
  about: string;
  user_id: string;
  device_id: string;
  title: string;
  tag: string;
}) => ({
  channel: 'push',
  body: 'b',
  url: '/orders',
  status: 'retry',
  attempts: 0,
  last_error: null,
  sent_at: null,
  digest_id: null,
  lease_until: null,
  next_attempt_at: new Date(),
  created_at: new Date(),
  updated_at: new Date(),
  ...fields,
});
