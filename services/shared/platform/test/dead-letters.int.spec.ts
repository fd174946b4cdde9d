import { Injectable, Module, type INestApplication } from '@nestjs/common';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, headers as natsHeaders, type NatsConnection } from '@nats-io/transport-node';
import { defineEvent, PaymentsEvents, STREAMS, subjectOf, type Envelope } from '@popote/contracts';
import {
  baseConfigSchema,
  DEAD_LETTER_SEQ_HEADER,
  EventHandler,
  loadConfig,
  makeEnvelope,
  natsOptions,
  PlatformModule,
  type IntegrationEventHandler,
} from '@popote/platform';
import { eventually, natsCredentials, resetJetStream, serviceEnv, startServiceApp, testNats } from '@popote/testing';
import { inject } from 'vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listDeadLetters, replayDeadLetters } from '../../../../infra/local/src/dead-letters';

// `./popote dlq replay` (infra/local/src/dlq.ts), as the operator NATS user, against the real server:
// it publishes again the original of a dead letter, read from EVENTS, never the letter's own copy.

const Flaky = defineEvent('evt.testing.thing-flaky.v1', z.object({ thing_id: z.string() }));

/** Fails while `failing` is set (dead-lettered after its second delivery), applies once it is not. */
@Injectable()
@EventHandler(Flaky)
class FlakyHandler implements IntegrationEventHandler<{ thing_id: string }> {
  static failing = true;
  static applied: Envelope<{ thing_id: string }>[] = [];
  async handle(envelope: Envelope<{ thing_id: string }>): Promise<void> {
    if (FlakyHandler.failing) throw new Error('the database is down');
    FlakyHandler.applied.push(envelope);
  }
}

const as = (user: string) => connect(natsOptions({ NATS_URL: inject('infraEnv').NATS_URL!, ...natsCredentials(user) }, `as-${user}`));

describe('dead letters: replayed from their original in EVENTS', () => {
  let app: INestApplication;
  let nc: NatsConnection;
  let operator: NatsConnection;

  beforeAll(async () => {
    await resetJetStream();
    const env = serviceEnv('testing', __filename, { EVENTS_MAX_DELIVER: '2' });
    const config = loadConfig(baseConfigSchema.extend({ MONGO_DB: z.string() }), env);
    @Module({ imports: [PlatformModule.forService({ service: 'testing', config })], providers: [FlakyHandler] })
    class TestModule {}
    app = await startServiceApp('testing', { module: TestModule }, config.NATS_URL);
    nc = await testNats(config.NATS_URL);
    operator = await as('operator');
  });

  afterAll(async () => {
    await operator?.close();
    await nc?.close();
    await app?.close();
  });

  it('publishes again the original event a consumer gave up on, once fixed, and removes the dead letter', async () => {
    const js = jetstream(nc);
    const jsm = await jetstreamManager(nc);
    const envelope = makeEnvelope(Flaky, { thing_id: 'thing-1' });
    const h = natsHeaders();
    h.set('Popote-Event-Type', Flaky.subject);
    const { seq } = await js.publish(Flaky.subject, JSON.stringify(envelope), { msgID: envelope.id, headers: h });
    const letter = await eventually(async () => (await listDeadLetters(jsm)).find((l) => l.durable === 'testing-Flaky'));
    // The platform's dead letter names its original in EVENTS.
    expect(letter).toMatchObject({ subject: Flaky.subject, originalSeq: seq, eventId: envelope.id, reason: 'the database is down' });
    const stored = await jsm.streams.getMessage(STREAMS.deadLetters.name, { seq: letter.seq });
    expect(stored?.header?.get(DEAD_LETTER_SEQ_HEADER)).toBe(String(seq));

    FlakyHandler.failing = false;
    const dry = await replayDeadLetters(operator, 'testing-Flaky', { dryRun: true });
    expect(dry.replayed.map((r) => r.subject)).toEqual([Flaky.subject]);
    expect((await listDeadLetters(jsm)).map((l) => l.seq)).toEqual([letter.seq]);

    const report = await replayDeadLetters(operator, 'testing-Flaky');
    expect(report).toMatchObject({ replayed: [{ subject: Flaky.subject, duplicate: false }], refused: [] });
    const applied = await eventually(() => FlakyHandler.applied.find((e) => e.id === envelope.id));
    expect(applied.data).toEqual({ thing_id: 'thing-1' });
    expect(await listDeadLetters(jsm)).toEqual([]);
    // Exactly the original: its subject, content and headers, and where it was replayed from.
    const replayed = await jsm.streams.getMessage(STREAMS.events.name, { last_by_subj: Flaky.subject });
    expect(replayed!.seq).toBeGreaterThan(seq);
    expect(replayed!.string()).toBe(JSON.stringify(envelope));
    expect(replayed!.header?.get('Popote-Event-Type')).toBe(Flaky.subject);
    expect(replayed!.header?.get('Popote-Replayed-From')).toBe(`${STREAMS.deadLetters.name}#${letter.seq}`);
  });

  it('replays a dead letter written before the sequence header, by the sequence in its message id', async () => {
    const js = jetstream(nc);
    const jsm = await jetstreamManager(nc);
    const envelope = makeEnvelope(Flaky, { thing_id: 'thing-2' });
    const { seq } = await js.publish(Flaky.subject, JSON.stringify(envelope), { msgID: envelope.id });
    await eventually(() => FlakyHandler.applied.find((e) => e.id === envelope.id));
    const h = natsHeaders();
    h.set('Popote-Dlq-Subject', Flaky.subject);
    h.set('Popote-Dlq-Reason', 'an older release');
    await js.publish('dlq.testing-Flaky', JSON.stringify(envelope), { headers: h, msgID: `testing-Flaky:${seq}` });
    const report = await replayDeadLetters(operator, 'testing-Flaky');
    expect(report.refused).toEqual([]);
    expect(report.replayed.map((r) => r.letter.originalSeq)).toEqual([seq]);
    expect(await listDeadLetters(jsm)).toEqual([]);
  });

  it('refuses, and leaves in the queue, a dead letter whose original is not in EVENTS or does not match it', async () => {
    const admin = await jetstreamManager(nc);
    // A genuine payment, and a genuine event of another subject.
    const payment = {
      checkout_id: 'c-1',
      consumer_id: 'u-1',
      amount_cents: 1200,
      payment_intent_id: 'pi_1',
      lines: [],
      slots: [],
      consumer_name: '',
    };
    const paid = makeEnvelope(PaymentsEvents.paymentSucceeded, payment);
    const paidSubject = subjectOf(PaymentsEvents.paymentSucceeded, payment);
    const paidSeq = (await jetstream(nc).publish(paidSubject, JSON.stringify(paid), { msgID: paid.id })).seq;
    const other = makeEnvelope(Flaky, { thing_id: 'thing-3' });
    const otherSeq = (await jetstream(nc).publish(Flaky.subject, JSON.stringify(other), { msgID: other.id })).seq;
    await eventually(() => FlakyHandler.applied.find((e) => e.id === other.id));

    // A compromised cart dead-letters, under its own durable, payments it made up.
    const cart = await as('cart');
    try {
      const forged = (data: object, claims: Record<string, string>) => {
        const h = natsHeaders();
        for (const [k, v] of Object.entries(claims)) h.set(k, v);
        return jetstream(cart).publish('dlq.cart-OrderPlaced', JSON.stringify(data), { headers: h });
      };
      const made = makeEnvelope(PaymentsEvents.paymentSucceeded, { ...payment, checkout_id: 'forged', payment_intent_id: 'pi_forged' });
      const claim = (seq: number) => ({ 'Popote-Dlq-Subject': paidSubject, [DEAD_LETTER_SEQ_HEADER]: String(seq) });
      await forged(made, {});
      await forged(made, { 'Popote-Dlq-Subject': paidSubject });
      await forged(made, claim(999_999));
      await forged(made, claim(otherSeq));
      await forged({ ...paid, data: { ...paid.data, amount_cents: 1 } }, claim(paidSeq));
    } finally {
      await cart.close();
    }
    const before = await admin.streams.info(STREAMS.events.name);

    const report = await replayDeadLetters(operator, 'all');
    expect(report.replayed).toEqual([]);
    expect(report.refused.map((r) => r.why)).toEqual([
      'it names no original in EVENTS (no Popote-Dlq-Seq header)',
      'it names no original in EVENTS (no Popote-Dlq-Seq header)',
      'its original EVENTS #999999 is not there (removed, or never was)',
      `it claims ${paidSubject} but EVENTS #${otherSeq} is ${Flaky.subject}`,
      `its content differs from EVENTS #${paidSeq} (${paidSubject})`,
    ]);
    // Nothing was published, and the letters wait for a person to look at them.
    expect((await admin.streams.info(STREAMS.events.name)).state.last_seq).toBe(before.state.last_seq);
    const last = await admin.streams.getMessage(STREAMS.events.name, { last_by_subj: paidSubject });
    expect(last!.seq).toBe(paidSeq);
    expect((await listDeadLetters(admin)).filter((l) => l.durable === 'cart-OrderPlaced')).toHaveLength(5);
  });
});
