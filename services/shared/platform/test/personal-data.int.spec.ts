import { Injectable, Module, type INestApplication } from '@nestjs/common';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  AccountEvents,
  erasureBlockersRpc,
  exportPersonalDataRpc,
  STREAMS,
  subjectOf,
  type Envelope,
  type PersonalDataService,
} from '@popote/contracts';
import {
  baseConfigSchema,
  loadConfig,
  makeEnvelope,
  PeriodicJob,
  PeriodicJobs,
  PersonalDataModule,
  PlatformModule,
  RpcClient,
  type ErasureRequested,
  type PersonalDataProvider,
} from '@popote/platform';
import {
  eventually,
  expectDomainError,
  natsCredentials,
  resetJetStream,
  serviceEnv,
  startServiceApp,
  testNats,
  testRpcClient,
} from '@popote/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';

const BLOCKED = 'Votre compte ne peut pas être supprimé tant qu’une commande est en cours.';

/** A service's data kept in memory: what the module asked of it, and a first erasure that fails. */
class Recorded {
  readonly erased: { userId: string; envelope: Envelope<ErasureRequested> }[] = [];
  readonly attempts = new Map<string, number>();

  async export(userId: string, cursor: string | null) {
    // Two pages: the cursor the contract carries comes back here as it was sent.
    return cursor === null ? { sections: { profile: { user_id: userId } }, next_cursor: 'page-2' } : { sections: { orders: [cursor] } };
  }

  async erase(userId: string, envelope: Envelope<ErasureRequested>) {
    const attempt = (this.attempts.get(envelope.id) ?? 0) + 1;
    this.attempts.set(envelope.id, attempt);
    if (attempt === 1) throw new Error('base de données indisponible');
    this.erased.push({ userId, envelope });
  }
}

@Injectable()
class OrderingData extends Recorded implements PersonalDataProvider {
  static instance: OrderingData;
  swept = 0;
  constructor() {
    super();
    OrderingData.instance = this;
  }

  async blockers(userId: string) {
    return userId === 'busy' ? [BLOCKED] : [];
  }

  @PeriodicJob({ name: 'test-erased-sweep', everyMs: 0 })
  async sweep() {
    return ++this.swept;
  }
}

@Injectable()
class CartData extends Recorded implements PersonalDataProvider {
  static instance: CartData;
  constructor() {
    super();
    CartData.instance = this;
  }
}

describe('PersonalDataModule: the account lifecycle answered for a service by its provider', () => {
  const apps: INestApplication[] = [];
  let rpc: RpcClient;
  let nc: NatsConnection;
  const actor = { user_id: 'u-export', user_type: 'consumer' as const };

  const start = async (service: PersonalDataService, provider: typeof OrderingData | typeof CartData) => {
    const config = loadConfig(baseConfigSchema.extend({ MONGO_DB: z.string() }), serviceEnv(service, __filename));
    @Module({ imports: [PlatformModule.forService({ service, config }), PersonalDataModule.forService(service, provider)] })
    class ServiceModule {}
    const app = await startServiceApp(service, { module: ServiceModule }, config.NATS_URL);
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    await resetJetStream();
    // Each under its own NATS user: the permission table lets it answer its subjects and consume its durable.
    await start('ordering', OrderingData);
    await start('cart', CartData);
    rpc = await testRpcClient();
    nc = await testNats();
  });

  afterAll(async () => {
    await nc?.close();
    await rpc?.close();
    for (const app of apps) await app.close();
  });

  it("answers rpc.<service>.export-personal-data with the signed actor's pages, validated by the contract", async () => {
    const first = await rpc.call(exportPersonalDataRpc('ordering'), { actor });
    expect(first).toEqual({ sections: { profile: { user_id: actor.user_id } }, media_keys: [], next_cursor: 'page-2' });
    const second = await rpc.call(exportPersonalDataRpc('ordering'), { actor, cursor: first.next_cursor });
    expect(second).toEqual({ sections: { orders: ['page-2'] }, media_keys: [], next_cursor: null });
    expect((await rpc.call(exportPersonalDataRpc('cart'), { actor })).sections).toEqual({ profile: { user_id: actor.user_id } });

    // The contract's validation (a cursor too long) and the actor's assertion (none) before the provider.
    const tooLong = await expectDomainError(rpc.call(exportPersonalDataRpc('ordering'), { actor, cursor: 'x'.repeat(1001) }));
    expect(tooLong.code).toBe('VALIDATION_FAILED');
    const unsigned = new RpcClient({ NATS_URL: inject('infraEnv').NATS_URL!, ...natsCredentials('test') }, 'unsigned');
    await unsigned.connect();
    try {
      expect((await expectDomainError(unsigned.call(exportPersonalDataRpc('cart'), { actor }))).code).toBe('UNAUTHENTICATED');
    } finally {
      await unsigned.close();
    }
  });

  it('answers rpc.<service>.erasure-blockers for a blocking service only', async () => {
    expect(await rpc.call(erasureBlockersRpc('ordering'), { user_id: 'busy' })).toEqual({ reasons: [BLOCKED] });
    expect(await rpc.call(erasureBlockersRpc('ordering'), { user_id: 'free' })).toEqual({ reasons: [] });
    // Nobody answers the cart's: no such subject is served.
    await expect(nc.request('rpc.cart.erasure-blockers', JSON.stringify({ user_id: 'busy' }), { timeout: 5000 })).rejects.toThrow(
      /no responders|503/i,
    );
  });

  it('applies each erasure once as <service>-AccountErasure: retried after a failure, a second delivery skipped', async () => {
    const js = jetstream(nc);
    const erasure = makeEnvelope(AccountEvents.erasureRequested, {
      user_id: 'u-erased',
      email: 'zoe@popote.test',
      names: ['Zoé Martin', 'zoe'],
      requested_at: new Date().toISOString(),
    });
    const subject = subjectOf(AccountEvents.erasureRequested, erasure.data);
    await js.publish(subject, JSON.stringify(erasure), { msgID: erasure.id });
    for (const provider of [OrderingData.instance, CartData.instance]) {
      const done = await eventually(() => provider.erased.find((e) => e.envelope.id === erasure.id), 20_000);
      expect(done.userId).toBe('u-erased');
      expect(done.envelope.data).toEqual(erasure.data);
      expect(provider.attempts.get(erasure.id)).toBe(2);
    }

    // The same event again (past the broker's dedupe): the processed mark of each durable skips it.
    await js.publish(subject, JSON.stringify(erasure), { msgID: `${erasure.id}-again` });
    const jsm = await jetstreamManager(nc);
    for (const durable of ['ordering-AccountErasure', 'cart-AccountErasure']) {
      await eventually(async () => {
        const info = await jsm.consumers.info(STREAMS.events.name, durable);
        return info.num_ack_pending === 0 && info.num_pending === 0 && info.delivered.stream_seq >= 2;
      });
    }
    expect(OrderingData.instance.erased.filter((e) => e.envelope.id === erasure.id)).toHaveLength(1);
    expect(CartData.instance.erased.filter((e) => e.envelope.id === erasure.id)).toHaveLength(1);
    expect(OrderingData.instance.attempts.get(erasure.id)).toBe(2);
  });

  it("runs the provider's periodic jobs like any provider's", async () => {
    const jobs = apps[0]!.get(PeriodicJobs);
    expect(jobs.list()).toContainEqual({ name: 'test-erased-sweep', everyMs: 0 });
    expect(await jobs.runNow('test-erased-sweep')).toBe(1);
  });
});
