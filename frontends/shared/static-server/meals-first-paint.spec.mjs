// @ts-check
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSchema, parse, validate } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_PAINT_MEALS_QUERY, firstPaintOf, loadMealsFirstPaint } from './meals-first-paint.mjs';
// The meal the shell's render is tested with too (its `MealCard` takes the same fields).
import SAMPLE_MEAL from './sample-meal.json' with { type: 'json' };

/** @returns {import('./meals-first-paint.mjs').FirstPaintMeal} */
const meal = (over = {}) => ({ ...SAMPLE_MEAL, ...over });

describe('the first paint of /meals', () => {
  it('asks the BFF only for fields its schema has', () => {
    const schema = buildSchema(readFileSync(new URL('../../../bff/schema.graphql', import.meta.url), 'utf8'));
    expect(validate(schema, parse(FIRST_PAINT_MEALS_QUERY)).map((e) => e.message)).toEqual([]);
  });

  describe('the built render it loads', () => {
    const dir = mkdtempSync(join(tmpdir(), 'popote-first-paint-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('hands it the meals, its stylesheet inline in the head, and nothing for an empty list', async () => {
      writeFileSync(
        join(dir, 'render.mjs'),
        'export const renderMealsFirstPaint = (meals) => meals.length ? { head: "<link rel=preload>", body: `<div id="pp-first-paint">${meals.map((m) => m.name).join(",")}</div>` } : undefined;',
      );
      writeFileSync(join(dir, 'render.css'), '.card{color:red}');
      const render = await loadMealsFirstPaint(dir);
      expect(render([meal(), meal({ name: 'Gratin' })])).toEqual({
        head: '<link rel=preload><style id="pp-first-paint-style">.card{color:red}</style>',
        body: '<div id="pp-first-paint">Tajine aux olives,Gratin</div>',
      });
      expect(render([])).toBeUndefined();
    });

    it('refuses a build without its render or a stylesheet that would close its element', async () => {
      writeFileSync(join(dir, 'render.css'), '.a{}</style><script>alert(1)</script>');
      await expect(loadMealsFirstPaint(dir)).rejects.toThrow(/close its <style>/);
      await expect(loadMealsFirstPaint(join(dir, 'missing'))).rejects.toThrow();
    });
  });

  describe('against a stand-in BFF', () => {
    /** What the app's render receives (a stand-in: the shell's own is tested with the shell). */
    const render = (/** @type {import('./meals-first-paint.mjs').FirstPaintMeal[]} */ meals) => ({
      body: meals.map((m) => m.name).join(','),
    });
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
      const paint = await firstPaintOf(new URL('http://shell/meals'), { bffUrl, timeoutMs: 2000, render });
      expect(paint?.body).toContain('Tajine aux olives');
      expect(await firstPaintOf(new URL('http://shell/meals/'), { bffUrl, timeoutMs: 2000, render })).toBeDefined();
      expect(seen.every((headers) => headers.cookie === undefined)).toBe(true);
    });

    it('leaves other pages and filtered lists to the scripts', async () => {
      seen.length = 0;
      for (const url of ['http://shell/', 'http://shell/meals?q=tajine', 'http://shell/meals/m1', 'http://shell/cart']) {
        expect(await firstPaintOf(new URL(url), { bffUrl, timeoutMs: 2000, render }), url).toBeUndefined();
      }
      expect(seen).toHaveLength(0);
    });

    it('serves the plain shell when the BFF is slow, answers an error or garbage, or is down', async () => {
      /** @type {string[]} */ const logged = [];
      const log = (/** @type {string} */ line) => logged.push(line);
      for (const m of /** @type {const} */ (['slow', 'error', 'garbage'])) {
        mode = m;
        expect(await firstPaintOf(new URL('http://shell/meals'), { bffUrl, timeoutMs: 200, render, log }), m).toBeUndefined();
      }
      expect(
        await firstPaintOf(new URL('http://shell/meals'), { bffUrl: 'http://127.0.0.1:9', timeoutMs: 200, render, log }),
      ).toBeUndefined();
      expect(logged.length).toBeGreaterThanOrEqual(2); // the timeout and the refused connection
    });
  });
});
