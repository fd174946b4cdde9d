import { Injectable, Module, type INestApplication } from '@nestjs/common';
import { getModelToken, MongooseModule, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { defineEvent, STREAMS, type Envelope } from '@popote/contracts';
import {
  baseConfigSchema,
  EventHandler,
  HealthController,
  loadConfig,
  makeEnvelope,
  OutboxRelay,
  outboxPlugin,
  PlatformModule,
  recordEvent,
  storeOperations,
  type IntegrationEventHandler,
  type OutboxEntry,
} from '@popote/platform';
import { eventually, resetJetStream, serviceEnv, startServiceApp, testNats } from '@popote/testing';
import type { Model } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

const Pinged = defineEvent('evt.testing.thing-pinged.v1', z.object({ thing_id: z.string(), n: z.number().int() }));
const Poisoned = defineEvent('evt.testing.thing-poisoned.v1', z.object({ thing_id: z.string() }));

@Schema({ collection: 'things', versionKey: false })
class Thing {
  @Prop({ type: String }) _id!: string;
  @Prop() label!: string;
  _outbox!: OutboxEntry[];
  _outbox_pending!: boolean;
}
const ThingSchema = SchemaFactory.createForClass(Thing).plugin(outboxPlugin);

/** Applies each ping by adding n to a counter; fails on the first delivery of every event. */
@Injectable()
@EventHandler(Pinged)
class PingedHandler implements IntegrationEventHandler<{ thing_id: string; n: number }> {
  static applied: Envelope<{ thing_id: string; n: number }>[] = [];
  static attempts = new Map<string, number>();
  async handle(envelope: Envelope<{ thing_id: string; n: number }>): Promise<void> {
    const attempt = (PingedHandler.attempts.get(envelope.id) ?? 0) + 1;
    PingedHandler.attempts.set(envelope.id, attempt);
    if (attempt === 1) throw new Error('transient failure on first delivery');
    PingedHandler.applied.push(envelope);
  }
}

@Injectable()
@EventHandler(Poisoned)
class PoisonedHandler implements IntegrationEventHandler<{ thing_id: string }> {
  static attempts = 0;
  async handle(): Promise<void> {
    PoisonedHandler.attempts++;
    throw new Error('always fails');
  }
}

describe('JetStream events: outbox, redelivery, idempotency, dead letters', () => {
  let app: INestApplication;
  let nc: NatsConnection;
  let things: Model<Thing>;
  let relay: OutboxRelay;

  beforeAll(async () => {
    await resetJetStream();
    const env = serviceEnv('testing', __filename, { EVENTS_MAX_DELIVER: '2' });
    const config = loadConfig(baseConfigSchema.extend({ MONGO_DB: z.string() }), env);
    @Module({
      imports: [
        PlatformModule.forService({ service: 'testing', config }),
        MongooseModule.forFeature([{ name: Thing.name, schema: ThingSchema }]),
      ],
      providers: [PingedHandler, PoisonedHandler],
    })
    class TestModule {}
    app = await startServiceApp('testing', { module: TestModule }, config.NATS_URL);
    things = app.get(getModelToken(Thing.name));
    relay = app.get(OutboxRelay);
    relay.register(things);
    nc = await testNats(config.NATS_URL);
  });

  afterAll(async () => {
    await nc?.close();
    await app?.close();
  });

  it('relays an event saved with its document, then empties the outbox', async () => {
    const thing = new things({ _id: 'thing-1', label: 'first' });
    const envelope = recordEvent(thing, Pinged, { thing_id: 'thing-1', n: 1 });
    await relay.save(things, thing); // publish on write: acked by the broker before save() returns

    const applied = await eventually(() => PingedHandler.applied.find((e) => e.id === envelope.id));
    expect(applied.data).toEqual({ thing_id: 'thing-1', n: 1 });
    expect(applied.type).toBe('evt.testing.thing-pinged.v1');
    // The first delivery failed on purpose: the event was redelivered and applied once.
    expect(PingedHandler.attempts.get(envelope.id)).toBe(2);
    const stored = await eventually(async () => {
      const doc = await things.findById('thing-1').lean<Thing>();
      return doc && !doc._outbox_pending ? doc : undefined;
    });
    expect(stored._outbox).toHaveLength(0);
  });

  it('one step on a stored document: change() publishes what it recorded at once, nothing when it recorded nothing or threw', async () => {
    await relay.save(things, new things({ _id: 'thing-step', label: 'before' }));
    const before = relay.publishedCount;
    const envelope = await relay.change(things, 'thing-step', async () => {
      const doc = (await things.findById('thing-step'))!;
      doc.label = 'after';
      const recorded = recordEvent(doc, Pinged, { thing_id: 'thing-step', n: 3 });
      await doc.save();
      return recorded;
    });
    // Published before change() returned (not by the sweep: its grace period is 2 s).
    expect(relay.publishedCount).toBe(before + 1);
    await eventually(() => PingedHandler.applied.find((e) => e.id === envelope.id));

    // A step that records nothing publishes nothing.
    await relay.change(things, 'thing-step', () => things.updateOne({ _id: 'thing-step' }, { $set: { label: 'quiet' } }));
    expect(relay.publishedCount).toBe(before + 1);

    // A step that records, then throws before its write: nothing stored, nothing published.
    await expect(
      relay.change(things, 'thing-step', async () => {
        const doc = (await things.findById('thing-step'))!;
        recordEvent(doc, Pinged, { thing_id: 'thing-step', n: 4 });
        throw new Error('refusé');
      }),
    ).rejects.toThrow('refusé');
    expect(relay.publishedCount).toBe(before + 1);
    const stored = await eventually(async () => {
      const doc = await things.findById('thing-step').lean<Thing>();
      return doc && !doc._outbox_pending ? doc : undefined;
    });
    expect(stored).toMatchObject({ label: 'quiet', _outbox: [] });
  });

  it('a step on its loaded document publishes what the document holds and clears it before change() returns, without reading it again', async () => {
    // An entry a crash left (written, never published), then a step that records another on the loaded document.
    const thing = new things({ _id: 'thing-left', label: 'left' });
    const left = recordEvent(thing, Pinged, { thing_id: 'thing-left', n: 5 });
    await thing.save();
    const finds = async () =>
      (await storeOperations.get()).values.find((v) => v.labels.command === 'find' && v.labels.collection === 'things')?.value ?? 0;
    const findsBefore = await finds();
    const before = relay.publishedCount;
    const next = await relay.change(things, 'thing-left', async () => {
      const doc = (await things.findById('thing-left'))!;
      const recorded = recordEvent(doc, Pinged, { thing_id: 'thing-left', n: 6 });
      await doc.save();
      return recorded;
    });
    // Both published, the older first, and the outbox emptied under the step's own lease.
    expect(relay.publishedCount).toBe(before + 2);
    expect(await things.findById('thing-left').lean<Thing>()).toMatchObject({ _outbox: [], _outbox_pending: false });
    // The step's own read only: the relay published what the saved document held.
    expect((await finds()) - findsBefore).toBe(2); // the step's findById, and this test's check above
    await eventually(() => {
      const ids = PingedHandler.applied.map((e) => e.id);
      return ids.includes(left.id) && ids.includes(next.id) ? ids : undefined;
    });
  });

  it('the sweep publishes what a crash left in an outbox (written, never published)', async () => {
    const thing = new things({ _id: 'thing-crash', label: 'crashed before publishing' });
    const envelope = recordEvent(thing, Pinged, { thing_id: 'thing-crash', n: 2 });
    await thing.save(); // the write, without the publish that relay.save() would do
    const published = relay.publishedCount;
    expect(await relay.drain(0)).toBeGreaterThanOrEqual(1);
    expect(relay.publishedCount).toBeGreaterThan(published);
    await eventually(() => PingedHandler.applied.find((e) => e.id === envelope.id));
    const stored = await eventually(async () => {
      const doc = await things.findById('thing-crash').lean<Thing>();
      return doc && !doc._outbox_pending ? doc : undefined;
    });
    expect(stored._outbox).toHaveLength(0);
  });

  it('applies an event delivered twice only once', async () => {
    const js = jetstream(nc);
    const envelope = makeEnvelope(Pinged, { thing_id: 'thing-2', n: 5 });
    // Two different broker message ids, so the broker's dedupe does not hide the repeat: the consumer must.
    await js.publish(Pinged.subject, JSON.stringify(envelope), { msgID: `${envelope.id}-a` });
    await eventually(() => PingedHandler.applied.some((e) => e.id === envelope.id));
    await js.publish(Pinged.subject, JSON.stringify(envelope), { msgID: `${envelope.id}-b` });
    const jsm = await jetstreamManager(nc);
    await eventually(async () => {
      const info = await jsm.consumers.info(STREAMS.events.name, 'testing-Pinged');
      return info.num_ack_pending === 0 && info.num_pending === 0 && info.delivered.stream_seq >= 2;
    });
    expect(PingedHandler.applied.filter((e) => e.id === envelope.id)).toHaveLength(1);
  });

  it('the broker drops a republished event id inside its dedupe window', async () => {
    const js = jetstream(nc);
    const envelope = makeEnvelope(Pinged, { thing_id: 'thing-3', n: 1 });
    const first = await js.publish(Pinged.subject, JSON.stringify(envelope), { msgID: envelope.id });
    const second = await js.publish(Pinged.subject, JSON.stringify(envelope), { msgID: envelope.id });
    expect(first.duplicate).toBe(false);
    expect(second.duplicate).toBe(true);
    expect(second.seq).toBe(first.seq);
  });

  it('dead-letters an event that keeps failing, after the maximum deliveries', async () => {
    const js = jetstream(nc);
    const envelope = makeEnvelope(Poisoned, { thing_id: 'thing-4' });
    await js.publish(Poisoned.subject, JSON.stringify(envelope), { msgID: envelope.id });
    const jsm = await jetstreamManager(nc);
    const dead = await eventually(async () => {
      const info = await jsm.streams.info(STREAMS.deadLetters.name);
      return info.state.messages > 0 ? info : undefined;
    }, 20_000);
    expect(dead.state.messages).toBe(1);
    const msg = await jsm.streams.getMessage(STREAMS.deadLetters.name, { last_by_subj: 'dlq.testing-Poisoned' });
    expect(msg?.json<Envelope>().id).toBe(envelope.id);
    expect(msg?.header?.get('Popote-Dlq-Reason')).toContain('always fails');
    expect(PoisonedHandler.attempts).toBe(2);
    // Visible to ops: the health endpoint and the metrics count it.
    const health = app.get(HealthController);
    expect(await health.deadLetters()).toMatchObject({ total: 1, by_consumer: { 'dlq.testing-Poisoned': 1 } });
    expect(await health.metrics()).toMatch(/popote_events_dead_lettered_total\{durable="testing-Poisoned"\} 1/);
    expect(await health.metrics()).toMatch(/popote_dead_letters_waiting\{subject="dlq.testing-Poisoned"\} 1/);
  });

  it('dead-letters a message that does not match its contract without calling the handler', async () => {
    const js = jetstream(nc);
    const before = PingedHandler.attempts.size;
    await js.publish(Pinged.subject, JSON.stringify({ id: 'x', type: Pinged.subject, data: { thing_id: 1 } }));
    const jsm = await jetstreamManager(nc);
    const msg = await eventually(() =>
      jsm.streams.getMessage(STREAMS.deadLetters.name, { last_by_subj: 'dlq.testing-Pinged' }).catch(() => undefined),
    );
    expect(msg?.header?.get('Popote-Dlq-Reason')).toMatch(/invalid message/);
    expect(PingedHandler.attempts.size).toBe(before);
  });
});
