import { CatalogueRpc } from '@popote/contracts';
import type { RpcClient } from '@popote/platform';
import { describe, expect, it } from 'vitest';
import { bffConfig } from '../config';
import { PublicReadCache } from './public-read-cache.service';

/** A catalogue whose answers the test releases one by one. */
function fakeCatalogue() {
  const pending: { request: unknown; resolve: (v: unknown) => void; reject: (e: unknown) => void }[] = [];
  const rpc = {
    call: (_contract: unknown, request: unknown) => new Promise((resolve, reject) => pending.push({ request, resolve, reject })),
  } as unknown as RpcClient;
  return { rpc, pending };
}
const cacheOf = (rpc: RpcClient, env: Record<string, string> = {}) => new PublicReadCache(rpc, {} as never, bffConfig(env));
const settle = () => new Promise((r) => setImmediate(r));

describe('PublicReadCache', () => {
  it('fills a key once for concurrent readers, then serves it without asking', async () => {
    const { rpc, pending } = fakeCatalogue();
    const cache = cacheOf(rpc);
    const reads = Array.from({ length: 5 }, () => cache.call(CatalogueRpc.getMeal, { meal_id: 'm1' }));
    await settle();
    expect(pending).toHaveLength(1);
    pending[0].resolve({ meal: { name: 'Quiche' } });
    expect(await Promise.all(reads)).toEqual(Array(5).fill({ meal: { name: 'Quiche' } }));
    expect(await cache.call(CatalogueRpc.getMeal, { meal_id: 'm1' })).toEqual({ meal: { name: 'Quiche' } });
    expect(pending).toHaveLength(1);
    expect(cache.stats).toMatchObject({ misses: 1, hits: 1 });
    // Another key is another call; a null answer (no such meal) is cached too.
    const other = cache.call(CatalogueRpc.getMeal, { meal_id: 'gone' });
    await settle();
    pending[1].resolve({ meal: null });
    expect(await other).toEqual({ meal: null });
    expect(await cache.call(CatalogueRpc.getMeal, { meal_id: 'gone' })).toEqual({ meal: null });
    expect(pending).toHaveLength(2);
  });

  it('does not keep an answer that was on its way when a change was announced: its readers read again', async () => {
    const { rpc, pending } = fakeCatalogue();
    const cache = cacheOf(rpc);
    const read = cache.call(CatalogueRpc.getMeal, { meal_id: 'm1' });
    await settle();
    cache.invalidate('meal-updated');
    pending[0].resolve({ meal: { portions_available: 5 } }); // read before the change
    await settle();
    expect(pending).toHaveLength(2);
    pending[1].resolve({ meal: { portions_available: 3 } });
    expect(await read).toEqual({ meal: { portions_available: 3 } });
    expect(await cache.call(CatalogueRpc.getMeal, { meal_id: 'm1' })).toEqual({ meal: { portions_available: 3 } });
    expect(pending).toHaveLength(2);
  });

  it('drops everything on a change, and never caches a failure', async () => {
    const { rpc, pending } = fakeCatalogue();
    const cache = cacheOf(rpc);
    const first = cache.call(CatalogueRpc.featuredMeals, {});
    await settle();
    pending[0].reject(new Error('Service momentanément indisponible'));
    await expect(first).rejects.toThrow(/indisponible/);
    const second = cache.call(CatalogueRpc.featuredMeals, {});
    await settle();
    pending[1].resolve({ items: [1] });
    await second;
    cache.invalidate('stock-committed');
    const third = cache.call(CatalogueRpc.featuredMeals, {});
    await settle();
    expect(pending).toHaveLength(3);
    pending[2].resolve({ items: [] });
    expect(await third).toEqual({ items: [] });
  });

  it('asks every time when turned off (READ_CACHE_TTL_MS=0), and refuses a request on behalf of a user', async () => {
    const { rpc, pending } = fakeCatalogue();
    const cache = cacheOf(rpc, { READ_CACHE_TTL_MS: '0' });
    void cache.call(CatalogueRpc.getMeal, { meal_id: 'm1' });
    void cache.call(CatalogueRpc.getMeal, { meal_id: 'm1' });
    await settle();
    expect(pending).toHaveLength(2);
    await expect(cache.call(CatalogueRpc.cookMeals, { cook_id: 'c', actor: { user_id: 'u', user_type: 'cook' } } as never)).rejects.toThrow(
      /never cached/,
    );
  });

  it('keeps whole answers within READ_CACHE_MAX_BYTES (least recently read first out), never one from before a change', () => {
    const cache = cacheOf(fakeCatalogue().rpc, { READ_CACHE_MAX_BYTES: '2048' });
    const answer = (n: number) => ({ meals: { items: [{ name: 'x'.repeat(n) }] } });
    // An entry weighs its key and its answer's JSON.
    cache.keepResponse('a', answer(900), cache.currentGeneration);
    const weight = cache.responseWeight.bytes;
    expect(weight).toBeGreaterThan(JSON.stringify(answer(900)).length);
    cache.keepResponse('b', answer(900), cache.currentGeneration);
    expect(cache.responseWeight).toEqual({ entries: 2, bytes: 2 * weight });
    expect(cache.response('a')).toEqual(answer(900)); // read: 'b' is now the least recently read
    cache.keepResponse('c', answer(900), cache.currentGeneration);
    expect(cache.responseWeight).toEqual({ entries: 2, bytes: 2 * weight });
    expect(cache.response('b')).toBeUndefined();
    expect(cache.response('a')).toEqual(answer(900));
    // Heavier than the whole budget: not kept, nothing else dropped for it.
    cache.keepResponse('huge', answer(5000), cache.currentGeneration);
    expect(cache.response('huge')).toBeUndefined();
    expect(cache.responseWeight.entries).toBe(2);
    // Computed before a change was announced: not kept; and a change drops every answer.
    const before = cache.currentGeneration;
    cache.invalidate('meal-updated');
    cache.keepResponse('d', answer(10), before);
    expect(cache.response('d')).toBeUndefined();
    expect(cache.responseWeight).toEqual({ entries: 0, bytes: 0 });
  });

  it('answers a read whose fill other fills pushed out before it came back', async () => {
    const rpc = {
      call: async (_c: unknown, request: { meal_id: string }) => {
        await new Promise((r) => setTimeout(r, 5));
        return { meal: { meal_id: request.meal_id } };
      },
    } as unknown as RpcClient;
    const cache = cacheOf(rpc, { READ_CACHE_MAX_ENTRIES: '2' });
    const ids = ['m1', 'm2', 'm3', 'm4', 'm5', 'm6'];
    const answers = await Promise.all(ids.map((meal_id) => cache.call(CatalogueRpc.getMeal, { meal_id })));
    expect(answers).toEqual(ids.map((meal_id) => ({ meal: { meal_id } })));
  });

  it('keeps reads within READ_CACHE_MAX_BYTES too: many distinct communes cannot grow it past its budget', async () => {
    const budget = 64 * 1024;
    const calls: unknown[] = [];
    // A cook with many dishes: every answer weighs about 10 KB.
    const rpc = {
      call: async (_c: unknown, request: unknown) => (calls.push(request), { items: [{ description: 'é'.repeat(5000) }] }),
    } as unknown as RpcClient;
    const cache = cacheOf(rpc, { READ_CACHE_MAX_BYTES: String(budget) });
    const read = (near: string) => cache.call(CatalogueRpc.cookMeals, { cook_id: 'demo-cook-lucas', near });
    const communes = Array.from({ length: 300 }, (_, i) => String(69001 + i));
    for (const near of communes) await read(near);
    // What it still holds (read again without asking) is what its budget allows: a handful, not 300.
    // Newest first: a read that misses pushes out the least recently read, which would be the next one.
    const asked = calls.length;
    for (const near of [...communes].reverse()) await read(near);
    const kept = communes.length - (calls.length - asked);
    expect(kept).toBeGreaterThan(0);
    expect(kept * 10_000).toBeLessThanOrEqual(budget);
    // As the cache itself counts it, after each of many more communes.
    for (const near of Array.from({ length: 100 }, (_, i) => String(75001 + i))) {
      await read(near);
      expect(cache.weight.bytes).toBeLessThanOrEqual(budget);
    }
    expect(cache.weight.bytes).toBeGreaterThan(budget / 2);
  });

  it('makes no key of what could name nothing, nor of an over-long request; one key per normalised request', async () => {
    const calls: unknown[] = [];
    const rpc = {
      call: async (_c: unknown, request: unknown) => (calls.push(request), { items: [], meal: null, next_cursor: null }),
    } as unknown as RpcClient;
    const cache = cacheOf(rpc);
    const twice = async <Req>(contract: Parameters<typeof cache.call>[0], request: Req) => {
      const before = calls.length;
      await cache.call(contract, request as never);
      await cache.call(contract, request as never);
      return calls.length - before;
    };
    const cursor = Buffer.from(JSON.stringify(['2026-01-01T00:00:00.000Z', 'demo-meal-bowl'])).toString('base64url');
    // Kept: asked once for two reads.
    expect(await twice(CatalogueRpc.getMeal, { meal_id: 'demo-meal-bowl' })).toBe(1);
    expect(await twice(CatalogueRpc.listMeals, { first: 5, after: cursor, filter: { cook_id: 'demo-cook-lucas' } })).toBe(1);
    // Not kept: ids of no possible thing, a cursor that is not one the catalogue writes, a commune
    // code the contract refuses, a key over the limit.
    for (const meal_id of ['x'.repeat(10 * 1024), '../../etc/passwd', 'a.b', 'orders.>'])
      expect(await twice(CatalogueRpc.getMeal, { meal_id }), meal_id.slice(0, 20)).toBe(2);
    expect(await twice(CatalogueRpc.cookMeals, { cook_id: '../../etc/passwd', near: null })).toBe(2);
    expect(await twice(CatalogueRpc.listMeals, { first: 5, filter: { cook_id: 'x'.repeat(100) } })).toBe(2);
    for (const after of [`${cursor}!`, `${cursor}.x`, 'x'.repeat(600), Buffer.from('not json').toString('base64url')])
      expect(await twice(CatalogueRpc.listMeals, { first: 5, after }), after.slice(0, 20)).toBe(2);
    expect(await twice(CatalogueRpc.cookMeals, { cook_id: 'demo-cook-lucas', near: '../69381' })).toBe(2);
    expect(await twice(CatalogueRpc.listMeals, { first: 5, filter: { q: 'é'.repeat(100), without_allergens: [] } })).toBe(1);
    expect(await twice(CatalogueRpc.searchCommunes, { query: 'x'.repeat(60), limit: 20 })).toBe(1);
    expect(cache.weight.entries).toBe(4);
    // One key for what the contract reads alike: a commune code with spaces around it, a default page size.
    expect(await twice(CatalogueRpc.cookMeals, { cook_id: 'demo-cook-lucas', near: '69381' })).toBe(1);
    expect(await twice(CatalogueRpc.cookMeals, { cook_id: 'demo-cook-lucas', near: ' 69381 ' })).toBe(0);
  });
});
