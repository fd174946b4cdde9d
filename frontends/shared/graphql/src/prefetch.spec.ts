// @vitest-environment jsdom
import { gql, type TypedDocumentNode } from '@urql/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createGraphQLClient } from './client';
import { prefetchQuery } from './prefetch';

const MEALS: TypedDocumentNode<{ meals: { items: { meal_id: string; name: string }[] } }, { first: number; filter: unknown }> = gql`
  query PrefetchMeals($first: Int!, $filter: MealFilterInput) {
    meals(first: $first, filter: $filter) {
      items {
        meal_id
        name
      }
    }
  }
`;

const answer = (name: string) => ({
  data: { meals: { __typename: 'MealPage', items: [{ __typename: 'Meal', meal_id: 'm1', name }] } },
});

let sent: { operationName: string; variables: unknown; query: string }[];

beforeEach(() => {
  sent = [];
  let n = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_uri: string, init: RequestInit) => {
      sent.push(JSON.parse(String(init.body)) as (typeof sent)[number]);
      n += 1;
      return new Response(JSON.stringify(answer(`réponse ${n}`)), { headers: { 'content-type': 'application/json' } });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('prefetchQuery', () => {
  it("gives the page's first query the response already on its way, once", async () => {
    prefetchQuery(MEALS, { first: 20, filter: null });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.query).toContain('__typename');

    const client = createGraphQLClient();
    const first = await client.query(MEALS, { filter: null, first: 20 }, { requestPolicy: 'network-only' }).toPromise();
    expect(sent).toHaveLength(1); // no second request
    expect(first.data?.meals.items[0]?.name).toBe('réponse 1');

    // Used once: a refetch goes to the network.
    const again = await client.query(MEALS, { first: 20, filter: null }, { requestPolicy: 'network-only' }).toPromise();
    expect(sent).toHaveLength(2);
    expect(again.data?.meals.items[0]?.name).toBe('réponse 2');
  });

  it('leaves other variables, and a stale prefetch, to the network', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    prefetchQuery(MEALS, { first: 20, filter: null });
    const client = createGraphQLClient();
    await client.query(MEALS, { first: 20, filter: { q: 'tajine' } }, { requestPolicy: 'network-only' }).toPromise();
    expect(sent).toHaveLength(2);
    expect(sent[1]!.variables).toEqual({ first: 20, filter: { q: 'tajine' } });

    vi.setSystemTime(Date.now() + 60_000);
    const late = await client.query(MEALS, { first: 20, filter: null }, { requestPolicy: 'network-only' }).toPromise();
    expect(sent).toHaveLength(3);
    expect(late.data?.meals.items[0]?.name).toBe('réponse 3');
  });
});
