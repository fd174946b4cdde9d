import type { INestApplication } from '@nestjs/common';
import { getModelToken } from '@nestjs/mongoose';
import { CartRpc, CatalogueRpc, PaymentsRpc, PickupRpc, type Actor, type PickupSettingsInput } from '@popote/contracts';
import { eventually, PICKUP_ALL_DAY, resetJetStream, serviceEnv, startServiceApp, testRpcClient } from '@popote/testing';
import type { Model } from 'mongoose';
import { AppModule as CartModule } from '../../cart/src/app.module';
import { cartConfig } from '../../cart/src/config';
import { AppModule as CatalogueModule } from '../../catalogue/src/app.module';
import { catalogueConfig } from '../../catalogue/src/config';
import { seedCatalogue } from '../../catalogue/src/seed/seed';
import { AppModule as IdentityModule } from '../../identity/src/app.module';
import { identityConfig } from '../../identity/src/config';
import { seedIdentity } from '../../identity/src/seed/seed';
import { AppModule as PaymentsModule } from '../../payments/src/app.module';
import { paymentsConfig } from '../../payments/src/config';
import { Refund } from '../../payments/src/checkouts/checkout.schema';
import { ReconciliationService } from '../../payments/src/checkouts/reconciliation.service';
import { AppModule } from '../src/app.module';
import { orderingConfig } from '../src/config';
import { Order } from '../src/orders/order.schema';

export const VISA = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' };
export const DECLINED = { ...VISA, number: '4000 0000 0000 0002' };
let n = 0;
export const consumer = (): Actor => ({ user_id: `buyer-${++n}-${Date.now()}`, user_type: 'consumer' });
/** The cap on one buyer's reservations a day in these stacks (payments' CHECKOUT_RESERVATIONS_PER_DAY). */
export const RESERVATIONS_PER_DAY = 5;
export const cook = (id: string): Actor => ({ user_id: id, user_type: 'cook' });

/** Pick-up every day, all day, by quarter hours, no cutoff, room for everyone: tests not about slots. */
export const OPEN_ALL_DAY: PickupSettingsInput = PICKUP_ALL_DAY;

/** The services of the checkout saga in this process, each with its own database, on the test NATS. */
export async function startStack(file: string) {
  await resetJetStream();
  const env = (s: string) => serviceEnv(s, file);
  const catalogueEnv = env('catalogue');
  const identityEnv = env('identity');
  const nats = catalogueEnv.NATS_URL!;
  const startCatalogue = () => startServiceApp('catalogue', CatalogueModule.forRoot(catalogueConfig(catalogueEnv)), nats);
  let catalogue = await startCatalogue();
  await seedCatalogue(catalogueEnv);
  await seedIdentity(identityEnv);
  const others: INestApplication[] = [
    await startServiceApp('identity', IdentityModule.forRoot(identityConfig(identityEnv)), nats),
    await startServiceApp('cart', CartModule.forRoot(cartConfig(env('cart'))), nats),
  ];
  const ordering = await startServiceApp('ordering', AppModule.forRoot(orderingConfig(env('ordering'))), nats);
  // The reconciliation sweep runs when a test asks (RECONCILE_INTERVAL_MS 0), on checkouts of any age.
  const payments = await startServiceApp(
    'payments',
    PaymentsModule.forRoot(
      paymentsConfig(
        serviceEnv('payments', file, {
          RECONCILE_INTERVAL_MS: '0',
          RECONCILE_AFTER_MS: '0',
          PAYOUT_SCHEDULE: 'off',
          CHECKOUT_RESERVATIONS_PER_DAY: String(RESERVATIONS_PER_DAY),
        }),
      ),
    ),
    nats,
  );
  others.push(ordering, payments);
  const rpc = await testRpcClient(nats);
  const orders = ordering.get<Model<Order>>(getModelToken(Order.name));
  const reconciliation = payments.get(ReconciliationService);
  const refunds = payments.get<Model<Refund>>(getModelToken(Refund.name));

  /** As a buyer does: for each cook of the cart, the first slot offered. */
  const chooseSlots = async (actor: Actor) => {
    const cart = await rpc.call(CartRpc.getCart, { actor });
    const cooks = [...new Set(cart.items.map((l) => l.meal.cook_id))];
    return Promise.all(
      cooks.map(async (cookId) => {
        const lines = cart.items.filter((l) => l.meal.cook_id === cookId);
        const { slots } = await rpc.call(PickupRpc.pickupSlots, {
          cook_id: cookId,
          meal_ids: lines.map((l) => l.meal_id),
          portions: lines.reduce((n, l) => n + l.quantity, 0),
        });
        if (!slots.length) throw new Error(`no slot offered by ${cookId}`);
        return { cook_id: cookId, start: slots[0].start };
      }),
    );
  };
  const intent = async (actor: Actor) => rpc.call(PaymentsRpc.createPaymentIntent, { actor, slots: await chooseSlots(actor) });

  const stack = {
    rpc,
    payments,
    orders,
    refunds,
    reconciliation,
    nats,
    stock: async (mealId: string) => (await rpc.call(CatalogueRpc.getMeal, { meal_id: mealId })).meal!.portions_available,
    /** A cook's pick-up rules (every test cook gets OPEN_ALL_DAY with their first meal). */
    setPickup: (cookId: string, input: PickupSettingsInput = OPEN_ALL_DAY) =>
      rpc.call(PickupRpc.updatePickupSettings, { actor: cook(cookId), input }),
    newMeal: async (cookId: string, portions: number, price = 1000) => {
      if (!(await rpc.call(PickupRpc.pickupSettings, { actor: cook(cookId) })).settings) await stack.setPickup(cookId);
      return (
        await rpc.call(CatalogueRpc.createMeal, {
          actor: cook(cookId),
          cook_name: cookId,
          input: {
            name: `Plat ${cookId} ${++n}`,
            description: 'Fait maison',
            price_cents: price,
            portions_available: portions,
            ingredients: ['Riz'],
            allergens: [],
            category: 'healthy',
            preparation_time: 10,
            available_date: new Date().toISOString(),
            cooking_details: '',
            serving_suggestions: '',
            dietary_info: '',
            storage_instructions: '',
          },
        })
      ).meal.meal_id;
    },
    chooseSlots,
    intent,
    pay: async (actor: Actor, card = VISA) => {
      const paymentIntent = await intent(actor);
      const { checkout } = await rpc.call(PaymentsRpc.confirmSandboxPayment, {
        actor,
        checkout_id: paymentIntent.checkout.checkout_id,
        card,
      });
      return { intent: paymentIntent, checkout };
    },
    /** Buys `quantity` of a meal and waits until the order's stock is settled. */
    buy: async (actor: Actor, mealId: string, quantity = 1) => {
      await rpc.call(CartRpc.addItem, { actor, meal_id: mealId, quantity });
      const { checkout } = await stack.pay(actor);
      const [order] = await stack.settled(checkout.checkout_id, 1);
      return order;
    },
    settled: (checkoutId: string, count: number) =>
      eventually(async () => {
        const docs = await orders.find({ checkout_id: checkoutId }).lean<Order[]>();
        return docs.length === count && docs.every((o) => o.stock_status !== 'pending') ? docs : undefined;
      }, 20_000),
    catalogue: () => catalogue,
    ordering: () => ordering,
    /** A second catalogue instance on the same database and NATS (two replicas side by side). */
    startCatalogueReplica: () => startCatalogue(),
    restartCatalogue: async () => {
      catalogue = await startCatalogue();
    },
    stop: async () => {
      await rpc.close();
      for (const app of [...others].reverse()) await app.close();
      await catalogue.close().catch(() => undefined);
    },
  };
  return stack;
}
export type Stack = Awaited<ReturnType<typeof startStack>>;
