import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { keys } from './cache';

const schema = readFileSync(fileURLToPath(new URL('../../../../bff/schema.graphql', import.meta.url)), 'utf8');

describe('Graphcache keys', () => {
  it('names every object type of the schema (a type added without a key is caught here)', () => {
    const objectTypes = [...schema.matchAll(/^type (\w+)/gm)]
      .map((match) => match[1]!)
      .filter((name) => !['Query', 'Mutation', 'Subscription'].includes(name));
    expect(objectTypes.length).toBeGreaterThan(30);
    expect(Object.keys(keys).sort()).toEqual(objectTypes.sort());
  });
});
