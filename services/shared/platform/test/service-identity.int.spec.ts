import type { INestApplication } from '@nestjs/common';
import { jetstream } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { CartRpc, IdentityRpc, PaymentsEvents, STREAMS } from '@popote/contracts';
import { ActorSigner, makeEnvelope, natsOptions, RpcClient } from '@popote/platform';
import { expectDomainError, natsCredentials, resetJetStream, serviceEnv, startServiceApp, testNats, testRpcClient } from '@popote/testing';
import { generateKeyPairSync } from 'node:crypto';
import { inject } from 'vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppModule as CartModule } from '../../../cart/src/app.module';
import { cartConfig } from '../../../cart/src/config';

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
