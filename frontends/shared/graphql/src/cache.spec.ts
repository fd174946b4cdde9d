import { Client, fetchExchange, gql } from '@urql/core';
import { cacheExchange } from '@urql/exchange-graphcache';
import { describe, expect, it } from 'vitest';
import { cacheOptions, forgetEverything } from './cache';
import { forgetMe } from './client';
import { localExchange, updateCache } from './local';

const MEALS = gql`
  query Meals($first: Int!, $after: String, $filter: MealFilterInput) {
    meals(first: $first, after: $after, filter: $filter) {
      items {
        meal_id
        name
      }
      next_cursor
    }
  }
`;

const ME = gql`
  query Me {
    me {
      user {
        user_id
        name
      }
    }
  }
`;

const ORDER = gql`
  query Order($id: ID!) {
    order(order_id: $id) {
      order_id
      order_status
    }
  }
`;

type Answer = (body: { operationName: string; variables: Record<string, unknown> }) => unknown;

/** A client with the real cache and local writes, its BFF answering from `answer`. */
function clientAnswering(answer: Answer) {
  const sent: string[] = [];
  const fetch: typeof globalThis.fetch = async (_input, init) => {
    const body = JSON.parse(String(init?.body)) as { operationName: string; variables: Record<string, unknown> };
    sent.push(`${body.operationName} ${JSON.stringify(body.variables)}`);
    return new Response(JSON.stringify({ data: answer(body) }), { headers: { 'content-type': 'application/json' } });
  };
  const client = new Client({
    url: 'http://bff.test/graphql',
    preferGetMethod: false,
    fetch,
    exchanges: [cacheExchange(cacheOptions), localExchange, fetchExchange],
  });
  return { client, sent };
}

const meal = (id: string) => ({ __typename: 'Meal', meal_id: id, name: `Plat ${id}` });
const page = (ids: string[], next: string | null) => ({ __typename: 'MealPage', items: ids.map(meal), next_cursor: next });

describe('meals pagination', () => {
  const pages: Record<string, ReturnType<typeof page>> = {
    first: page(['1', '2'], 'c1'),
    c1: page(['3', '4'], 'c2'),
    c2: page(['5'], null),
  };
  const answer: Answer = ({ variables }) => ({ meals: pages[(variables['after'] as string | undefined) ?? 'first'] });
  const names = (data: { meals: { items: { meal_id: string }[]; next_cursor: string | null } } | undefined) => ({
    ids: data?.meals.items.map((item) => item.meal_id),
    next: data?.meals.next_cursor,
  });

  it('chains the pages fetched after the first one into one list, the last cursor last', async () => {
    const { client } = clientAnswering(answer);
    const vars = { first: 2, filter: { category: 'french' } };
    expect(names((await client.query(MEALS, vars).toPromise()).data)).toEqual({ ids: ['1', '2'], next: 'c1' });
    await client.query(MEALS, { ...vars, after: 'c1' }).toPromise();
    expect(names((await client.query(MEALS, vars, { requestPolicy: 'cache-only' }).toPromise()).data)).toEqual({
      ids: ['1', '2', '3', '4'],
      next: 'c2',
    });
    await client.query(MEALS, { ...vars, after: 'c2' }).toPromise();
    expect(names((await client.query(MEALS, vars, { requestPolicy: 'cache-only' }).toPromise()).data)).toEqual({
      ids: ['1', '2', '3', '4', '5'],
      next: null,
    });
    // Another filter is another list.
    const other = await client.query(MEALS, { first: 2, filter: { category: 'italian' } }, { requestPolicy: 'cache-only' }).toPromise();
    expect(other.data).toBeNull();
  });

  it('starts over when the first page is fetched again', async () => {
    const { client } = clientAnswering(answer);
    const vars = { first: 2, filter: null };
    await client.query(MEALS, vars).toPromise();
    await client.query(MEALS, { ...vars, after: 'c1' }).toPromise();
    await client.query(MEALS, vars, { requestPolicy: 'network-only' }).toPromise();
    expect(names((await client.query(MEALS, vars, { requestPolicy: 'cache-only' }).toPromise()).data)).toEqual({
      ids: ['1', '2'],
      next: 'c1',
    });
  });
});

describe('writes outside an answer (client-only mutation)', () => {
  it("forgets `me` (the session ended): the signed-in person's query reads null", async () => {
    const { client } = clientAnswering(() => ({ me: { __typename: 'Me', user: { __typename: 'User', user_id: 'u1', name: 'Ana' } } }));
    expect((await client.query(ME, {}).toPromise()).data?.me.user.name).toBe('Ana');
    await forgetMe(client);
    expect((await client.query(ME, {}, { requestPolicy: 'cache-only' }).toPromise()).data).toEqual({ me: null });
  });

  it("writes a mutation's Me into `Query.me` when its __typename is added", async () => {
    const { client } = clientAnswering(() => ({ me: null }));
    await client.query(ME, {}).toPromise();
    await updateCache(client, (cache) =>
      cache.updateQuery({ query: ME }, () => ({ me: { __typename: 'Me', user: { __typename: 'User', user_id: 'u2', name: 'Bruno' } } })),
    );
    const read = await client.query(ME, {}, { requestPolicy: 'cache-only' }).toPromise();
    expect(read.data?.me.user.name).toBe('Bruno');
  });

  it('lands a live status on the cached order, and says whether it was known', async () => {
    const { client } = clientAnswering(() => ({ order: { __typename: 'Order', order_id: 'o1', order_status: 'pending' } }));
    await client.query(ORDER, { id: 'o1' }).toPromise();
    const fragment = gql`
      fragment S on Order {
        order_id
        order_status
      }
    `;
    const write = (id: string) =>
      updateCache(client, (cache) => {
        const known = typeof cache.resolve({ __typename: 'Order', order_id: id }, 'order_status') === 'string';
        if (known) cache.writeFragment(fragment, { __typename: 'Order', order_id: id, order_status: 'confirmed' });
        return known;
      });
    expect(await write('o1')).toBe(true);
    expect(await write('o2')).toBe(false);
    const read = await client.query(ORDER, { id: 'o1' }, { requestPolicy: 'cache-only' }).toPromise();
    expect(read.data?.order.order_status).toBe('confirmed');
  });

  it('forgets every answer at sign-out: the queries ask the server again', async () => {
    const { client, sent } = clientAnswering(() => ({
      me: { __typename: 'Me', user: { __typename: 'User', user_id: 'u1', name: 'Ana' } },
    }));
    await client.query(ME, {}).toPromise();
    await updateCache(client, forgetEverything);
    expect((await client.query(ME, {}, { requestPolicy: 'cache-only' }).toPromise()).data).toBeNull();
    await client.query(ME, {}).toPromise();
    expect(sent).toHaveLength(2);
  });
});
