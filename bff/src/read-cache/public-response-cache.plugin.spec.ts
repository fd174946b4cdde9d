import { parse, type OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { isPublicQuery, MAX_RESPONSE_KEY_LENGTH, responseKey } from './public-response-cache.plugin';

const operation = (source: string) => parse(source).definitions.find((d) => d.kind === 'OperationDefinition') as OperationDefinitionNode;

describe('isPublicQuery: which operations may be answered whole to a signed-out visitor', () => {
  it('takes queries made only of public reads', () => {
    expect(isPublicQuery(operation('{ meals { items { meal_id } } }'))).toBe(true);
    expect(isPublicQuery(operation('query Home($near: String) { featuredMeals(near: $near) { meal_id } popularCooks { cook_id } }'))).toBe(
      true,
    );
    expect(isPublicQuery(operation('query($id: ID!) { cook(cook_id: $id) { meals { meal_id } } __typename }'))).toBe(true);
  });

  it('refuses anything else: a private field beside public ones, a mutation, a subscription, a fragment at the root', () => {
    expect(isPublicQuery(operation('{ me { user { email } } meals { items { meal_id } } }'))).toBe(false);
    expect(isPublicQuery(operation('{ cart { cart_id } }'))).toBe(false);
    expect(isPublicQuery(operation('mutation { signOut }'))).toBe(false);
    expect(isPublicQuery(operation('subscription { orderUpdated { order_id } }'))).toBe(false);
    expect(isPublicQuery(operation('query { ...Q } fragment Q on Query { meals { items { meal_id } } }'))).toBe(false);
    expect(isPublicQuery(operation('query { ... on Query { meals { items { meal_id } } } }'))).toBe(false);
  });
});

describe('responseKey: what a whole answer is kept under', () => {
  const sized = operation('query Page($n: Int!, $near: String) { meals(first: $n, near: $near) { items { meal_id } } }');

  it('holds the query, the operation name and the declared variables, in their declared order', () => {
    const key = responseKey('h1', 'Page', sized, { near: '69381', n: 2 });
    expect(key).toBe('h1 Page [2,"69381"]');
    expect(responseKey('h1', 'Page', sized, { n: 2, near: '69381' })).toBe(key);
    expect(responseKey('h1', 'Page', sized, { n: 4, near: '69381' })).not.toBe(key);
    expect(responseKey('h2', 'Page', sized, { n: 2, near: '69381' })).not.toBe(key);
    expect(responseKey('h1', 'Other', sized, { n: 2, near: '69381' })).not.toBe(key);
    // A missing variable and a null one are the same to graphql-js.
    expect(responseKey('h1', 'Page', sized, { n: 2 })).toBe(responseKey('h1', 'Page', sized, { n: 2, near: null }));
  });

  it('ignores variables the operation does not declare, and gives none for an over-long key', () => {
    expect(responseKey('h1', 'Page', sized, { n: 2, junk: 'x'.repeat(10_000) })).toBe(responseKey('h1', 'Page', sized, { n: 2 }));
    expect(responseKey('h1', 'Page', sized, { n: 2, near: 'x'.repeat(MAX_RESPONSE_KEY_LENGTH) })).toBeNull();
    expect(responseKey('h1', null, operation('{ communes(search: "Lyon") { insee } }'), undefined)).toBe('h1  []');
  });

  it('gives none when an ID variable holds something that is not an id: such an answer names nothing', () => {
    const byId = operation('query($id: ID!, $ids: [ID!]) { meal(meal_id: $id) { meal_id } }');
    expect(responseKey('h1', null, byId, { id: 'demo-meal-bowl', ids: ['a1', 'b2'] })).toBe('h1  ["demo-meal-bowl",["a1","b2"]]');
    for (const id of ['../../etc/passwd', 'x'.repeat(65), '', ' ', 'a.b', 42, { $gt: '' }])
      expect(responseKey('h1', null, byId, { id }), JSON.stringify(id)).toBeNull();
    expect(responseKey('h1', null, byId, { id: 'a1', ids: ['b2', '../x'] })).toBeNull();
  });
});
