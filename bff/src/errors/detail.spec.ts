import { buildSchema, graphql, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { detailWithoutValues, MAX_DETAIL_LENGTH } from './detail';

const SECRET = 'Mot2passe-tres-secret';
const schema = buildSchema(`
  enum Status { pending confirmed }
  input Sign { email: String!, password: String! }
  type Query { signIn(email: String!, password: String!): Boolean, sign(input: Sign!): Boolean, move(to: Status!): Boolean, n(n: Int!): Boolean }
`);
/** What graphql-js itself answers: parse, validation and variable errors, as Apollo passes them on. */
async function messagesOf(query: string, variables?: Record<string, unknown>): Promise<string[]> {
  let document;
  try {
    document = parse(query);
  } catch (err) {
    return [(err as Error).message];
  }
  const invalid = validate(schema, document);
  if (invalid.length) return invalid.map((e) => e.message);
  const result = await graphql({ schema, source: query, variableValues: variables });
  return (result.errors ?? []).map((e) => e.message);
}

describe('detailWithoutValues: graphql-js wording without what the caller sent', () => {
  it("keeps no submitted value of any of graphql-js's refusals", async () => {
    const cases: [string, Record<string, unknown>?][] = [
      ['query($p: String!) { signIn(email: "a", password: $p) }', { p: { secret: SECRET } }],
      ['query($p: String!) { signIn(email: "a", password: $p) }', { p: [SECRET] }],
      ['query($p: String!) { signIn(email: "a", password: $p) }', { p: 424242424242 }],
      ['query($i: Sign!) { sign(input: $i) }', { i: { email: 'a', password: 424242424242 } }],
      ['query($i: Sign!) { sign(input: $i) }', { i: { email: SECRET, extra: SECRET } }],
      ['query($n: Int!) { n(n: $n) }', { n: SECRET }],
      ['query($s: Status!) { move(to: $s) }', { s: SECRET }],
      [`{ signIn(email: "a", password: 424242424242) }`],
      [`{ n(n: "${SECRET}") }`],
      [`{ move(to: ${SECRET.replace(/-/g, '_')}) }`],
      [`{ move(to: "${SECRET}") }`],
      [`{ signIn(email: "a" "${SECRET}") }`],
    ];
    for (const [query, variables] of cases) {
      const messages = await messagesOf(query, variables);
      expect(messages.length, query).toBeGreaterThan(0);
      // graphql-js does print them: that is what is taken out.
      expect(
        messages.some((m) => m.includes(SECRET) || m.includes(SECRET.replace(/-/g, '_')) || m.includes('424242')),
        query,
      ).toBe(true);
      for (const message of messages) {
        const detail = detailWithoutValues(message);
        for (const value of [SECRET, SECRET.replace(/-/g, '_'), '424242']) expect(detail, message).not.toContain(value);
      }
    }
  });

  it('keeps the names that say what was wrong', () => {
    expect(detailWithoutValues('Variable "$p" got invalid value 42; String cannot represent a non string value: 42')).toBe(
      'Variable "$p" got invalid value …',
    );
    expect(detailWithoutValues('Value "x" does not exist in "OrderStatus" enum.')).toBe('Value … does not exist in "OrderStatus" enum.');
    expect(detailWithoutValues('Expected value of type "Int!", found "x".')).toBe('Expected value of type "Int!", found …');
    expect(detailWithoutValues('Syntax Error: Expected Name, found String "x".')).toBe('Syntax Error: Expected Name, found …');
    expect(detailWithoutValues('Syntax Error: Unexpected "}".')).toBe('Syntax Error: Unexpected …');
    for (const kept of [
      'Unknown operation named "B".',
      'Cannot query field "nope" on type "Query".',
      'Variable "$p" of required type "String!" was not provided.',
      'POST body missing, invalid Content-Type, or JSON object has no keys.',
      'Operation batching disabled.',
    ])
      expect(detailWithoutValues(kept)).toBe(kept);
  });

  it('is short', () => {
    expect(detailWithoutValues(`Cannot query field "${'x'.repeat(5000)}" on type "Query".`).length).toBeLessThanOrEqual(
      MAX_DETAIL_LENGTH + 1,
    );
  });
});
