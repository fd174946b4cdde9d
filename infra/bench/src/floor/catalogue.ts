import { connect } from '@nats-io/transport-node';
import { MongoClient } from 'mongodb';
import { FLOOR_SUBJECT, newestMeals } from './read';

/**
 * The read path's floor, catalogue side (docs/benchmarks.md "The floor of the read path"): the
 * `meals` list as the catalogue reads it (same filter, projection, order and limit on the same
 * database), answered over NATS with nothing but nats.js and the MongoDB driver. No Nest, mongoose,
 * request validation, DTO mapping (the documents go as read) or tracing: a lower bound of what one
 * service hop costs, not a way to serve the product.
 */
async function main(): Promise<void> {
  const nc = await connect({ servers: process.env.FLOOR_NATS_URL, noAsyncTraces: true });
  const mongo = await MongoClient.connect(process.env.MONGO_URL ?? '');
  const meals = mongo.db('popote_catalogue').collection('meals');
  nc.subscribe(FLOOR_SUBJECT, {
    queue: 'catalogue',
    callback: (err, msg) => {
      if (err) return;
      const { first } = msg.json<{ first: number }>();
      newestMeals(meals, first + 1).then(
        (docs) => msg.respond(JSON.stringify(docs)),
        (failure: unknown) => msg.respond(JSON.stringify({ error: String(failure) })),
      );
    },
  });
  const stop = () => void Promise.allSettled([nc.drain(), mongo.close()]).then(() => process.exit(0));
  process.once('SIGTERM', stop).once('SIGINT', stop);
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
