import {
  createRequest,
  type AnyVariables,
  type Client,
  type CombinedError,
  type DocumentInput,
  type RequestPolicy,
  type TypedDocumentNode,
} from '@urql/core';
import type { Cache } from '@urql/exchange-graphcache';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useClient, useQuery as useUrqlQuery } from 'urql';
import { forgetEverything } from './cache';
import { updateCache } from './local';

/*
 * The hooks the pages use, over urql (`useQuery`, `useClient`) and Graphcache. They keep the
 * shape the pages were written for: `data` of the current variables only (`previousData` keeps
 * the last one shown), `refetch`, `fetchMore` for the next page, a mutation function that
 * rejects with the CombinedError, and an `update` run with the cache once a mutation succeeded.
 */

type Document<TData, TVariables extends AnyVariables> = TypedDocumentNode<TData, TVariables>;

/** The queries mounted now, by document: what `refetchQueries` asks again. */
const active = new WeakMap<Client, Map<DocumentInput<unknown, AnyVariables>, Set<() => void>>>();

function activeOf(client: Client) {
  let byDocument = active.get(client);
  if (!byDocument) active.set(client, (byDocument = new Map()));
  return byDocument;
}

export interface QueryOptions<TVariables> {
  variables?: TVariables;
  /** Do not run the query (yet). */
  skip?: boolean;
  /** urql's request policy: 'cache-first' (default), 'cache-and-network', 'network-only', 'cache-only'. */
  requestPolicy?: RequestPolicy;
}

export interface QueryResult<TData, TVariables> {
  /** The answer for the current variables (undefined while it is not there yet). */
  data: TData | undefined;
  /** The last answer shown, whatever its variables (a new filter's list is on its way). */
  previousData: TData | undefined;
  error: CombinedError | undefined;
  /** A request for the current variables is under way. */
  loading: boolean;
  /** Asks the server again (the answer replaces the cached one and shows here). */
  refetch: () => Promise<void>;
  /** Fetches another page (other variables); Graphcache's resolvers merge it into this list. */
  fetchMore: (options: { variables: TVariables }) => Promise<void>;
  startPolling: (intervalMs: number) => void;
  stopPolling: () => void;
}

export function useQuery<TData, TVariables extends AnyVariables>(
  document: Document<TData, TVariables>,
  { variables, skip = false, requestPolicy = 'cache-first' }: QueryOptions<NoInfer<TVariables>> = {},
): QueryResult<TData, TVariables> {
  const client = useClient();
  const vars = (variables ?? {}) as TVariables;
  const key = useMemo(() => createRequest(document, vars).key, [document, vars]);
  const [result, reexecute] = useUrqlQuery<TData, TVariables>({ query: document, variables: vars, pause: skip, requestPolicy });
  const current = !skip && result.operation?.key === key;
  const data = current ? result.data : undefined;
  const previous = useRef<TData | undefined>(undefined);
  useEffect(() => {
    if (data !== undefined) previous.current = data;
  }, [data]);

  const refetch = useCallback(async () => {
    reexecute({ requestPolicy: 'network-only' });
  }, [reexecute]);

  const latest = useRef({ document, client });
  latest.current = { document, client };
  const fetchMore = useCallback(async ({ variables: more }: { variables: TVariables }) => {
    await latest.current.client.query(latest.current.document, more, { requestPolicy: 'network-only' }).toPromise();
  }, []);

  useEffect(() => {
    if (skip) return undefined;
    const byDocument = activeOf(client);
    let set = byDocument.get(document);
    if (!set) byDocument.set(document, (set = new Set()));
    const entry = () => reexecute({ requestPolicy: 'network-only' });
    set.add(entry);
    return () => {
      set.delete(entry);
    };
  }, [client, document, reexecute, skip]);

  const [pollMs, setPollMs] = useState(0);
  useEffect(() => {
    if (skip || pollMs <= 0) return undefined;
    const timer = setInterval(() => reexecute({ requestPolicy: 'network-only' }), pollMs);
    return () => clearInterval(timer);
  }, [pollMs, reexecute, skip]);
  const startPolling = useCallback((ms: number) => setPollMs(ms), []);
  const stopPolling = useCallback(() => setPollMs(0), []);

  return {
    data,
    previousData: previous.current,
    error: current ? result.error : undefined,
    loading: !skip && (!current || result.fetching || (result.stale && data === undefined)),
    refetch,
    fetchMore,
    startPolling,
    stopPolling,
  };
}

export interface MutationOptions<TData> {
  /** Once the mutation succeeded: writes into the cache (Graphcache's `cache`), before the caller resumes. */
  update?: (cache: Cache, result: { data: TData }) => void;
}

export interface MutationState<TData> {
  loading: boolean;
  data: TData | undefined;
  error: CombinedError | undefined;
}

export type MutateFunction<TData, TVariables> = (options?: { variables?: TVariables }) => Promise<{ data: TData }>;

/**
 * `[mutate, { loading, data, error }]`: `mutate` resolves with the answer once `update` (if any)
 * has written the cache, or rejects with the CombinedError (read it with @popote/auth's
 * readApiError).
 */
export function useMutation<TData, TVariables extends AnyVariables>(
  document: Document<TData, TVariables>,
  options: MutationOptions<TData> = {},
): readonly [MutateFunction<TData, TVariables>, MutationState<TData>] {
  const client = useClient();
  const [state, setState] = useState<MutationState<TData>>({ loading: false, data: undefined, error: undefined });
  const latest = useRef({ document, options });
  latest.current = { document, options };
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const mutate = useCallback<MutateFunction<TData, TVariables>>(
    async ({ variables } = {}) => {
      const { document: doc, options: opts } = latest.current;
      if (mounted.current) setState((previous) => ({ ...previous, loading: true, error: undefined }));
      const result = await client.mutation(doc, (variables ?? {}) as TVariables).toPromise();
      if (result.error || result.data === undefined || result.data === null) {
        const error = result.error;
        if (mounted.current) setState({ loading: false, data: undefined, error });
        throw error ?? new Error('The BFF answered without data');
      }
      const data = result.data;
      if (opts.update) {
        const update = opts.update;
        await updateCache(client, (cache) => update(cache, { data }));
      }
      if (mounted.current) setState({ loading: false, data, error: undefined });
      return { data };
    },
    [client],
  );
  return [mutate, state] as const;
}

/** What pages do with the client outside a hook's own query. */
export interface GraphQLClient {
  /** One query; rejects with the CombinedError. 'cache-first' unless told. */
  query<TData, TVariables extends AnyVariables>(
    document: Document<TData, TVariables>,
    variables: TVariables,
    options?: { requestPolicy?: RequestPolicy },
  ): Promise<TData>;
  /** Asks the server again for the mounted queries of these documents (the others read afresh when they mount). */
  refetchQueries(documents: ReadonlyArray<DocumentInput<unknown, AnyVariables>>): void;
  /** Forgets every cached answer; the mounted queries ask the server again (sign-out, account deleted). */
  resetStore(): Promise<void>;
  /** Writes into the cache (see updateCache). */
  updateCache<T>(write: (cache: Cache) => T): Promise<T>;
}

const facades = new WeakMap<Client, GraphQLClient>();

export function graphQLClient(client: Client): GraphQLClient {
  let facade = facades.get(client);
  if (!facade) {
    facade = {
      async query(document, variables, { requestPolicy = 'cache-first' } = {}) {
        const result = await client.query(document, variables, { requestPolicy }).toPromise();
        if (result.error) throw result.error;
        if (result.data === undefined || result.data === null) throw new Error('The BFF answered without data');
        return result.data;
      },
      refetchQueries(documents) {
        const byDocument = activeOf(client);
        for (const document of documents) for (const refetch of byDocument.get(document) ?? []) refetch();
      },
      resetStore: () => updateCache(client, forgetEverything),
      updateCache: (write) => updateCache(client, write),
    };
    facades.set(client, facade);
  }
  return facade;
}

/** The page's client (the shell's, shared by every remote). */
export function useGraphQLClient(): GraphQLClient {
  return graphQLClient(useClient());
}
