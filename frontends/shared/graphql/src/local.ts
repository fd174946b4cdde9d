import { gql, makeResult, type Client, type Exchange, type Operation, type TypedDocumentNode } from '@urql/core';
import type { Cache, UpdateResolver } from '@urql/exchange-graphcache';
import { filter, map, merge, pipe, share } from 'wonka';

/*
 * Graphcache lets only updaters write the cache. A write that does not come with an answer of the
 * BFF (`me` forgotten when the session ended, a live order status, a list forgotten after a meal
 * was created, everything forgotten at sign-out, a mutation's `update`) is therefore a client-only
 * mutation, `_popoteCacheUpdate(id)`, answered at once by `localExchange` (it never leaves the
 * page); its updater runs the write registered under that id with the real cache.
 */
export const LOCAL_UPDATE_FIELD = '_popoteCacheUpdate';

const LOCAL_UPDATE: TypedDocumentNode<{ _popoteCacheUpdate: null }, { id: number }> = gql`
  mutation PopoteCacheUpdate($id: Int!) {
    _popoteCacheUpdate(id: $id)
  }
`;

interface Job {
  run: (cache: Cache) => unknown;
  done: boolean;
  result?: unknown;
  error?: unknown;
}

const jobs = new Map<number, Job>();
let lastId = 0;

/** The updater of the client-only mutation: runs the write registered under its id. */
export const cacheUpdateUpdater: UpdateResolver = (_result, args, cache) => {
  const job = jobs.get(Number(args['id']));
  if (!job || job.done) return;
  job.done = true;
  try {
    job.result = job.run(cache);
  } catch (error) {
    job.error = error;
  }
};

const isLocal = (operation: Operation) => operation.kind === 'mutation' && operation.context['popoteLocal'] === true;

/** Answers the client-only mutation (placed after Graphcache, before the network). */
export const localExchange: Exchange =
  ({ forward }) =>
  (operations$) => {
    const shared = pipe(operations$, share);
    return merge([
      pipe(
        shared,
        filter(isLocal),
        map((operation) => makeResult(operation, { data: { [LOCAL_UPDATE_FIELD]: null } })),
      ),
      forward(
        pipe(
          shared,
          filter((operation) => !isLocal(operation)),
        ),
      ),
    ]);
  };

/**
 * Runs `write` with the client's Graphcache cache (`cache.updateQuery`, `writeFragment`,
 * `invalidate`, `link`, `resolve`...); the queries it touches update, or ask the network again
 * when what they read was forgotten. Resolves with what `write` returned.
 */
export async function updateCache<T>(client: Client, write: (cache: Cache) => T): Promise<T> {
  lastId += 1;
  const id = lastId;
  const job: Job = { run: write, done: false };
  jobs.set(id, job);
  try {
    const result = await client.mutation(LOCAL_UPDATE, { id }, { popoteLocal: true }).toPromise();
    if (result.error) throw result.error;
    if (job.error) throw job.error;
    return job.result as T;
  } finally {
    jobs.delete(id);
  }
}
