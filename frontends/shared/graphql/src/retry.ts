/** On 'unavailable', up to 3 more tries, 2 s × the attempt number apart (2 s, 4 s, 6 s). */
export const UNAVAILABLE_RETRIES = 3;
export const unavailableRetryDelayMs = (attempt: number): number => 2000 * attempt;

interface ResultLike {
  errors?: ReadonlyArray<{ extensions?: Record<string, unknown> }>;
}

/** The BFF answered that a service is down or too slow (its code UNAVAILABLE). */
export function resultIsUnavailable(result: ResultLike): boolean {
  return (result.errors ?? []).some((error) => error.extensions?.['code'] === 'UNAVAILABLE');
}

/** The BFF itself could not be reached: the proxy's 5xx (502, 503, 504). */
export function responseIsUnavailable(response: Response): boolean {
  return response.status >= 500;
}

/** No answer at all: fetch() rejects with a TypeError when the request never got one. */
export function errorIsUnavailable(error: unknown): boolean {
  return error instanceof TypeError;
}

/** A query (not a mutation, nor a subscription): only the document's first operation keyword counts. */
export function isQueryBody(body: unknown): boolean {
  if (typeof body !== 'string') return false;
  try {
    const { query } = JSON.parse(body) as { query?: unknown };
    // Top-level definitions start a line in printed documents; selections are indented.
    return typeof query === 'string' && /^(?:query)\b/m.test(query) && !/^(?:mutation|subscription)\b/m.test(query);
  } catch {
    return false;
  }
}

function wait(ms: number, signal: AbortSignal | null | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * The transport's fetch, retrying a query silently when the system rather than the request failed: no answer, an
 * HTTP 5xx, or a GraphQL answer with the code UNAVAILABLE. The page sees the last answer.
 * Mutations are not retried: one that timed out may have been applied, and doing it twice (an
 * add to cart...) would be wrong. Subscriptions go over the WebSocket and reconnect on their own.
 * A page leaving (the request's signal aborted) stops the retries.
 */
export function unavailableRetryFetch(inner: typeof fetch): typeof fetch {
  return async (input, init) => {
    if (!isQueryBody(init?.body)) return inner(input, init);
    for (let attempt = 0; ; attempt += 1) {
      const last = attempt >= UNAVAILABLE_RETRIES;
      let response: Response;
      try {
        response = await inner(input, init);
      } catch (error) {
        if (last || !errorIsUnavailable(error)) throw error;
        await wait(unavailableRetryDelayMs(attempt + 1), init?.signal);
        continue;
      }
      if (last) return response;
      if (responseIsUnavailable(response)) {
        await wait(unavailableRetryDelayMs(attempt + 1), init?.signal);
        continue;
      }
      let body: ResultLike | null = null;
      try {
        body = (await response.clone().json()) as ResultLike;
      } catch {
        // Not JSON: the transport reports it.
      }
      if (!body || !resultIsUnavailable(body)) return response;
      await wait(unavailableRetryDelayMs(attempt + 1), init?.signal);
    }
  };
}
