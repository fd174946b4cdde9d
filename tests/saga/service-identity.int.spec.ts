import { Logger, type INestApplication } from '@nestjs/common';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { AppModule as CartModule, cartConfig } from '@popote/cart/app';
import { CartRpc, IdentityRpc, OrderingEvents, PaymentsEvents, STREAMS } from '@popote/contracts';
import { ActorSigner, ensureStreams, makeEnvelope, natsOptions, RpcClient, sharedStreamConfigs } from '@popote/platform';
import { expectDomainError, natsCredentials, resetJetStream, serviceEnv, startServiceApp, testNats, testRpcClient } from '@popote/testing';
import { generateKeyPairSync } from 'node:crypto';
import { inject } from 'vitest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const natsUrl = () => inject('infraEnv').NATS_URL!;
const as = (user: string) => connect(natsOptions({ NATS_URL: natsUrl(), ...natsCredentials(user) }, `as-${user}`));
const buyer = { user_id: 'someone', user_type: 'consumer' as const };

describe('service identity on NATS: users with permissions, signed actors', () => {
  let cart: INestApplication;
  let bff: RpcClient;
  let observer: NatsConnection;

  beforeAll(async () => {
    await resetJetStream();
    const config = cartConfig(serviceEnv('cart', __filename));
    cart = await startServiceApp('cart', CartModule.forRoot(config), config.NATS_URL);
    bff = await testRpcClient();
    observer = await testNats();
    await bff.call(CartRpc.getCart, { actor: buyer }); // the streams exist once a service is up
  });

  afterAll(async () => {
    await observer?.close();
    await bff?.close();
    await cart?.close();
  });

  it('refuses a client without credentials, or with a wrong password', async () => {
    await expect(connect({ servers: natsUrl() })).rejects.toThrow(/Authorization/i);
    await expect(connect({ servers: natsUrl(), user: 'payments', pass: 'guess' })).rejects.toThrow(/Authorization/i);
  });

  it("refuses a service publishing another service's event: only payments announces a payment", async () => {
    const nc = await as('cart');
    try {
      const forged = makeEnvelope(PaymentsEvents.paymentSucceeded, {
        checkout_id: 'forged-checkout',
        consumer_id: 'u',
        amount_cents: 1,
        payment_intent_id: 'pi_forged',
        lines: [],
      });
      await expect(jetstream(nc).publish(PaymentsEvents.paymentSucceeded.subject, JSON.stringify(forged))).rejects.toThrow();
      // Nothing reached the stream.
      const jsm = await jetstream(observer).jetstreamManager();
      const last = await jsm.streams
        .getMessage(STREAMS.events.name, { last_by_subj: PaymentsEvents.paymentSucceeded.subject })
        .catch(() => null);
      expect(last?.json<{ data: { checkout_id: string } }>().data.checkout_id).not.toBe('forged-checkout');
    } finally {
      await nc.close();
    }
  });

  it("refuses a dead letter, or an event, in another's name: a service dead-letters only its own consumers", async () => {
    const cart = await as('cart');
    const bffNc = await as('bff');
    try {
      const envelope = JSON.stringify({ id: 'forged', type: OrderingEvents.orderPlaced.subject, data: { order_id: 'o' } });
      // A forged dead letter would be replayed by the operator (`./popote dlq replay`) as the original event.
      await expect(jetstream(cart).publish('dlq.payments-OrderCancelled', envelope)).rejects.toThrow(/permission/i);
      await expect(jetstream(cart).publish(`${OrderingEvents.orderPlaced.subject}.3`, envelope)).rejects.toThrow(/permission/i);
      await expect(jetstream(bffNc).publish(`${OrderingEvents.orderPlaced.subject}.3`, envelope)).rejects.toThrow(/permission/i);
      // Its own: accepted; and the operator (`./popote dlq`) reads it, publishes it again and removes it.
      const { seq } = await jetstream(cart).publish('dlq.cart-OrderPlaced', envelope);
      const operator = await as('operator');
      try {
        const jsm = await jetstreamManager(operator);
        expect((await jsm.streams.getMessage(STREAMS.deadLetters.name, { seq }))?.subject).toBe('dlq.cart-OrderPlaced');
        expect((await jetstream(operator).publish('evt.cart.replayed.v1', envelope)).stream).toBe(STREAMS.events.name);
        expect(await jsm.streams.deleteMessage(STREAMS.deadLetters.name, seq)).toBe(true);
        await expect(jsm.streams.purge(STREAMS.deadLetters.name)).rejects.toThrow(/permission/i);
      } finally {
        await operator.close();
      }
    } finally {
      await cart.close();
      await bffNc.close();
    }
  });

  it('refuses a service creating a stream of its own (one could capture the RPCs), deleting or purging the shared ones', async () => {
    const nc = await as('cart');
    await jetstream(observer).publish('evt.cart.kept.v1', '{}');
    try {
      const jsm = await jetstreamManager(nc);
      // A stream on rpc.identity.> would keep every sign-in request (passwords) for whoever reads it.
      await expect(jsm.streams.add({ name: 'CAPTURE', subjects: ['rpc.identity.>'] })).rejects.toThrow(/permission/i);
      const update = JSON.stringify({ name: 'KV_popote_locks', subjects: ['$KV.popote_locks.>', 'rpc.>'] });
      await expect(nc.request('$JS.API.STREAM.UPDATE.KV_popote_locks', update, { timeout: 2000 })).rejects.toThrow(/permission/i);
      await expect(jsm.streams.purge(STREAMS.events.name)).rejects.toThrow(/permission/i);
      await expect(jsm.streams.delete(STREAMS.deadLetters.name)).rejects.toThrow(/permission/i);
      const admin = await jetstreamManager(observer);
      await expect(admin.streams.info('CAPTURE')).rejects.toThrow(/not found/i);
      expect((await admin.streams.info(STREAMS.events.name)).state.messages).toBeGreaterThan(0);
      expect((await admin.streams.info(STREAMS.deadLetters.name)).config.name).toBe(STREAMS.deadLetters.name);
      // What ensureStreams does at every start stays allowed.
      expect((await jsm.streams.info(STREAMS.events.name)).config.name).toBe(STREAMS.events.name);
    } finally {
      await nc.close();
    }
  });

  it('refuses a service updating a shared stream (EVENTS capturing rpc.identity.>), even by creating it again; the operator updates them', async () => {
    const nc = await as('cart');
    const operator = await as('operator');
    const admin = await jetstreamManager(observer);
    const logged = vi.spyOn(Logger.prototype, 'error');
    try {
      const jsm = await jetstreamManager(nc);
      // EVENTS capturing the sign-in requests: its durable would read the passwords.
      const capture = [...STREAMS.events.subjects, 'rpc.identity.>'];
      await expect(jsm.streams.update(STREAMS.events.name, { subjects: capture })).rejects.toThrow(/permission/i);
      await expect(jsm.streams.update(STREAMS.deadLetters.name, { subjects: [...STREAMS.deadLetters.subjects, 'rpc.>'] })).rejects.toThrow(
        /permission/i,
      );
      // A create cannot change an existing stream: the server refuses another configuration.
      await expect(jsm.streams.add({ name: STREAMS.events.name, subjects: capture })).rejects.toThrow(/different configuration/i);
      await expect(jsm.streams.add({ ...sharedStreamConfigs(1)[0]!, duplicate_window: 1_000_000_000 })).rejects.toThrow(
        /different configuration/i,
      );
      expect((await admin.streams.info(STREAMS.events.name)).config.subjects).toEqual([...STREAMS.events.subjects]);
      // The same configuration is accepted (what ensureStreams does when the stream is missing).
      expect((await jsm.streams.add(sharedStreamConfigs(1)[0]!)).config.subjects).toEqual([...STREAMS.events.subjects]);

      // The operator applies a change of the contract; a service that finds the stream otherwise
      // than the contract says so at start, for an operator, and goes on without updating it.
      const opJsm = await jetstreamManager(operator);
      expect((await opJsm.streams.update(STREAMS.events.name, { duplicate_window: 60_000_000_000 })).config.duplicate_window).toBe(
        60_000_000_000,
      );
      await ensureStreams(nc, 1);
      expect(logged).toHaveBeenCalledWith(
        expect.stringMatching(
          /^stream EVENTS differs from the contract \(duplicate_window 60 s, contract 120 s\) and this process may not update it: an operator must apply it \(nats --user operator stream edit EVENTS/,
        ),
      );
      expect((await admin.streams.info(STREAMS.events.name)).config.duplicate_window).toBe(60_000_000_000);
      await opJsm.streams.update(STREAMS.events.name, { duplicate_window: sharedStreamConfigs(1)[0]!.duplicate_window });
      logged.mockClear();
      await ensureStreams(nc, 1);
      expect(logged).not.toHaveBeenCalled();
    } finally {
      logged.mockRestore();
      await nc.close();
      await operator.close();
    }
  });

  it("refuses a service or the BFF creating, reading, pulling, acknowledging or deleting another's durable consumer", async () => {
    // payments' consumer of cancelled orders, as payments would create it (here by the tests' own user).
    const admin = await jetstreamManager(observer);
    const victim = 'payments-OrderCancelled';
    const config = {
      durable_name: victim,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: OrderingEvents.orderCancelled.subject,
    };
    await admin.consumers.add(STREAMS.events.name, config);
    const cart = await as('cart');
    const bffNc = await as('bff');
    try {
      for (const nc of [cart, bffNc]) {
        const jsm = await jetstreamManager(nc);
        await expect(jsm.consumers.info(STREAMS.events.name, victim)).rejects.toThrow(/permission/i);
        await expect(jsm.consumers.delete(STREAMS.events.name, victim)).rejects.toThrow(/permission/i);
        await expect(jsm.consumers.add(STREAMS.events.name, { ...config, durable_name: 'payments-OrderPickedUp' })).rejects.toThrow(
          /permission/i,
        );
        // Pulling it (the victim would never see those deliveries), or acknowledging its messages.
        const pull = `$JS.API.CONSUMER.MSG.NEXT.${STREAMS.events.name}.${victim}`;
        await expect(nc.request(pull, JSON.stringify({ batch: 1, expires: 1_000_000_000 }), { timeout: 2000 })).rejects.toThrow(
          /permission/i,
        );
        await expect(nc.request(`$JS.ACK.${STREAMS.events.name}.${victim}.1.1.1.0.0`, '', { timeout: 2000 })).rejects.toThrow(
          /permission/i,
        );
      }
      // The create with no name in the subject (the name in the body) would update it: refused to a service
      // (the BFF's ordered consumers use it; what is left there: docs/security.md).
      const legacy = JSON.stringify({
        stream_name: STREAMS.events.name,
        config: { ...config, durable_name: undefined, name: victim, max_deliver: 1 },
      });
      await expect(cart.request(`$JS.API.CONSUMER.CREATE.${STREAMS.events.name}`, legacy, { timeout: 2000 })).rejects.toThrow(
        /permission/i,
      );
      expect((await admin.consumers.info(STREAMS.events.name, victim)).config.max_deliver).toBe(-1);

      // Their own: the cart's consumers (created when it started) and the BFF's ordered consumers.
      expect((await (await jetstreamManager(cart)).consumers.info(STREAMS.events.name, 'cart-OrderPlaced')).name).toBe('cart-OrderPlaced');
      const ordered = await jetstream(bffNc).consumers.get(STREAMS.events.name, {
        filter_subjects: [OrderingEvents.orderCancelled.subject, OrderingEvents.orderPlaced.subject + '.>'],
        deliver_policy: DeliverPolicy.New,
      });
      expect((await ordered.info(true)).stream_name).toBe(STREAMS.events.name);
      await ordered.delete();
    } finally {
      await cart.close();
      await bffNc.close();
      await admin.consumers.delete(STREAMS.events.name, victim).catch(() => undefined);
    }
  });

  it('refuses a service re-creating its own durable with another filter: it reads only the events it consumes', async () => {
    const cartNc = await as('cart');
    const jsm = await jetstreamManager(cartNc);
    const own = 'cart-OrderPlaced';
    try {
      const before = (await jsm.consumers.info(STREAMS.events.name, own)).config;
      expect(before.filter_subject).toBe(`${OrderingEvents.orderPlaced.subject}.*`);
      const base = { durable_name: own, ack_policy: AckPolicy.Explicit, deliver_policy: DeliverPolicy.All };
      // Payments' announcements instead (the card's amount, the buyer): the filter in the subject is refused…
      await expect(
        jsm.consumers.update(STREAMS.events.name, own, { filter_subject: `${PaymentsEvents.paymentSucceeded.subject}` }),
      ).rejects.toThrow(/permission/i);
      // …and so are the forms that carry no filter in their subject: several filters, or the legacy create.
      await expect(
        jsm.consumers.update(STREAMS.events.name, own, {
          filter_subjects: [before.filter_subject!, PaymentsEvents.paymentSucceeded.subject],
        }),
      ).rejects.toThrow(/permission/i);
      const legacy = JSON.stringify({ stream_name: STREAMS.events.name, config: { ...base, filter_subject: 'evt.>' } });
      await expect(
        cartNc.request(`$JS.API.CONSUMER.DURABLE.CREATE.${STREAMS.events.name}.${own}`, legacy, { timeout: 2000 }),
      ).rejects.toThrow(/permission/i);
      // The server checks the filter in the subject against the body: its own filter named, another asked.
      const mismatched = JSON.stringify({
        stream_name: STREAMS.events.name,
        action: 'update',
        config: { ...before, filter_subject: PaymentsEvents.paymentSucceeded.subject },
      });
      const answer = await cartNc.request(`$JS.API.CONSUMER.CREATE.${STREAMS.events.name}.${own}.${before.filter_subject}`, mismatched, {
        timeout: 2000,
      });
      expect(JSON.parse(answer.string()).error?.description).toMatch(/filter/i);
      // Its own filter, as the service updates it at start: allowed, and nothing else changed.
      await jsm.consumers.update(STREAMS.events.name, own, {
        filter_subject: before.filter_subject,
        max_ack_pending: before.max_ack_pending,
      });
      expect((await jsm.consumers.info(STREAMS.events.name, own)).config.filter_subject).toBe(before.filter_subject);
    } finally {
      await cartNc.close();
    }
  });

  it('refuses a service answering RPCs that are not its own, and calling user-facing RPCs', async () => {
    const nc = await as('cart');
    const errors: Error[] = [];
    try {
      // Subscribing to identity's sign-in (to read passwords) is refused by the server.
      const sub = nc.subscribe(IdentityRpc.signIn.subject, { callback: (err) => err && errors.push(err) });
      await nc.flush();
      await new Promise((r) => setTimeout(r, 200));
      expect(sub.isClosed() || errors.length > 0).toBe(true);
      // Only the BFF calls the user-facing RPCs.
      await expect(nc.request(IdentityRpc.getMe.subject, JSON.stringify({ data: { actor: buyer } }), { timeout: 2000 })).rejects.toThrow(
        /permission/i,
      );
    } finally {
      await nc.close().catch(() => undefined);
    }
  });

  it('refuses a request whose actor is not signed by the BFF', async () => {
    const unsigned = new RpcClient({ NATS_URL: natsUrl(), ...natsCredentials('test') }, 'unsigned');
    await unsigned.connect();
    const { privateKey } = generateKeyPairSync('ed25519');
    const forger = new RpcClient(
      { NATS_URL: natsUrl(), ...natsCredentials('test') },
      'forger',
      new ActorSigner(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()),
    );
    await forger.connect();
    try {
      for (const client of [unsigned, forger]) {
        const err = await expectDomainError(client.call(CartRpc.addItem, { actor: buyer, meal_id: 'm', quantity: 1 }));
        expect(err).toMatchObject({ code: 'UNAUTHENTICATED', message: 'Votre session a expiré, veuillez vous reconnecter' });
      }
      // The BFF's signature works.
      expect((await bff.call(CartRpc.getCart, { actor: buyer })).items).toEqual([]);
    } finally {
      await unsigned.close();
      await forger.close();
    }
  });

  it('refuses a valid assertion presented for another user', async () => {
    const nc = await testNats();
    try {
      const { headers } = await import('@nats-io/transport-node');
      const { ACTOR_HEADER, DEV_ACTOR_SIGNING_KEY } = await import('@popote/platform');
      const h = headers();
      h.set(ACTOR_HEADER, await new ActorSigner(DEV_ACTOR_SIGNING_KEY).sign(buyer));
      const victim = { user_id: 'victim', user_type: 'consumer' };
      const reply = await nc.request(
        CartRpc.getCart.subject,
        JSON.stringify({ pattern: CartRpc.getCart.subject, data: { actor: victim }, id: '1' }),
        {
          headers: h,
          timeout: 5000,
        },
      );
      expect(reply.json<{ err?: { code: string } }>().err).toMatchObject({ code: 'UNAUTHENTICATED' });
    } finally {
      await nc.close();
    }
  });

  it('an RPC whose caller gave up is dropped soon after, and a reply that is not JSON is an error of that call', async () => {
    // A stand-in for identity (no identity service runs in this file) that keeps every request and
    // answers none by itself.
    const nc = await as('identity');
    const held: { respond: (data: string) => boolean }[] = [];
    nc.subscribe(IdentityRpc.getMe.subject, { callback: (_err, msg) => held.push(msg) });
    await nc.flush();
    // nats.js' requests waiting on the shared reply inbox (its internals: no public count).
    const pending = () =>
      (
        bff as unknown as { proxy: { natsClient: { protocol: { muxSubscriptions: { size(): number } } } } }
      ).proxy.natsClient.protocol.muxSubscriptions.size();
    try {
      const started = Date.now();
      const late = await expectDomainError(bff.call(IdentityRpc.getMe, { actor: buyer }, { timeoutMs: 300 }));
      expect(late.code).toBe('UNAVAILABLE');
      expect(Date.now() - started).toBeLessThan(2000);
      expect(pending()).toBe(1);
      // A second past the caller's timeout, nats.js no longer waits for it (not the 2 minutes of before).
      await new Promise((r) => setTimeout(r, 1500));
      expect(pending()).toBe(0);
      // The reply, when it finally comes, is ignored.
      held.shift()?.respond(JSON.stringify({ response: { user: null }, isDisposed: true }));

      // Not JSON: the call fails with the generic error, the process goes on.
      const broken = bff.call(IdentityRpc.getMe, { actor: buyer }, { timeoutMs: 3000 });
      await expect.poll(() => held.length).toBe(1);
      held.shift()?.respond('{ not json');
      expect((await expectDomainError(broken)).code).toBe('INTERNAL');
    } finally {
      await nc.close();
    }
  });
});
