// @ts-check
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { buildSchema, parse, validate } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_PAINT_MEALS_QUERY, firstPaintOf, renderMealsFirstPaint, safeImageUrl } from './meals-first-paint.mjs';

/** @returns {import('./meals-first-paint.mjs').FirstPaintMeal} */
const meal = (over = {}) => ({
  meal_id: 'm1',
  name: 'Tajine aux olives',
  description: 'Poulet, citron confit',
  price_cents: 1250,
  cook_name: 'Amina',
  portions_available: 8,
  preparation_time: 45,
  image_url: '/media/meals/m1.jpg',
  image_card_url: '/media/meals/m1_card.jpg',
  rating_average: 4.5,
  rating_count: 12,
  ...over,
});

describe('the first paint of /meals', () => {
  it('asks the BFF only for fields its schema has', () => {
    const schema = buildSchema(readFileSync(new URL('../../../bff/schema.graphql', import.meta.url), 'utf8'));
    expect(validate(schema, parse(FIRST_PAINT_MEALS_QUERY)).map((e) => e.message)).toEqual([]);
  });

  it('draws each card with its name, price, cook and picture, the first pictures first', () => {
    const paint = renderMealsFirstPaint([
      meal(),
      meal({ meal_id: 'm2', name: 'Gratin' }),
      meal({ meal_id: 'm3' }),
      meal({ meal_id: 'm4' }),
      meal({ meal_id: 'm5', name: 'Soupe' }),
    ]);
    expect(paint?.head).toContain('<style id="pp-first-paint-style">');
    const body = String(paint?.body);
    expect(body).toMatch(/^<div id="pp-first-paint" data-path="\/meals">/);
    expect(body).toContain('<h1 class="fp-title">Plats disponibles</h1>');
    expect(body).toContain('<a href="/meals/m1">Tajine aux olives</a>');
    expect(body).toMatch(/<p class="fp-price">12,50\s€<\/p>/u);
    expect(body).toContain('par Amina');
    expect(body).toContain('45 min');
    expect(body).toMatch(/4,5<span class="pp-visually-hidden"> sur 5<\/span> \(12 avis\)/);
    expect(body).toContain(
      '<img class="fp-img" src="/media/meals/m1_card.jpg" alt="Tajine aux olives" width="400" height="300" loading="eager" fetchpriority="high"',
    );
    expect(body).toContain('alt="Soupe" width="400" height="300" loading="lazy" fetchpriority="auto"');
    expect(body.match(/fetchpriority="high"/g)).toHaveLength(2);
  });

  it('escapes every text, and drops a picture URL that is not a page path or https', () => {
    const body = String(
      renderMealsFirstPaint([
        meal({
          name: '<script>alert(1)</script>',
          description: '"><img src=x onerror=alert(1)>',
          cook_name: "O'Brien & fils",
          meal_id: 'a/b?c',
          image_card_url: 'javascript:alert(1)',
          image_url: null,
        }),
      ])?.body,
    );
    expect(body).not.toContain('<script>');
    expect(body).not.toContain('<img src=x');
    expect(body).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(body).toContain('par O&#39;Brien &#38; fils');
    expect(body).toContain('href="/meals/a%2Fb%3Fc"');
    expect(body).not.toContain('javascript:');
    expect(body).not.toContain('<img');
    expect(safeImageUrl('//evil.example/x.jpg')).toBeUndefined();
    expect(safeImageUrl('http://cdn.example/x.jpg')).toBeUndefined();
    expect(safeImageUrl('https://cdn.example/x.jpg')).toBe('https://cdn.example/x.jpg');
  });

  it('shows sold-out and last-portions badges, and nothing for an empty list', () => {
    expect(renderMealsFirstPaint([meal({ portions_available: 0 })])?.body).toContain('<div class="fp-over">Épuisé</div>');
    expect(renderMealsFirstPaint([meal({ portions_available: 2 })])?.body).toContain('Plus que 2 disponibles');
    expect(renderMealsFirstPaint([])).toBeUndefined();
  });

  describe('against a stand-in BFF', () => {
    /** @type {http.Server} */ let bff;
    /** @type {string} */ let bffUrl;
    /** @type {http.IncomingHttpHeaders[]} */ const seen = [];
    /** @type {'ok' | 'slow' | 'error' | 'garbage'} */ let mode = 'ok';

    beforeAll(async () => {
      bff = http.createServer((req, res) => {
        seen.push(req.headers);
        req.resume();
        req.on('end', () => {
          res.setHeader('content-type', 'application/json');
          if (mode === 'slow') return void setTimeout(() => res.end(JSON.stringify({ data: { meals: { items: [meal()] } } })), 1000);
          if (mode === 'error') return void res.end(JSON.stringify({ errors: [{ message: 'boom' }], data: null }));
          if (mode === 'garbage') return void res.end(JSON.stringify({ data: { meals: { items: [{ name: 1 }] } } }));
          res.end(JSON.stringify({ data: { meals: { items: [meal()] } } }));
        });
      });
      await new Promise((resolve) => bff.listen(0, '127.0.0.1', () => resolve(undefined)));
      bffUrl = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (bff.address()).port}`;
    });
    afterAll(async () => {
      bff.closeAllConnections();
      await new Promise((resolve) => bff.close(resolve));
    });

    it('renders /meals (and /meals/) from the public list, sending no cookie', async () => {
      mode = 'ok';
      const paint = await firstPaintOf(new URL('http://shell/meals'), { bffUrl, timeoutMs: 2000 });
      expect(paint?.body).toContain('Tajine aux olives');
      expect(await firstPaintOf(new URL('http://shell/meals/'), { bffUrl, timeoutMs: 2000 })).toBeDefined();
      expect(seen.every((headers) => headers.cookie === undefined)).toBe(true);
    });

    it('leaves other pages and filtered lists to the scripts', async () => {
      seen.length = 0;
      for (const url of ['http://shell/', 'http://shell/meals?q=tajine', 'http://shell/meals/m1', 'http://shell/cart']) {
        expect(await firstPaintOf(new URL(url), { bffUrl, timeoutMs: 2000 }), url).toBeUndefined();
      }
      expect(seen).toHaveLength(0);
    });

    it('serves the plain shell when the BFF is slow, answers an error or garbage, or is down', async () => {
      /** @type {string[]} */ const logged = [];
      const log = (/** @type {string} */ line) => logged.push(line);
      for (const m of /** @type {const} */ (['slow', 'error', 'garbage'])) {
        mode = m;
        expect(await firstPaintOf(new URL('http://shell/meals'), { bffUrl, timeoutMs: 200, log }), m).toBeUndefined();
      }
      expect(await firstPaintOf(new URL('http://shell/meals'), { bffUrl: 'http://127.0.0.1:9', timeoutMs: 200, log })).toBeUndefined();
      expect(logged.length).toBeGreaterThanOrEqual(2); // the timeout and the refused connection
    });
  });
});
