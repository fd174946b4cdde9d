// A buyer's live order updates, followed as the /orders page follows them (graphql-ws on the BFF,
// with the person's session cookies), to time when a paid order becomes visible.

/** A person's GraphQL call with their own cookie jar (buyers.ts `person`): the data of the answer. */
type Person = (query: string, variables?: Record<string, unknown>) => Promise<any>;

/** The subscription /orders opens (frontends/shared/graphql/src/order-updates.graphql). */
const ORDER_UPDATED = 'subscription OrderUpdated { orderUpdated { order_id from order_status } }';
/** The list /orders shows (`MyOrders` with `ConsumerOrderFields`, frontends/consumer/src/features/orders/graphql/orders.graphql). */
const MY_ORDERS = `query MyOrders { myOrders { order_id checkout_id cook_id cook_name total_cents order_status delivery_option
  pickup_start pickup_end pickup_address { street postcode city } cancel_reason created_at updated_at
  items { order_item_id meal_id name quantity price_cents } } }`;
/** How long `untilVisible` waits for the order. */
const VISIBLE_TIMEOUT_MS = 60_000;

/**
 * The buyer's live order updates, as the browser follows them: graphql-ws on the BFF's `/graphql`,
 * the person's session cookies on the upgrade request (checked once, at connection). Resolves once
 * the BFF acknowledged the connection; the subscription is sent right after, before anything else
 * the caller does reaches the BFF through ordering's events.
 */
export async function followOrderUpdates(gql: Person) {
  const { cookie, url } = await sessionOf(gql);
  const { createClient } = await import('graphql-ws/client');
  const headers = { cookie };
  // Node's WebSocket (undici) takes request headers, as the browser sends its cookies itself.
  class SessionWebSocket extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, { protocols, headers });
    }
  }
  const client = createClient({
    url: url.replace(/^http/, 'ws'),
    webSocketImpl: SessionWebSocket,
    lazy: true,
    retryAttempts: 0,
  });
  const newOrders: string[] = [];
  let wake: (() => void) | null = null;
  let ended: unknown = null;
  const connected = new Promise<void>((resolve, reject) => {
    client.on('connected', () => resolve());
    client.on('closed', (event) => reject(new Error(`order updates closed: ${(event as { code?: number }).code ?? '?'}`)));
  });
  connected.catch(() => undefined);
  const stop = client.subscribe<{ orderUpdated: { order_id: string; from: string | null; order_status: string } }>(
    { query: ORDER_UPDATED },
    {
      next: (result) => {
        // A new order (`from` null); the status changes of earlier ones are not what is awaited.
        if (result.data?.orderUpdated.from === null) newOrders.push(result.data.orderUpdated.order_id);
        wake?.();
      },
      error: (error) => {
        ended = error;
        wake?.();
      },
      complete: () => {
        ended ??= new Error('order updates completed');
        wake?.();
      },
    },
  );
  try {
    await connected;
  } catch (error) {
    stop();
    await client.dispose();
    throw error;
  }
  return {
    /** Time from `t0` until the buyer's orders, read again on each new order announced, list the checkout's. */
    async untilListed(checkoutId: string, t0: number): Promise<number | null> {
      const deadline = performance.now() + VISIBLE_TIMEOUT_MS;
      for (;;) {
        while (!newOrders.length && !ended) {
          const left = deadline - performance.now();
          if (left <= 0) return null;
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, left);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = null;
        }
        if (!newOrders.length) return null; // the subscription ended
        newOrders.length = 0;
        const r = await gql(MY_ORDERS);
        if ((r.myOrders as { checkout_id: string }[]).some((order) => order.checkout_id === checkoutId)) return performance.now() - t0;
      }
    },
    close(): void {
      stop();
      void client.dispose();
    },
  };
}

/**
 * The cookies and endpoint `gql` uses (its jar is its own): read off one cheap request it makes,
 * recognised by a unique operation name, by a pass-through wrapper around `fetch`.
 */
interface Session {
  cookie: string;
  url: string;
}
const sessionReaders = new Map<string, (session: Session) => void>();
let sessionTap = false;
let sessionReads = 0;
async function sessionOf(gql: Person): Promise<Session> {
  if (!sessionTap) {
    sessionTap = true;
    const realFetch = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      const body = typeof init?.body === 'string' ? init.body : '';
      for (const [name, read] of sessionReaders) {
        if (body.includes(name)) read({ cookie: new Headers(init?.headers).get('cookie') ?? '', url: String(input) });
      }
      return realFetch(input, init);
    };
  }
  const name = `BenchSession${++sessionReads}`;
  const seen: { session?: Session } = {};
  sessionReaders.set(name, (session) => {
    seen.session = session;
  });
  try {
    await gql(`query ${name} { __typename }`);
  } finally {
    sessionReaders.delete(name);
  }
  if (!seen.session?.cookie) throw new Error('no session cookie to open the order updates with');
  return seen.session;
}
