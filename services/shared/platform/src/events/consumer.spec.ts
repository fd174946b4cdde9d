import type { StoredMsg } from '@nats-io/jetstream';
import type { DiscoveryService } from '@nestjs/core';
import { defineEvent, type Envelope } from '@popote/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EventConsumerHost, redeliveryDelayMs, retryBudgetMs, retrySchedule } from './consumer';
import { KeyedMutex } from './locks';

describe('redeliveryDelayMs', () => {
  it('backs off exponentially from one second', () => {
    expect([1, 2, 3, 4].map((n) => redeliveryDelayMs(n))).toEqual([1000, 2000, 4000, 8000]);
  });
  it('is capped at thirty seconds by default', () => {
    expect(redeliveryDelayMs(12)).toBe(30_000);
  });
});

describe('retry policies', () => {
  const opts = { maxDeliver: 5, criticalMaxDeliver: 40 };
  it('standard handlers give up after seconds', () => {
    expect(retryBudgetMs(retrySchedule('standard', opts))).toBe(1000 + 2000 + 4000 + 8000);
  });
  it('money and stock handlers keep retrying for hours, ten minutes apart at most', () => {
    const schedule = retrySchedule('hours', opts);
    expect(schedule.capMs).toBe(600_000);
    expect(redeliveryDelayMs(30, schedule.capMs)).toBe(600_000);
    // 1 s … 512 s, then 10 min: about 5 hours before a money event is dead-lettered.
    expect(retryBudgetMs(schedule) / 3_600_000).toBeGreaterThan(4.5);
  });
});

/** An original read from EVENTS, as the replay gets it. */
const stored = (subject: string, seq: number, body: unknown) => {
  const data = new TextEncoder().encode(typeof body === 'string' ? body : JSON.stringify(body));
  return { subject, seq, data, header: undefined, json: () => JSON.parse(new TextDecoder().decode(data)) } as unknown as StoredMsg;
};

const Thing = defineEvent('evt.testing.thing-done.v1', z.object({ thing_id: z.string() }));
const Stock = defineEvent('evt.testing.stock-moved.v1', z.object({ cook_id: z.string() }), { partitionBy: (d) => d.cook_id });
const thing = (id: string, data: unknown = { thing_id: 't1' }) => ({
  id,
  type: Thing.subject,
  occurred_at: '2026-12-07T08:00:00.000Z',
  correlation_id: id,
  causation_id: null,
  data,
});

/** A host with one ordinary durable (`testing-Thing`) and one partition's (`testing-stock-p3`), as `start` registers them. */
function hostWith(handle: (envelope: Envelope<unknown>) => Promise<void>) {
  const host = new EventConsumerHost({} as DiscoveryService);
  const marks = new Set<string>();
  const internals = host as unknown as {
    routes: Map<string, unknown>;
    processed: unknown;
    plainRoute(durable: string, meta: unknown, handler: unknown, sameEvent: KeyedMutex): unknown;
    partitionRoute(durable: string, partition: number, meta: unknown, handler: unknown): unknown;
  };
  internals.processed = {
    exists: async ({ _id }: { _id: string }) => (marks.has(_id) ? { _id } : null),
    updateOne: async ({ _id }: { _id: string }) => void marks.add(_id),
  };
  internals.routes.set(
    'testing-Thing',
    internals.plainRoute('testing-Thing', { contract: Thing, options: {} }, { handle }, new KeyedMutex()),
  );
  const partitioned = { handle: async () => expect.fail('a partition is not replayed') };
  internals.routes.set(
    'testing-stock-p3',
    internals.partitionRoute('testing-stock-p3', 3, { contracts: [Stock], options: { name: 'stock' } }, partitioned),
  );
  return { host, marks };
}

describe('replaying a dead letter through its own durable', () => {
  it('runs the handler once, as a delivery would (validated, marked processed)', async () => {
    const handled: string[] = [];
    const { host, marks } = hostWith(async (envelope) => void handled.push(envelope.id));
    expect(await host.replay('testing-Thing', stored(Thing.subject, 41, thing('e1')), 7)).toEqual({ applied: true });
    expect(handled).toEqual(['e1']);
    expect([...marks]).toEqual(['testing-Thing:e1']);
    // Replayed again (a second click, a letter of another release): applied once only.
    expect(await host.replay('testing-Thing', stored(Thing.subject, 41, thing('e1')), 8)).toEqual({ applied: true });
    expect(handled).toEqual(['e1']);
  });

  it('answers a failure, marks nothing, and never dead-letters or retries', async () => {
    const { host, marks } = hostWith(async () => {
      throw new Error('the database is down');
    });
    expect(await host.replay('testing-Thing', stored(Thing.subject, 41, thing('e1')), 7)).toEqual({ failed: 'the database is down' });
    expect(marks.size).toBe(0);
  });

  it('refuses what its contract refuses, and an original of a subject it does not consume', async () => {
    const handled: string[] = [];
    const { host } = hostWith(async (envelope) => void handled.push(envelope.id));
    const invalid = await host.replay('testing-Thing', stored(Thing.subject, 41, thing('e1', { thing_id: 42 })), 7);
    expect('failed' in invalid && invalid.failed).toMatch(/^invalid message: /);
    expect(await host.replay('testing-Thing', stored(Thing.subject, 41, 'not json'), 7)).toMatchObject({
      failed: expect.stringMatching(/^invalid message: /),
    });
    expect(await host.replay('testing-Thing', stored('evt.testing.other-thing.v1', 41, thing('e1')), 7)).toEqual({
      failed: 'invalid message: no contract for evt.testing.other-thing.v1',
    });
    expect(handled).toEqual([]);
  });

  it('never replays a partition’s durable (out of its order), nor one this process does not run', async () => {
    const { host } = hostWith(async () => undefined);
    expect(host.replayRefusal('testing-Thing')).toBeNull();
    expect(host.replayRefusal('testing-stock-p3')).toBe(
      'testing-stock-p3 applique les événements de sa partition dans leur ordre : traité maintenant, cet événement passerait ' +
        'après ceux qui l’ont suivi. Rejouez-le avec ./popote dlq replay testing-stock-p3, qui le republie en fin de partition.',
    );
    const event = { ...thing('e1', { cook_id: 'c1' }), type: Stock.subject };
    expect(await host.replay('testing-stock-p3', stored(`${Stock.subject}.3`, 41, event), 7)).toEqual({
      failed: host.replayRefusal('testing-stock-p3'),
    });
    expect(host.replayRefusal('testing-Gone')).toBe(
      'Le consommateur testing-Gone ne tourne pas dans ce service (renommé ou retiré) : rejouez-la avec ./popote dlq.',
    );
  });
});
