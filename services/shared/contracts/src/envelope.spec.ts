import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEvent, defineRpc } from './envelope';
import { CatalogueRpc } from './catalogue';

describe('contracts', () => {
  it('refuses subjects that break the naming convention', () => {
    expect(() => defineEvent('catalogue.meal-created', z.object({}))).toThrow(/bad event subject/);
    expect(() => defineRpc('rpc.catalogue.ListMeals', z.object({}), z.object({}))).toThrow(/bad rpc subject/);
  });
  it('applies the spec page size of 20 and caps it', () => {
    expect(CatalogueRpc.listMeals.request.parse({})).toEqual({ first: 20 });
    expect(() => CatalogueRpc.listMeals.request.parse({ first: 500 })).toThrow();
  });
});
