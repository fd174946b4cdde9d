import { ApolloClient, ApolloLink, CombinedGraphQLErrors, gql, InMemoryCache, ServerError } from '@apollo/client';
import { Observable } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorIsUnavailable, UnavailableRetryLink, unavailableRetryDelayMs } from './retry';

const QUERY = gql`
  query Meals {
    meals {
      name
    }
  }
`;
const MUTATION = gql`
  mutation Add {
    addToCart
  }
`;

const unavailable = {
  data: null,
  errors: [{ message: 'Le service est momentanément indisponible.', extensions: { code: 'UNAVAILABLE' } }],
};
const ok = { data: { meals: [{ __typename: 'Meal', name: 'Tajine' }] } };
type Answer = { result: Record<string, unknown> } | { error: unknown };

/** A client whose server answers from a script, recording when each request was sent. */
function clientAnswering(...script: Answer[]) {
  const sentAt: number[] = [];
  const start = Date.now();
  const server = new ApolloLink(
    () =>
      new Observable((observer) => {
        sentAt.push(Date.now() - start);
        const answer = script.length > 1 ? script.shift()! : script[0]!;
        // Answer asynchronously, like the network (a microtask: no time passes).
        queueMicrotask(() => {
          if ('error' in answer) observer.error(answer.error);
          else {
            observer.next(answer.result as ApolloLink.Result);
            observer.complete();
          }
        });
      }),
  );
  const client = new ApolloClient({ link: ApolloLink.from([new UnavailableRetryLink(), server]), cache: new InMemoryCache() });
  return { client, sentAt };
}

describe('retry on unavailable (spec: 3 times, 2 s × the attempt)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits 2 s, then 4 s, then 6 s', () => {
    expect([1, 2, 3].map(unavailableRetryDelayMs)).toEqual([2000, 4000, 6000]);
  });

  it('retries a query the BFF answered UNAVAILABLE, silently, until it works', async () => {
    const { client, sentAt } = clientAnswering({ result: unavailable }, { result: unavailable }, { result: ok });
    const result = client.query({ query: QUERY });
    await vi.advanceTimersByTimeAsync(6100);
    expect(await result).toMatchObject({ data: { meals: [{ name: 'Tajine' }] } });
    expect(sentAt).toEqual([0, 2000, 6000]);
  });

  it('gives up after 3 retries and hands the last answer to the page', async () => {
    const { client, sentAt } = clientAnswering({ result: unavailable });
    const result = client.query({ query: QUERY }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(20_000);
    const error = await result;
    expect(CombinedGraphQLErrors.is(error) && error.errors[0]?.extensions?.['code']).toBe('UNAVAILABLE');
    expect(sentAt).toEqual([0, 2000, 6000, 12_000]);
  });

  it('retries when the BFF cannot be reached (network down, proxy 502/503/504)', async () => {
    const badGateway = new ServerError('Bad gateway', { response: new Response(null, { status: 502 }), bodyText: '' });
    const { client, sentAt } = clientAnswering({ error: new TypeError('Failed to fetch') }, { error: badGateway }, { result: ok });
    const result = client.query({ query: QUERY });
    await vi.advanceTimersByTimeAsync(6100);
    expect(await result).toMatchObject({ data: { meals: [{ name: 'Tajine' }] } });
    expect(sentAt).toEqual([0, 2000, 6000]);
  });

  it('does not retry an answer about the request itself', async () => {
    const notFound = { data: null, errors: [{ message: 'Plat introuvable', extensions: { code: 'MEAL_NOT_FOUND' } }] };
    const { client, sentAt } = clientAnswering({ result: notFound });
    const result = client.query({ query: QUERY }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(CombinedGraphQLErrors.is(await result)).toBe(true);
    expect(sentAt).toEqual([0]);
    expect(errorIsUnavailable(new ServerError('Bad request', { response: new Response(null, { status: 400 }), bodyText: '' }))).toBe(false);
  });

  it('never sends a mutation twice (it may have been applied)', async () => {
    const { client, sentAt } = clientAnswering({ result: unavailable });
    const result = client.mutate({ mutation: MUTATION }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(CombinedGraphQLErrors.is(await result)).toBe(true);
    expect(sentAt).toEqual([0]);
  });
});
