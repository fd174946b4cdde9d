import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { Kvm } from '@nats-io/kv';
import { connect } from '@nats-io/transport-node';
import { MongoClient } from 'mongodb';
import { percentile } from './stats';

/**
 * The building blocks the stock designs of ADR 0004 are made of, timed one at a time (latency of
 * one operation, no concurrency): a FerretDB update by _id (a stock write), a JetStream publish
 * with its ack (publish on write, partitioned events), a KV compare-and-swap update (option 2), and
 * a KV lease taken and released (the per-document lock).
 */
export async function primitives(natsUrl: string, mongoUrl: string, n = 300) {
  const time = async (fn: (i: number) => Promise<unknown>) => {
    const t: number[] = [];
    for (let i = 0; i < n; i++) {
      const s = performance.now();
      await fn(i);
      t.push(performance.now() - s);
    }
    t.sort((a, b) => a - b);
    return { p50_ms: +percentile(t, 50).toFixed(2), p95_ms: +percentile(t, 95).toFixed(2) };
  };
  const mongo = await MongoClient.connect(mongoUrl);
  const nc = await connect({ servers: natsUrl.split(',') });
  try {
    const stock = mongo.db('popote_bench').collection<{ _id: string; portions: number; seq: number }>('stock');
    await stock.deleteMany({});
    await stock.insertMany(Array.from({ length: 50 }, (_, i) => ({ _id: `m${i}`, portions: 1e6, seq: 0 })));
    for (let i = 0; i < 500; i++) await stock.insertOne({ _id: `filler${i}`, portions: 1, seq: 0 });
    const ferretUpdate = await time((i) =>
      stock.updateOne({ _id: `m${i % 50}`, seq: { $lt: i + 1 } }, { $inc: { portions: -1 }, $set: { seq: i + 1 } }),
    );
    const ferretRead = await time((i) => stock.findOne({ _id: `m${i % 50}` }));
    const ferretScan = await time(() => stock.findOne({ portions: 1, seq: -1 }));
    const jsm = await jetstreamManager(nc);
    await jsm.streams.add({ name: 'BENCH', subjects: ['bench.>'] }).catch(() => undefined);
    const js = jetstream(nc);
    const publish = await time((i) => js.publish(`bench.p${i % 16}`, 'x', { msgID: `b-${Date.now()}-${i}` }));
    const kv = await new Kvm(nc).create('bench_cas', { history: 1 });
    let rev = await kv.put('cook', '0');
    const cas = await time(async (i) => {
      rev = await kv.update('cook', String(i), rev);
    });
    const locks = await new Kvm(nc).create('bench_locks', { history: 1, ttl: 15_000 });
    const lease = await time(async (i) => {
      const r = await locks.create(`doc${i % 20}`, 'me');
      await locks.delete(`doc${i % 20}`, { previousSeq: r });
    });
    await jsm.streams.delete('BENCH').catch(() => undefined);
    const conditionalUpdate = await conditionalUpdateRace(mongoUrl);
    return {
      operations: n,
      ferretdb_update_by_id: ferretUpdate,
      ferretdb_read_by_id: ferretRead,
      ferretdb_filter_without_index_550_docs: ferretScan,
      jetstream_publish_ack: publish,
      kv_compare_and_swap: cas,
      kv_lease_take_and_release: lease,
      conditional_update_race: conditionalUpdate,
    };
  } finally {
    await nc.close();
    await mongo.close();
  }
}

/**
 * Whether the store applies a single-document conditional update atomically (the rule being "let the
 * store do the atomic part"): 8 writers on 4 connections race to move a counter from n to n + 1 with
 * `updateOne({_id, n}, {$set: {n: n + 1}})`. Atomic (MongoDB): successes = increments. FerretDB 1.24
 * reads, changes and writes the document back without checking it again, so two writers both
 * "succeed" on the same n and one increment is lost: successes > increments — why every
 * read-decide-write there still holds a lease (ADR 0004).
 */
async function conditionalUpdateRace(mongoUrl: string, writers = 8, attempts = 100) {
  const clients = await Promise.all([1, 2, 3, 4].map(() => MongoClient.connect(mongoUrl, { maxPoolSize: 4 })));
  try {
    const counter = (c: MongoClient) => c.db('popote_bench').collection<{ _id: string; n: number }>('race');
    await counter(clients[0]).deleteMany({});
    await counter(clients[0]).insertOne({ _id: 'x', n: 0 });
    let successes = 0;
    await Promise.all(
      Array.from({ length: writers }, async (_, w) => {
        const c = clients[w % clients.length];
        for (let i = 0; i < attempts; i++) {
          const seen = (await counter(c).findOne({ _id: 'x' }))!.n;
          if ((await counter(c).updateOne({ _id: 'x', n: seen }, { $set: { n: seen + 1 } })).modifiedCount === 1) successes++;
        }
      }),
    );
    const increments = (await counter(clients[0]).findOne({ _id: 'x' }))!.n;
    return { writers, attempts_each: attempts, successes, increments, atomic: successes === increments };
  } finally {
    await Promise.all(clients.map((c) => c.close()));
  }
}
