import { defineEvent } from '@popote/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createConnection, Schema } from 'mongoose';
import { offersTransactions, OutboxRelay, outboxPlugin, outboxUpdate } from './outbox';
import type { EventPublisher } from './publisher';

describe('offersTransactions: where relay.change() runs its step in a transaction', () => {
  it('a replica-set member or a mongos with sessions offers them', () => {
    expect(offersTransactions({ setName: 'rs0', logicalSessionTimeoutMinutes: 30, isWritablePrimary: true })).toBe(true);
    expect(offersTransactions({ msg: 'isdbgrid', logicalSessionTimeoutMinutes: 30 })).toBe(true);
  });

  it('FerretDB 1.x and a lone mongod do not: the step runs under its lease alone', () => {
    // What FerretDB 1.24 answers to hello (no setName, no sessions).
    expect(offersTransactions({ isWritablePrimary: true, maxBsonObjectSize: 16777216, maxWireVersion: 21, ok: 1 })).toBe(false);
    // A standalone mongod has sessions but no replica set.
    expect(offersTransactions({ isWritablePrimary: true, logicalSessionTimeoutMinutes: 30, ok: 1 })).toBe(false);
    // A replica set without sessions (should not exist, but then no transaction either).
    expect(offersTransactions({ setName: 'rs0' })).toBe(false);
  });
});

describe('outboxUpdate: only inside a step', () => {
  it('refuses to build an event update outside relay.change (it would wait for the sweep instead of being published on write)', () => {
    const Pinged = defineEvent('evt.testing.thing-pinged.v1', z.object({ n: z.number() }), { consumers: [] });
    expect(() => outboxUpdate(Pinged, { n: 1 })).toThrow(/outside relay\.change/);
  });
});

describe('the relay registers the outbox-bearing models itself', () => {
  it('watches every model of the connection whose schema carries the outbox, and only those', () => {
    const connection = createConnection(); // not connected: models are defined, nothing is sent
    const withOutbox = new Schema({ name: String }).plugin(outboxPlugin);
    const orders = connection.model('Order', withOutbox);
    const reviews = connection.model('Review', new Schema({ rating: Number }).plugin(outboxPlugin));
    connection.model('Cart', new Schema({ items: [String] }));
    const relay = new OutboxRelay({} as EventPublisher);
    relay.registerOutboxModels(connection);
    relay.registerOutboxModels(connection); // twice: still once each
    expect(relay.registered.map((m) => m.modelName).sort()).toEqual(['Order', 'Review']);
    expect(relay.registered).toContain(orders);
    expect(relay.registered).toContain(reviews);
  });
});
