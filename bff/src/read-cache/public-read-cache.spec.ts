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
    const weight = 1 + JSON.stringify(answer(900)).length;
    cache.keepResponse('a', answer(900), cache.currentGeneration);
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
});
