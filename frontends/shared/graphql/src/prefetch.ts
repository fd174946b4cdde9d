import { formatDocument, stringifyDocument, type AnyVariables, type TypedDocumentNode } from '@urql/core';

/**
 * Starting a page's first query before its code has run (the LCP of /meals was a chain
 * of requests). A page's route module calls `prefetchQuery` as soon as it is evaluated, in
 * parallel with the download of the page's chunk; when the page's `useQuery` then sends the same
 * operation with the same variables, the transport's fetch (`prefetchingFetch`) hands it the
 * response already on its way instead of sending a second request. urql still parses the
 * response and Graphcache writes it, so the page behaves exactly as without the prefetch.
 *
 * A prefetch is used once, and only within `PREFETCH_TTL_MS`; anything that does not match
 * (another operation, other variables, a later visit) goes to the network as usual.
 */
export const PREFETCH_TTL_MS = 15_000;

interface Prefetched {
  at: number;
  response: Promise<Response>;
}

const prefetched = new Map<string, Prefetched>();

/** Object keys sorted, `undefined` dropped: two equal variable sets give the same string. */
function canonical(value: unknown): string {
  return JSON.stringify(value ?? {}, (_key, inner: unknown) => {
    if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) return inner;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(inner).sort()) sorted[key] = (inner as Record<string, unknown>)[key];
    return sorted;
  });
}

const keyOf = (operationName: string, variables: unknown) => `${operationName} ${canonical(variables)}`;

function operationNameOf(document: { definitions: ReadonlyArray<{ kind: string; name?: { value: string } }> }): string | undefined {
  return document.definitions.find((definition) => definition.kind === 'OperationDefinition')?.name?.value;
}

/**
 * Sends `document` (with `__typename` everywhere, as Graphcache asks for it) now, as the
 * same JSON POST with the session cookies that the transport would send.
 */
export function prefetchQuery<TData, TVariables extends AnyVariables>(
  document: TypedDocumentNode<TData, TVariables>,
  variables: TVariables,
  uri = '/graphql',
): void {
  if (typeof window === 'undefined' || typeof fetch === 'undefined') return;
  const operationName = operationNameOf(document);
  if (!operationName) return;
  const key = keyOf(operationName, variables);
  const existing = prefetched.get(key);
  if (existing && Date.now() - existing.at < PREFETCH_TTL_MS) return;
  const response = fetch(uri, {
    method: 'POST',
    credentials: 'include',
    headers: { accept: 'application/graphql-response+json,application/json;q=0.9', 'content-type': 'application/json' },
    body: JSON.stringify({ operationName, variables, query: stringifyDocument(formatDocument(document)) }),
  });
  // A failed prefetch is not kept: the page's own request goes to the network.
  response.catch(() => prefetched.delete(key));
  prefetched.set(key, { at: Date.now(), response });
}

/** Takes (once) the prefetched response of a request body sent by the transport, if any. */
export function takePrefetched(body: unknown): Promise<Response> | null {
  if (prefetched.size === 0 || typeof body !== 'string') return null;
  let parsed: { operationName?: unknown; variables?: unknown };
  try {
    parsed = JSON.parse(body) as typeof parsed;
  } catch {
    return null;
  }
  if (typeof parsed.operationName !== 'string') return null;
  const key = keyOf(parsed.operationName, parsed.variables);
  const entry = prefetched.get(key);
  if (!entry) return null;
  prefetched.delete(key);
  return Date.now() - entry.at < PREFETCH_TTL_MS ? entry.response : null;
}

/** The transport's fetch: a prefetched response when there is one, the network otherwise. */
export const prefetchingFetch: typeof fetch = (input, init) => {
  const early = init?.method === 'POST' ? takePrefetched(init.body) : null;
  return early ?? fetch(input, init);
};
