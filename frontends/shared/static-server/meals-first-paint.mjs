// @ts-check
/**
 * The server-inlined first paint of /meals (ADR 0015): the shell's server writes the page's heading
 * and first meal cards into index.html, from the BFF's public `meals` read (cached there, ADR
 * 0006), so the page's largest picture paints before any script has run. Public data only: the
 * request carries no cookie and no user's data is ever written into the page.
 *
 * The markup is the app's own server render (the shell's src/first-paint/render.tsx: @popote/ui's
 * MealCard rendered by react-dom/server), built with the app into dist/.first-paint/ (render.mjs and
 * its stylesheet render.css, @popote/build's serverRenderConfig); this module asks the BFF, checks
 * the answer, and hands the meals to it.
 *
 * In the browser `src/first-paint/release.ts` keeps this markup on screen, the React tree hidden
 * under it, until the real page shows its cards (or an error), then removes it: one swap to the
 * same look, no spinner in between. Without JavaScript it stays: every card is a link to its
 * meal's page, the search is a plain GET form.
 *
 * Anything unexpected — the BFF slow (over `timeoutMs`) or down, an error, a malformed reply —
 * serves the plain shell, which loads as before.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The fields a card shows; validated against bff/schema.graphql by meals-first-paint.spec.mjs. */
export const FIRST_PAINT_MEALS_QUERY = `query FirstPaintMeals($first: Int!) {
  meals(first: $first) {
    items { meal_id name description price_cents cook_name cook_commune portions_available preparation_time image_url image_card_url rating_average rating_count }
  }
}`;

/** Two rows on a wide screen, more than a phone's first screen. */
export const FIRST_PAINT_CARDS = 6;

/**
 * @typedef {object} FirstPaintMeal
 * @property {string} meal_id
 * @property {string} name
 * @property {string} description
 * @property {number} price_cents
 * @property {string} cook_name
 * @property {string | null} [cook_commune]
 * @property {number} portions_available
 * @property {number} preparation_time
 * @property {string | null} [image_url]
 * @property {string | null} [image_card_url]
 * @property {number} rating_average
 * @property {number} rating_count
 */

/** @typedef {{ head?: string; body: string }} FirstPaint */
/** @typedef {(meals: FirstPaintMeal[]) => FirstPaint | undefined} RenderMealsFirstPaint */

/** @param {unknown} v */
const optionalText = (v) => v === undefined || v === null || typeof v === 'string';

/**
 * @param {unknown} value
 * @returns {value is FirstPaintMeal}
 */
function isMeal(value) {
  if (!value || typeof value !== 'object') return false;
  const m = /** @type {Record<string, unknown>} */ (value);
  return (
    typeof m.meal_id === 'string' &&
    typeof m.name === 'string' &&
    typeof m.description === 'string' &&
    typeof m.cook_name === 'string' &&
    optionalText(m.cook_commune) &&
    optionalText(m.image_url) &&
    optionalText(m.image_card_url) &&
    Number.isFinite(m.price_cents) &&
    Number.isFinite(m.portions_available) &&
    Number.isFinite(m.preparation_time) &&
    Number.isFinite(m.rating_average) &&
    Number.isFinite(m.rating_count)
  );
}

/**
 * The first meals of /meals from the BFF (no cookie: the public list), or `undefined` when it does
 * not answer well within `timeoutMs`.
 * @param {{ bffUrl: string; timeoutMs: number; first?: number; fetchImpl?: typeof fetch }} options
 * @returns {Promise<FirstPaintMeal[] | undefined>}
 */
export async function fetchFirstMeals({ bffUrl, timeoutMs, first = FIRST_PAINT_CARDS, fetchImpl = fetch }) {
  const response = await fetchImpl(new URL('/graphql', bffUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ operationName: 'FirstPaintMeals', query: FIRST_PAINT_MEALS_QUERY, variables: { first } }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) return undefined;
  const body = /** @type {{ data?: { meals?: { items?: unknown[] } }; errors?: unknown[] }} */ (await response.json());
  const items = body.errors?.length ? undefined : body.data?.meals?.items;
  if (!Array.isArray(items) || !items.every(isMeal)) return undefined;
  return items.slice(0, first);
}

/**
 * The app's built server render of /meals' first paint (`dir`: its dist/.first-paint/), as a
 * function of the meals: the markup (`body`), and for the head what the render hoists (the
 * pictures' preloads) and its stylesheet (inline: no request before the first paint; the CSP
 * allows inline styles, never inline scripts).
 * @param {string} dir
 * @returns {Promise<RenderMealsFirstPaint>}
 */
export async function loadMealsFirstPaint(dir) {
  const [module, css] = await Promise.all([import(pathToFileURL(join(dir, 'render.mjs')).href), readFile(join(dir, 'render.css'), 'utf8')]);
  const render = /** @type {unknown} */ (module.renderMealsFirstPaint);
  if (typeof render !== 'function') throw new Error(`${dir}/render.mjs exports no renderMealsFirstPaint`);
  if (/<\/style/i.test(css)) throw new Error(`${dir}/render.css would close its <style> element`);
  const style = `<style id="pp-first-paint-style">${css}</style>`;
  return (meals) => {
    const paint = /** @type {(meals: FirstPaintMeal[]) => FirstPaint | undefined} */ (render)(meals);
    return paint ? { head: `${paint.head ?? ''}${style}`, body: paint.body } : undefined;
  };
}

/**
 * The first paint of a page URL, or `undefined` for the plain shell: /meals without filters only
 * (a filtered list is the visitor's own search; it renders from the scripts as before).
 * @param {URL} url
 * @param {{ bffUrl: string; timeoutMs: number; render: RenderMealsFirstPaint; log?: (line: string) => void }} options
 * @returns {Promise<FirstPaint | undefined>}
 */
export async function firstPaintOf(url, { bffUrl, timeoutMs, render, log = () => {} }) {
  const path = url.pathname.replace(/\/+$/, '') || '/';
  if (path !== '/meals' || url.search !== '') return undefined;
  try {
    const meals = await fetchFirstMeals({ bffUrl, timeoutMs });
    return meals ? render(meals) : undefined;
  } catch (error) {
    log(`first paint of /meals skipped: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}
