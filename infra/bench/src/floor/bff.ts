import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect } from '@nats-io/transport-node';
import { buildSchema, execute, parse, validate, type DocumentNode } from 'graphql';
import { FLOOR_SUBJECT } from './read';

/**
 * The read path's floor, BFF side (docs/benchmarks.md "The floor of the read path"): GraphQL
 * `meals` over node:http and graphql-js (each query parsed and validated once), one NATS request to
 * the floor catalogue per read. No Nest, Express, Apollo, body parser, helmet, cookies, reply
 * validation, read cache or tracing: what the same hop costs with nothing on it. The card fields
 * answer exactly what the product's BFF answers (the bench compares the two answers first).
 */
const schema = buildSchema(`
  type Meal { meal_id: ID! name: String! cook_name: String! price_cents: Int! image_url: String portions_available: Int! }
  type MealPage { items: [Meal!]! next_cursor: String }
  type Query { meals(first: Int = 20): MealPage! }
`);

interface StoredMeal {
  _id: string;
  name: string;
  cook_name: string;
  price_cents: number;
  image_key?: string | null;
  portions?: number | null;
  created_at: string;
}

/** The product's card fields from a stored meal (the catalogue's mapper and cursor, card fields only). */
const card = (m: StoredMeal) => ({
  meal_id: m._id,
  name: m.name,
  cook_name: m.cook_name,
  price_cents: m.price_cents,
  image_url: m.image_key ? `/media/${m.image_key}` : null,
  portions_available: m.portions ?? 0,
});
const cursorOf = (m: StoredMeal) => Buffer.from(JSON.stringify([new Date(m.created_at).toISOString(), m._id])).toString('base64url');

async function main(): Promise<void> {
  const nc = await connect({ servers: process.env.FLOOR_NATS_URL, noAsyncTraces: true });
  const rootValue = {
    meals: async ({ first }: { first: number }) => {
      const docs = (await nc.request(FLOOR_SUBJECT, JSON.stringify({ first }), { timeout: 5000 })).json<StoredMeal[]>();
      const items = docs.slice(0, first);
      return { items: items.map(card), next_cursor: docs.length > first ? cursorOf(items[items.length - 1]) : null };
    },
  };
  const documents = new Map<string, DocumentNode>();
  // With a final newline, as Apollo Server writes it: the same bytes as the product's answer.
  const answer = (res: ServerResponse, status: number, body: unknown) => {
    const text = `${JSON.stringify(body)}\n`;
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }).end(text);
  };
  const graphql = async (req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.setEncoding('utf8');
    for await (const chunk of req) body += chunk as string;
    const { query, variables } = JSON.parse(body) as { query: string; variables?: Record<string, unknown> };
    let document = documents.get(query);
    if (!document) {
      document = parse(query);
      const errors = validate(schema, document);
      if (errors.length) return answer(res, 400, { errors });
      documents.set(query, document);
    }
    answer(res, 200, await execute({ schema, document, rootValue, variableValues: variables }));
  };
  const server = createServer((req, res) => {
    // Ready once the floor catalogue answers too.
    if (req.method === 'GET') {
      nc.request(FLOOR_SUBJECT, JSON.stringify({ first: 1 }), { timeout: 1000 }).then(
        () => answer(res, 200, { ready: true }),
        () => answer(res, 503, { ready: false }),
      );
      return;
    }
    graphql(req, res).catch((err: unknown) => answer(res, 500, { errors: [{ message: String(err) }] }));
  });
  server.listen(Number(process.env.FLOOR_PORT), '127.0.0.1');
  const stop = () => server.close(() => void nc.drain().then(() => process.exit(0)));
  process.once('SIGTERM', stop).once('SIGINT', stop);
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
