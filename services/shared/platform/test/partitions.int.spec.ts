import { Injectable, Module, type INestApplication } from '@nestjs/common';
import { jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { defineEvent, EVENT_PARTITIONS, partitionOf, subjectOf } from '@popote/contracts';
import {
  baseConfigSchema,
  loadConfig,
  makeEnvelope,
  PartitionedHandler,
  PlatformModule,
  type PartitionedEvent,
  type PartitionedEventHandler,
} from '@popote/platform';
import { eventually, resetJetStream, serviceEnv, startServiceApp, testNats } from '@popote/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

const Took = defineEvent('evt.testing.thing-took.v1', z.object({ key: z.string(), n: z.number().int() }), {
  partitionBy: (d) => d.key,
});
const Gave = defineEvent('evt.testing.thing-gave.v1', z.object({ key: z.string(), n: z.number().int() }), {
  partitionBy: (d) => d.key,
});

/** Shared by both replicas (same test process): what is in flight per partition, and the order seen per key. */
const inFlight = new Map<number, string>();
const overlaps: string[] = [];
const seen = new Map<string, number[]>();
let maxParallel = 0;

function makeHandler(replica: string) {
  @Injectable()
  @PartitionedHandler([Took, Gave], { name: 'worker', retry: 'standard' })
  class WorkerHandler implements PartitionedEventHandler {
    async handle(event: PartitionedEvent): Promise<void> {
      const data = event.envelope.data as { key: string; n: number };
      const other = inFlight.get(event.partition);
      if (other) overlaps.push(`${replica} started ${data.key}#${data.n} while ${other} was running on p${event.partition}`);
      inFlight.set(event.partition, `${replica}:${data.key}#${data.n}`);
      maxParallel = Math.max(maxParallel, inFlight.size);
      await new Promise((r) => setTimeout(r, 2 + Math.random() * 4));
      seen.set(data.key, [...(seen.get(data.key) ?? []), data.n]);
      inFlight.delete(event.partition);
    }
  }
  return WorkerHandler;
}

describe('partitioned events: in order per partition, one at a time across replicas, parallel across partitions', () => {
  const apps: INestApplication[] = [];
  let nc: NatsConnection;

  beforeAll(async () => {
    await resetJetStream();
    for (const replica of ['replica-a', 'replica-b']) {
      const env = serviceEnv('testing', __filename);
      const config = loadConfig(baseConfigSchema.extend({ MONGO_DB: z.string() }), env);
      @Module({ imports: [PlatformModule.forService({ service: 'testing', config })], providers: [makeHandler(replica)] })
      class ReplicaModule {}
      apps.push(await startServiceApp('testing', { module: ReplicaModule }, config.NATS_URL));
    }
    nc = await testNats();
  });

  afterAll(async () => {
    await nc?.close();
    for (const app of apps) await app.close();
  });

  it('applies 400 events of 40 keys in order per key, never two of a partition at once, several partitions at once', async () => {
    const js = jetstream(nc);
    const keys = Array.from({ length: 40 }, (_, i) => `cook-${i}`);
    const perKey = 10;
    const publishes: Promise<unknown>[] = [];
    for (let n = 0; n < perKey; n++) {
      for (const key of keys) {
        const contract = n % 2 ? Gave : Took;
        const envelope = makeEnvelope(contract, { key, n });
        publishes.push(js.publish(subjectOf(contract, { key, n }), JSON.stringify(envelope), { msgID: envelope.id }));
      }
      await Promise.all(publishes.splice(0)); // per key, n is published after n-1
    }
    await eventually(() => [...seen.values()].reduce((s, l) => s + l.length, 0) === keys.length * perKey || undefined, 60_000);
    expect(overlaps).toEqual([]);
    for (const key of keys) expect(seen.get(key)).toEqual(Array.from({ length: perKey }, (_, n) => n));
    expect(new Set(keys.map((k) => partitionOf(k))).size).toBeGreaterThan(EVENT_PARTITIONS / 2);
    expect(maxParallel).toBeGreaterThan(1);
  });
});
