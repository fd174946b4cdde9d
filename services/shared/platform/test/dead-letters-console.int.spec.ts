import { Injectable, Module, type INestApplication } from '@nestjs/common';
import { jetstream, jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect, headers as natsHeaders, type NatsConnection } from '@nats-io/transport-node';
import { deadLettersRpc, defineEvent, replayDeadLetterRpc, STREAMS, subjectOf, type Envelope, type ServiceName } from '@popote/contracts';
import {
  baseConfigSchema,
  EventHandler,
  loadConfig,
  makeEnvelope,
  natsOptions,
  PartitionedHandler,
  PlatformModule,
  type IntegrationEventHandler,
  type PartitionedEvent,
  type PartitionedEventHandler,
  type RpcClient,
} from '@popote/platform';
import { eventually, natsCredentials, resetJetStream, serviceEnv, startServiceApp, testNats, testRpcClient } from '@popote/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';

// The operators' console replays a service's own dead letters through the service
// (rpc.<service>.dead-letters, rpc.<service>.replay-dead-letter, @popote/platform DeadLetterReplays),
// against the real server: the service's own consumer handles the original read from EVENTS, once,
// nothing is published, and a letter the checks of `./popote dlq` refuse stays where it is.

const Flaky = defineEvent('evt.testing.console-flaky.v1', z.object({ thing_id: z.string() }));
const Moved = defineEvent('evt.testing.console-moved.v1', z.object({ cook_id: z.string() }), { partitionBy: (d) => d.cook_id });

/** Fails while `failing` is set (dead-lettered after its second delivery), applies once it is not. */
@Injectable()
@EventHandler(Flaky)
class ConsoleFlakyHandler implements IntegrationEventHandler<{ thing_id: string }> {
  static failing = true;
  static applied: Envelope<{ thing_id: string }>[] = [];
  async handle(envelope: Envelope<{ thing_id: string }>): Promise<void> {
    if (ConsoleFlakyHandler.failing) throw new Error('the database is down');
    ConsoleFlakyHandler.applied.push(envelope);
  }
}

/** A per-partition handler that always fails: its letters are never replayed from the console. */
@Injectable()
@PartitionedHandler([Moved], { name: 'moves', retry: 'standard' })
class MovesHandler implements PartitionedEventHandler {
  static seen = 0;
  async handle(_event: PartitionedEvent): Promise<void> {
    MovesHandler.seen++;
    throw new Error('the stock is locked');
  }
}

const SERVICE = 'testing' as ServiceName;
const list = deadLettersRpc(SERVICE);
const replay = replayDeadLetterRpc(SERVICE);

const as = (user: string) => connect(natsOptions({ NATS_URL: inject('infraEnv').NATS_URL!, ...natsCredentials(user) }, `as-${user}`));

describe('dead letters replayed from the console, by the service that wrote them', () => {
  let app: INestApplication;
  let nc: NatsConnection;
  let jsm: JetStreamManager;
  let rpc: RpcClient;

  const letters = async () => (await rpc.call(list, {})).letters;
  const lettersInStream = async () => (await jsm.streams.info(STREAMS.deadLetters.name)).state.messages;
  const publish = async (subject: string, envelope: Envelope<unknown>) => {
    const h = natsHeaders();
    h.set('Popote-Event-Type', envelope.type);
    return (await jetstream(nc).publish(subject, JSON.stringify(envelope), { msgID: envelope.id, headers: h })).seq;
  };
  /** A letter under `durable` written by hand (as a service could), naming `claims`. */
  const forged = (durable: string, data: unknown, claims: Record<string, string>) => {
    const h = natsHeaders();
    for (const [k, v] of Object.entries(claims)) h.set(k, v);
    return jetstream(nc)
      .publish(`dlq.${durable}`, JSON.stringify(data), { headers: h })
      .then((ack) => ack.seq);
  };

  beforeAll(async () => {
    await resetJetStream();
    const env = serviceEnv('testing', __filename, { EVENTS_MAX_DELIVER: '2' });
    const config = loadConfig(baseConfigSchema.extend({ MONGO_DB: z.string() }), env);
    @Module({ imports: [PlatformModule.forService({ service: 'testing', config })], providers: [ConsoleFlakyHandler, MovesHandler] })
    class TestModule {}
    app = await startServiceApp('testing', { module: TestModule }, config.NATS_URL);
    nc = await testNats(config.NATS_URL);
    jsm = await jetstreamManager(nc);
    rpc = await testRpcClient(config.NATS_URL);
  });

  afterAll(async () => {
    await rpc?.close();
    await nc?.close();
    await app?.close();
  });

  it('lists a real dead letter, refuses it while the handler still fails (no second letter), then replays it once and removes it', async () => {
    const envelope = makeEnvelope(Flaky, { thing_id: 'thing-1' });
    const seq = await publish(Flaky.subject, envelope);
    const letter = await eventually(async () => (await letters()).find((l) => l.event_id === envelope.id));
    expect(letter).toMatchObject({
      durable: 'testing-ConsoleFlaky',
      subject: Flaky.subject,
      original_seq: seq,
      type: Flaky.subject,
      reason: 'the database is down',
    });
    expect(Date.parse(letter.at)).toBeGreaterThan(Date.now() - 60_000);
    const eventsBefore = (await jsm.streams.info(STREAMS.events.name)).state.last_seq;

    // Still failing: refused with the error, the letter stays, and no second letter is written.
    const waiting = await lettersInStream();
    expect(await rpc.call(replay, { seq: letter.seq })).toEqual({
      outcome: 'refused',
      why: 'Le traitement a encore échoué : the database is down. La lettre reste dans la file.',
    });
    await new Promise((r) => setTimeout(r, 3000));
    expect(await lettersInStream()).toBe(waiting);
    expect((await letters()).map((l) => l.seq)).toContain(letter.seq);

    ConsoleFlakyHandler.failing = false;
    expect(await rpc.call(replay, { seq: letter.seq })).toEqual({ outcome: 'replayed', why: null });
    expect(ConsoleFlakyHandler.applied.filter((e) => e.id === envelope.id).map((e) => e.data)).toEqual([{ thing_id: 'thing-1' }]);
    expect((await letters()).map((l) => l.seq)).not.toContain(letter.seq);
    expect(await jsm.streams.getMessage(STREAMS.deadLetters.name, { seq: letter.seq })).toBeNull();
    // Nothing was published: the service's own consumer handled the original.
    expect((await jsm.streams.info(STREAMS.events.name)).state.last_seq).toBe(eventsBefore);

    // Asked again: gone. A second letter naming the same original: replayed, not applied twice.
    expect(await rpc.call(replay, { seq: letter.seq })).toMatchObject({ outcome: 'refused' });
    const again = await forged('testing-ConsoleFlaky', envelope, { 'Popote-Dlq-Subject': Flaky.subject, 'Popote-Dlq-Seq': String(seq) });
    expect(await rpc.call(replay, { seq: again })).toEqual({ outcome: 'replayed', why: null });
    expect(ConsoleFlakyHandler.applied.filter((e) => e.id === envelope.id)).toHaveLength(1);
  });

  it('refuses, and leaves in the queue, a letter whose original is missing or altered, or of another service', async () => {
    ConsoleFlakyHandler.failing = false;
    const envelope = makeEnvelope(Flaky, { thing_id: 'thing-2' });
    const seq = await publish(Flaky.subject, envelope);
    await eventually(() => ConsoleFlakyHandler.applied.find((e) => e.id === envelope.id));
    const applied = ConsoleFlakyHandler.applied.length;

    const missing = await forged('testing-ConsoleFlaky', envelope, { 'Popote-Dlq-Subject': Flaky.subject, 'Popote-Dlq-Seq': '999999' });
    const altered = await forged(
      'testing-ConsoleFlaky',
      { ...envelope, data: { thing_id: 'forged' } },
      { 'Popote-Dlq-Subject': Flaky.subject, 'Popote-Dlq-Seq': String(seq) },
    );
    const unnamed = await forged('testing-ConsoleFlaky', envelope, {});
    const others = await forged('cart-OrderPlaced', envelope, { 'Popote-Dlq-Subject': Flaky.subject, 'Popote-Dlq-Seq': String(seq) });

    const answers = [];
    for (const s of [missing, altered, unnamed, others]) answers.push(await rpc.call(replay, { seq: s }));
    expect(answers).toEqual([
      { outcome: 'refused', why: 'Son original EVENTS n° 999999 n’est pas dans le flux (supprimé, ou jamais publié).' },
      { outcome: 'refused', why: `Son contenu diffère de EVENTS n° ${seq} (${Flaky.subject}).` },
      { outcome: 'refused', why: 'Elle ne désigne aucun original dans EVENTS (pas d’en-tête Popote-Dlq-Seq).' },
      { outcome: 'refused', why: 'Cette lettre morte est celle de cart-OrderPlaced, pas d’un consommateur de testing.' },
    ]);
    expect(ConsoleFlakyHandler.applied).toHaveLength(applied);
    // The service lists its own letters only; all of them wait for a person to look at them.
    const listed = (await letters()).map((l) => l.seq);
    expect(listed).toEqual(expect.arrayContaining([missing, altered, unnamed]));
    expect(listed).not.toContain(others);
    for (const s of [missing, altered, unnamed, others])
      expect((await jsm.streams.getMessage(STREAMS.deadLetters.name, { seq: s }))?.seq, String(s)).toBe(s);
  });

  it('lists a partition’s letter but never replays it out of its order', async () => {
    const envelope = makeEnvelope(Moved, { cook_id: 'c-7' });
    await publish(subjectOf(Moved, envelope.data), envelope);
    const letter = await eventually(async () => (await letters()).find((l) => l.event_id === envelope.id));
    expect(letter.durable).toMatch(/^testing-moves-p\d+$/);
    const seen = MovesHandler.seen;
    const answer = await rpc.call(replay, { seq: letter.seq });
    expect(answer.outcome).toBe('refused');
    expect(answer.why).toContain(`Rejouez-le avec ./popote dlq replay ${letter.durable}`);
    expect(MovesHandler.seen).toBe(seen);
    expect((await letters()).map((l) => l.seq)).toContain(letter.seq);
  });

  it('gives a service, by the permission table, what a replay needs: letters and originals read by sequence, a letter removed', async () => {
    const envelope = makeEnvelope(Flaky, { thing_id: 'thing-3' });
    const seq = await publish(Flaky.subject, envelope);
    const letter = await forged('cart-OrderPlaced', envelope, { 'Popote-Dlq-Subject': Flaky.subject, 'Popote-Dlq-Seq': String(seq) });
    const cart = await as('cart');
    try {
      const own = await jetstreamManager(cart);
      expect((await own.streams.getMessage(STREAMS.deadLetters.name, { seq: letter }))?.subject).toBe('dlq.cart-OrderPlaced');
      expect((await own.streams.getMessage(STREAMS.events.name, { seq }))?.subject).toBe(Flaky.subject);
      expect(await own.streams.deleteMessage(STREAMS.deadLetters.name, letter)).toBe(true);
      // Still no purge, no message removed from EVENTS.
      await expect(own.streams.purge(STREAMS.deadLetters.name)).rejects.toThrow(/permission/i);
      await expect(own.streams.deleteMessage(STREAMS.events.name, seq)).rejects.toThrow(/permission/i);
    } finally {
      await cart.close();
    }
    const bff = await as('bff');
    try {
      await expect((await jetstreamManager(bff)).streams.getMessage(STREAMS.deadLetters.name, { seq: 1 })).rejects.toThrow(/permission/i);
    } finally {
      await bff.close();
    }
  });
});
