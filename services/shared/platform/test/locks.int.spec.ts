import type { NatsConnection } from '@nats-io/transport-node';
import { DistributedLocks } from '@popote/platform';
import { serviceEnv, testNats } from '@popote/testing';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe('distributed locks (NATS KV leases): one writer per document across processes', () => {
  const conns: NatsConnection[] = [];
  let mongo: MongoClient;

  beforeAll(async () => {
    const env = serviceEnv('testing', __filename);
    for (let i = 0; i < 2; i++) conns.push(await testNats());
    mongo = await MongoClient.connect(env.MONGO_URL!);
  });

  afterAll(async () => {
    for (const c of conns) await c.close();
    await mongo?.close();
  });

  it('two "replicas" doing read-modify-write on one document never overlap and lose nothing', async () => {
    const [a, b] = conns.map((nc) => new DistributedLocks(nc));
    const counters = mongo.db(serviceEnv('testing', __filename).MONGO_DB).collection<{ _id: string; n: number }>('counters');
    await counters.deleteMany({});
    await counters.insertOne({ _id: 'c', n: 0 });
    let inside = 0;
    let overlaps = 0;
    const bump = (locks: DistributedLocks) =>
      locks.run('counters:c', async () => {
        if (++inside > 1) overlaps++;
        const doc = await counters.findOne({ _id: 'c' });
        await new Promise((r) => setTimeout(r, Math.random() * 3));
        await counters.updateOne({ _id: 'c' }, { $set: { n: doc!.n + 1 } });
        inside--;
      });
    await Promise.all(Array.from({ length: 60 }, (_, i) => bump(i % 2 ? a : b)));
    expect(overlaps).toBe(0);
    expect((await counters.findOne({ _id: 'c' }))?.n).toBe(60);
  });

  it('a lease left by a dead holder is released by its expiry, not held forever', async () => {
    const nc = await testNats();
    const short = { bucket: 'popote_locks_short', leaseMs: 2000 };
    const dead = new DistributedLocks(nc, 1, short);
    // The holder "dies" inside its critical section: its connection closes without releasing.
    void dead.run('orphan', async () => {
      await nc.close();
      await new Promise(() => undefined);
    });
    await new Promise((r) => setTimeout(r, 300));
    const started = Date.now();
    await new DistributedLocks(conns[0], 1, short).run('orphan', async () => undefined);
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThan(1000); // it was held…
    expect(waited).toBeLessThan(6000); // …until its lease expired
  });
});
