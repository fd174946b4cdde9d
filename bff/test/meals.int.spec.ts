import type { INestApplication } from '@nestjs/common';
import { natsCredentials, resetJetStream, serviceEnv, startServiceApp } from '@popote/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppModule as CatalogueModule } from '../../services/catalogue/src/app.module';
import { catalogueConfig } from '../../services/catalogue/src/config';
import { seedCatalogue } from '../../services/catalogue/src/seed/seed';
import { bffConfig, startBff } from './support/bff';

describe('bff: GraphQL meals through NATS to the catalogue', () => {
  let catalogue: INestApplication;
  let bff: INestApplication;
  let url: string;

  beforeAll(async () => {
    await resetJetStream();
    const env = serviceEnv('catalogue', __filename);
    const config = catalogueConfig(env);
    catalogue = await startServiceApp('catalogue', CatalogueModule.forRoot(config), config.NATS_URL);
    await seedCatalogue(env);
    ({ app: bff, url } = await startBff(bffConfig({ ...env, ...natsCredentials('bff'), GRAPHIQL: 'false' })));
  });

  afterAll(async () => {
    await bff?.close();
    await catalogue?.close();
  });

  const gql = async (query: string, variables: Record<string, unknown> = {}) => {
    const res = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    return (await res.json()) as { data?: any; errors?: { message: string; extensions?: { code?: string } }[] };
  };

  it('serves the 20 newest meals by default', async () => {
    const { data, errors } = await gql('{ meals { items { meal_id name cook_name price_cents image_url } next_cursor } }');
    expect(errors).toBeUndefined();
    expect(data.meals.items.length).toBe(8);
    expect(data.meals.items[0]).toMatchObject({ meal_id: 'demo-meal-bowl', cook_name: 'mei_wok', price_cents: 1050 });
  });

  it('pages with first/after', async () => {
    const first = await gql('query($n:Int){ meals(first:$n) { items { meal_id } next_cursor } }', { n: 5 });
    const second = await gql('query($a:String){ meals(first:5, after:$a) { items { meal_id } next_cursor } }', {
      a: first.data.meals.next_cursor,
    });
    expect(first.data.meals.items).toHaveLength(5);
    expect(second.data.meals.items).toHaveLength(3);
    expect(second.data.meals.next_cursor).toBeNull();
  });

  it('turns a service error into a coded French message, without internals', async () => {
    const { errors } = await gql('{ meals(after: "forged") { items { meal_id } } }');
    expect(errors?.[0]).toMatchObject({ message: 'Curseur de pagination invalide', extensions: { code: 'VALIDATION_FAILED' } });
    expect(JSON.stringify(errors)).not.toMatch(/stack|at .*\.ts/);
  });

  it('refuses a page size above the limit', async () => {
    const { errors } = await gql('{ meals(first: 1000) { items { meal_id } } }');
    expect(errors?.[0].extensions?.code).toBe('VALIDATION_FAILED');
  });

  it('serves meal pictures with year-long immutable caching', async () => {
    const res = await fetch(`${url}/media/meals/demo_demo-meal-tajine.jpg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(5_000);
  });

  it('answers 404 for a missing or malicious media path', async () => {
    expect((await fetch(`${url}/media/meals/nope.jpg`)).status).toBe(404);
    expect((await fetch(`${url}/media/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
  });
});
