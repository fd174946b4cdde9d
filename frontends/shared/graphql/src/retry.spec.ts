import { Client, CombinedError, fetchExchange, gql } from '@urql/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isQueryBody, unavailableRetryDelayMs, unavailableRetryFetch } from './retry';

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
type Answer = { result: Record<string, unknown> } | { status: number } | { error: unknown };

/** A client whose server answers from a script, recording when each request was sent. */
function clientAnswering(...script: Answer[]) {
  const sentAt: number[] = [];
  const start = Date.now();
  const server: typeof fetch = async () => {
    sentAt.push(Date.now() - start);
    const answer = script.length > 1 ? script.shift()! : script[0]!;
    // Answer asynchronously, like the network (a microtask: no time passes).
    await Promise.resolve();
    if ('error' in answer) throw answer.error;
    if ('status' in answer) return new Response('Bad gateway', { status: answer.status, headers: { 'content-type': 'text/plain' } });
    return new Response(JSON.stringify(answer.result), { headers: { 'content-type': 'application/json' } });
  };
  const client = new Client({
    url: 'http://localhost/graphql',
    preferGetMethod: false,
    fetch: unavailableRetryFetch(server),
    exchanges: [fetchExchange],
  });
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
    const result = client.query(QUERY, {}).toPromise();
    await vi.advanceTimersByTimeAsync(6100);
    expect(await result).toMatchObject({ data: { meals: [{ name: 'Tajine' }] } });
    expect(sentAt).toEqual([0, 2000, 6000]);
  });

  it('gives up after 3 retries and hands the last answer to the page', async () => {
    const { client, sentAt } = clientAnswering({ result: unavailable });
    const result = client.query(QUERY, {}).toPromise();
    await vi.advanceTimersByTimeAsync(20_000);
    const { error } = await result;
    expect(error).toBeInstanceOf(CombinedError);
    expect(error?.graphQLErrors[0]?.extensions?.['code']).toBe('UNAVAILABLE');
    expect(sentAt).toEqual([0, 2000, 6000, 12_000]);
  });

  it('retries when the BFF cannot be reached (network down, proxy 502/503/504)', async () => {
    const { client, sentAt } = clientAnswering({ error: new TypeError('Failed to fetch') }, { status: 502 }, { result: ok });
    const result = client.query(QUERY, {}).toPromise();
    await vi.advanceTimersByTimeAsync(6100);
    expect(await result).toMatchObject({ data: { meals: [{ name: 'Tajine' }] } });
    expect(sentAt).toEqual([0, 2000, 6000]);
  });

  it('does not retry an answer about the request itself', async () => {
    const notFound = { data: null, errors: [{ message: 'Plat introuvable', extensions: { code: 'MEAL_NOT_FOUND' } }] };
    const { client, sentAt } = clientAnswering({ result: notFound });
    const result = client.query(QUERY, {}).toPromise();
    await vi.advanceTimersByTimeAsync(20_000);
    expect((await result).error?.graphQLErrors[0]?.extensions?.['code']).toBe('MEAL_NOT_FOUND');
    expect(sentAt).toEqual([0]);
    const badRequest = clientAnswering({ status: 400 });
    const refused = badRequest.client.query(QUERY, {}).toPromise();
    await vi.advanceTimersByTimeAsync(20_000);
    expect((await refused).error?.networkError).toBeDefined();
    expect(badRequest.sentAt).toEqual([0]);
  });

  it('never sends a mutation twice (it may have been applied)', async () => {
    const { client, sentAt } = clientAnswering({ result: unavailable });
    const result = client.mutation(MUTATION, {}).toPromise();
    await vi.advanceTimersByTimeAsync(20_000);
    expect((await result).error).toBeInstanceOf(CombinedError);
    expect(sentAt).toEqual([0]);
  });

  it('tells a query from a mutation by the first operation of the document', () => {
    expect(isQueryBody(JSON.stringify({ query: 'query Meals {\n  meals {\n    name\n  }\n}' }))).toBe(true);
    expect(isQueryBody(JSON.stringify({ query: 'mutation Add {\n  addToCart\n}\n\nfragment F on Meal {\n  query\n}' }))).toBe(false);
    expect(isQueryBody('not json')).toBe(false);
  });
});
