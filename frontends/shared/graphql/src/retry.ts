import { ApolloLink, ServerError, ServerParseError } from '@apollo/client';
import { OperationTypeNode } from 'graphql';
import { Observable, type Subscription } from 'rxjs';

/** Spec §9: on 'unavailable', up to 3 more tries, 2 s × the attempt number apart (2 s, 4 s, 6 s). */
export const UNAVAILABLE_RETRIES = 3;
export const unavailableRetryDelayMs = (attempt: number): number => 2000 * attempt;

interface ResultLike {
  errors?: ReadonlyArray<{ extensions?: Record<string, unknown> }>;
}

/** The BFF answered that a service is down or too slow (its code UNAVAILABLE). */
export function resultIsUnavailable(result: ResultLike): boolean {
  return (result.errors ?? []).some((error) => error.extensions?.['code'] === 'UNAVAILABLE');
}

/** The BFF itself could not be reached: no network, or the proxy's 5xx (502, 503, 504). */
export function errorIsUnavailable(error: unknown): boolean {
  if (ServerError.is(error) || ServerParseError.is(error)) return error.statusCode >= 500;
  // fetch() rejects with a TypeError when the request never got an answer.
  return error instanceof TypeError;
}

/**
 * Retries a query, silently (spec §8: "the code unavailable is retried silently without a
 * message"), when the system rather than the request failed; the page sees the last answer.
 * Mutations are not retried: one that timed out may have been applied, and doing it twice
 * (an add to cart...) would be wrong. Subscriptions reconnect on their own.
 */
export class UnavailableRetryLink extends ApolloLink {
  override request(operation: ApolloLink.Operation, forward: ApolloLink.ForwardFunction): Observable<ApolloLink.Result> {
    if (operation.operationType !== OperationTypeNode.QUERY) return forward(operation);
    return new Observable<ApolloLink.Result>((observer) => {
      let attempt = 0;
      let current: Subscription | undefined;
      let timer: ReturnType<typeof setTimeout> | undefined;

      const retryLater = () => {
        attempt += 1;
        timer = setTimeout(() => {
          timer = undefined;
          run();
        }, unavailableRetryDelayMs(attempt));
      };

      const run = () => {
        let retrying = false;
        current = forward(operation).subscribe({
          next: (result) => {
            if (attempt < UNAVAILABLE_RETRIES && resultIsUnavailable(result as ResultLike)) {
              retrying = true;
              current?.unsubscribe();
              retryLater();
              return;
            }
            observer.next(result);
          },
          error: (error: unknown) => {
            if (attempt < UNAVAILABLE_RETRIES && errorIsUnavailable(error)) retryLater();
            else observer.error(error);
          },
          complete: () => {
            if (!retrying) observer.complete();
          },
        });
        // An answer that arrived synchronously asked for a retry before `current` was set.
        if (retrying) current.unsubscribe();
      };

      run();
      return () => {
        clearTimeout(timer);
        current?.unsubscribe();
      };
    });
  }
}
