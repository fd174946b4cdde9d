import { DeliverPolicy, jetstream } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { percentile } from './stats';

/** A GraphQL client with its own cookie jar (one per simulated person). */
export function person(bff: string) {
  const jar = new Map<string, string>();
  return async (query: string, variables: Record<string, unknown> = {}) => {
    const res = await fetch(`${bff}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
      body: JSON.stringify({ query, variables }),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
    const body = (await res.json()) as { data?: any; errors?: { message: string }[] };
    if (body.errors?.length) throw new Error(body.errors[0].message);
    return body.data;
  };
}

const signUp = (gql: ReturnType<typeof person>, user_type: string, i: number) =>
  gql('mutation($i: SignUpInput!) { signUp(input: $i) { user { user_id } } }', {
    i: {
      email: `bench-${user_type}-${i}-${Date.now()}@popote.test`,
      password: 'bench-secret',
      name: 'Bench',
      username: `bench_${user_type}_${i}_${Date.now() % 1e6}`,
      location: 'Lyon',
      user_type,
    },
  });

/**
 * Checkout throughput (checkouts paid per second, each a full cart → intent → sandbox card flow over
 * GraphQL) and the time from payment success to stock committed, read from the events' own
 * timestamps on JetStream.
 */
export async function checkoutBench(
  bff: string,
  nats: { url: string; user?: string; password?: string },
  buyers: number,
  concurrency: number,
) {
  const cook = person(bff);
  await signUp(cook, 'cook', 0);
  const meal = await cook('mutation($i: CreateMealInput!) { createMeal(input: $i) { meal_id } }', {
    i: {
      name: 'Plat du banc d’essai',
      description: 'Pour mesurer',
      price_cents: 990,
      portions_available: 1000,
      ingredients: ['Riz'],
      allergens: [],
      category: 'healthy',
      preparation_time: 5,
      available_date: new Date().toISOString(),
    },
  });
  const mealId = meal.createMeal.meal_id as string;
  const people = await Promise.all(
    Array.from({ length: buyers }, async (_, i) => {
      const gql = person(bff);
      await signUp(gql, 'consumer', i);
      return gql;
    }),
  );

  // As the launcher's read-only observer user (replies on its own inbox, the only one it may read).
  const nc = await connect({
    servers: nats.url,
    ...(nats.user ? { user: nats.user, pass: nats.password, inboxPrefix: `_INBOX_${nats.user}` } : {}),
  });
  const js = jetstream(nc);
  const paidAt = new Map<string, number>();
  const committedAt = new Map<string, { checkout: string; at: number }>();
  const consumer = await js.consumers.get('EVENTS', {
    filter_subjects: ['evt.payments.payment-succeeded.v1', 'evt.catalogue.stock-committed.v1'],
    deliver_policy: DeliverPolicy.New,
  });
  const messages = await consumer.consume();
  const reading = (async () => {
    for await (const m of messages) {
      const e = m.json<{ type: string; occurred_at: string; data: { checkout_id: string; order_id?: string } }>();
      if (e.type.includes('payment-succeeded')) paidAt.set(e.data.checkout_id, Date.parse(e.occurred_at));
      else committedAt.set(e.data.order_id!, { checkout: e.data.checkout_id, at: Date.parse(e.occurred_at) });
    }
  })();

  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < people.length) {
        const gql = people[next++];
        const t = performance.now();
        await gql('mutation($m: ID!) { addToCart(meal_id: $m, quantity: 1) { item_count } }', { m: mealId });
        const intent = await gql('mutation { createPaymentIntent { checkout { checkout_id } } }');
        const paid = await gql(
          'mutation($id: ID!) { confirmSandboxPayment(checkout_id: $id, card: {number: "4242424242424242", exp_month: 12, exp_year: 2034, cvc: "123"}) { status } }',
          { id: intent.createPaymentIntent.checkout.checkout_id },
        );
        if (paid.confirmSandboxPayment.status !== 'succeeded') throw new Error('payment failed');
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const deadline = Date.now() + 60_000;
  while (committedAt.size < buyers && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  messages.stop();
  await reading;
  await nc.close();
  const toCommit = [...committedAt.values()].map((c) => c.at - (paidAt.get(c.checkout) ?? c.at)).sort((a, b) => a - b);
  latencies.sort((a, b) => a - b);
  return {
    checkouts: buyers,
    concurrency,
    seconds: +seconds.toFixed(2),
    checkouts_per_second: +(buyers / seconds).toFixed(2),
    checkout_flow_ms: { p50: +percentile(latencies, 50).toFixed(1), p95: +percentile(latencies, 95).toFixed(1) },
    payment_to_stock_committed_ms: { samples: toCommit.length, p50: percentile(toCommit, 50), p95: percentile(toCommit, 95) },
  };
}
