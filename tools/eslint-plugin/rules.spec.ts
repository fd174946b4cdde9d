import { ESLint } from 'eslint';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain ES module of the lint configuration, without types
import { outboxModels } from './outbox-models.mjs';

// Violations planted in files of the repository's layout, linted with the repository's own
// configuration (eslint.config.mjs): what `npm run lint` would say of them.
const root = resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function rulesBroken(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(root, filePath) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message).filter((r) => r.startsWith('popote/'));
}

const ORDERS_SERVICE = `
import { Injectable } from '@nestjs/common';
import { OutboxRelay } from '@popote/platform';
import { OrderingStore } from '../store';

@Injectable()
export class Planted {
  constructor(private readonly store: OrderingStore, private readonly relay: OutboxRelay) {}
  BODY
}
`;
const inOrders = (body: string) => rulesBroken('services/ordering/src/orders/planted.ts', ORDERS_SERVICE.replace('BODY', body));

describe('popote/no-untraceable-references', () => {
  // The first lint of the file loads the repository's configuration and TypeScript programs (seconds on a busy machine).
  it('refuses a comment citing an issue number, in a service and in a frontend', { timeout: 30_000 }, async () => {
    expect(await rulesBroken('services/cart/src/planted.ts', '// Carts merge on sign-in (issue 12).\nexport const x = 1;\n')).toEqual([
      'popote/no-untraceable-references',
    ]);
    expect(
      await rulesBroken('frontends/consumer/src/planted.tsx', '/** Spec §9: toasts last 3 s. */\nexport const T = () => <p>ok</p>;\n'),
    ).toEqual(['popote/no-untraceable-references']);
  });

  it('lets a comment say the rule, or name an ADR', async () => {
    expect(
      await rulesBroken(
        'services/cart/src/planted.ts',
        '// Carts merge on sign-in (ADR 0009): one cart per account.\nexport const x = 1;\n',
      ),
    ).toEqual([]);
  });
});

describe('popote/outbox-writes-through-relay', () => {
  it('refuses a change of an outbox-bearing model outside relay.change', async () => {
    expect(await inOrders(`async f(id: string) { await this.store.orders.updateOne({ _id: id }, { $set: { x: 1 } }); }`)).toEqual([
      'popote/outbox-writes-through-relay',
    ]);
    expect(await inOrders(`async f(id: string) { await this.store.reviews.collection.deleteOne({ _id: id }); }`)).toEqual([
      'popote/outbox-writes-through-relay',
    ]);
  });

  it('refuses it through a model injected by its class too', async () => {
    const code = `
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { Order } from './order.schema';
export class Planted {
  constructor(@InjectModel(Order.name) private readonly orders: Model<Order>) {}
  async f() { await this.orders.updateMany({}, { $set: { x: 1 } }); }
}
`;
    expect(await rulesBroken('services/ordering/src/orders/planted.ts', code)).toEqual(['popote/outbox-writes-through-relay']);
  });

  it('lets the step write it, an insert, and models without an outbox', async () => {
    expect(
      await inOrders(
        `async f(id: string) { await this.relay.change(this.store.orders, id, () => this.store.orders.updateOne({ _id: id }, { $set: { x: 1 } })); }`,
      ),
    ).toEqual([]);
    expect(
      await inOrders(
        `async f(id: string) { await this.store.orders.updateOne({ _id: id }, { $setOnInsert: { x: 1 } }, { upsert: true }); }`,
      ),
    ).toEqual([]);
    expect(await inOrders(`async f(id: string) { await this.store.checkoutOrders.updateOne({ _id: id }, { $set: { x: 1 } }); }`)).toEqual(
      [],
    );
  });

  it("finds every service's outbox-bearing models from their schemas", () => {
    const models = outboxModels(resolve(root, 'services')) as Record<string, { classes: string[]; storeFields: string[] }>;
    expect(models.ordering).toEqual({ classes: ['Order', 'Review'], storeFields: ['orders', 'reviews'] });
    expect(models.payments?.storeFields).toEqual(['checkouts', 'refunds']);
    expect(Object.keys(models).sort()).toEqual(['catalogue', 'identity', 'ordering', 'payments']);
  });
});

describe('popote/file-named-by-role', () => {
  it('refuses a schema, an event handler or an RPC handler in a file not named after its role', async () => {
    const schema = "import { Schema } from '@nestjs/mongoose';\n@Schema()\nexport class Review {}\n";
    expect(await rulesBroken('services/cart/src/reviews/reviews.service.ts', schema)).toEqual(['popote/file-named-by-role']);
    expect(await rulesBroken('services/cart/src/reviews/review.schema.ts', schema)).toEqual([]);
    const handler = "import { EventHandler } from '@popote/platform';\n@EventHandler(undefined as never)\nexport class OnPlaced {}\n";
    expect(await rulesBroken('bff/src/orders/orders.service.ts', handler)).toEqual(['popote/file-named-by-role']);
    const rpc = "import { RpcHandler } from '@popote/platform';\nexport class C {\n  @RpcHandler(undefined as never)\n  get() {}\n}\n";
    expect(await rulesBroken('services/cart/src/carts/carts.service.ts', rpc)).toEqual(['popote/file-named-by-role']);
    expect(await rulesBroken('services/cart/src/carts/carts.rpc.controller.ts', rpc)).toEqual([]);
  });
});
