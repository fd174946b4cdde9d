// @ts-check
/**
 * The server-inlined first paint of /meals (ADR 0005, third pass): the shell's server writes the
 * page's heading and first meal cards into index.html, from the BFF's public `meals` read (cached
 * there, ADR 0006), so the page's largest picture paints before any script has run. Public data
 * only: the request carries no cookie and no user's data is ever written into the page.
 *
 * In the browser `src/first-paint/release.ts` keeps this markup on screen, the React tree hidden
 * under it, until the real page shows its cards (or an error), then removes it: one swap to the
 * same look, no spinner in between. Without JavaScript it stays: every card is a link to its
 * meal's page, the search is a plain GET form.
 *
 * Anything unexpected — the BFF slow (over `timeoutMs`) or down, an error, a malformed reply —
 * serves the plain shell, which loads as before.
 */

/** The fields a card shows; validated against bff/schema.graphql by first-paint.spec.ts. */
export const FIRST_PAINT_MEALS_QUERY = `query FirstPaintMeals($first: Int!) {
  meals(first: $first) {
    items { meal_id name description price_cents cook_name portions_available preparation_time image_url image_card_url rating_average rating_count }
  }
}`;

/** Two rows on a wide screen, more than a phone's first screen. */
export const FIRST_PAINT_CARDS = 6;
/** The first pictures load at once, the very first before anything else (the page's LCP). */
const EAGER_IMAGES = 4;
const HIGH_PRIORITY_IMAGES = 2;
const LOW_STOCK = 3;

/**
 * @typedef {object} FirstPaintMeal
 * @property {string} meal_id
 * @property {string} name
 * @property {string} description
 * @property {number} price_cents
 * @property {string} cook_name
 * @property {number} portions_available
 * @property {number} preparation_time
 * @property {string | null} [image_url]
 * @property {string | null} [image_card_url]
 * @property {number} rating_average
 * @property {number} rating_count
 */

/** @param {string} value */
export function escapeHtml(value) {
  return String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const euro = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const rating = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/**
 * A picture URL the page may show: a path of this origin (/media/...) or an https URL; anything
 * else (javascript:, data:, protocol-relative...) is dropped, like a missing picture.
 * @param {unknown} value
 * @returns {string | undefined}
 */
export function safeImageUrl(value) {
  if (typeof value !== 'string' || value === '') return undefined;
  if (value.startsWith('/') && !value.startsWith('//') && !value.includes('\\')) return value;
  try {
    return new URL(value).protocol === 'https:' ? value : undefined;
  } catch {
    return undefined;
  }
}

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

const CLOCK = `<svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true"><circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" stroke-width="1.6"/><path d="M8 4.5V8l2.5 1.5" fill="none" stroke="currentColor" stroke-width="1.6" stroke-linecap="round"/></svg>`;
/**
 * The place of the consumer page's 'Où êtes-vous ?' prompt (near-bar.tsx, its CSS copied above), so
 * that the cards do not move when the real page takes over. A visitor's commune is in their browser,
 * so the server always draws the prompt; it is only a picture of it (hidden from assistive
 * technologies, and not shown without JavaScript, where it could not work).
 */
const NEAR_PROMPT =
  `<section class="fp-near" aria-hidden="true"><h2 class="fp-near-title">Où êtes-vous ?</h2>` +
  `<p class="fp-near-help">Choisissez votre commune pour voir à quelle distance sont les cuisiniers.</p>` +
  `<div class="fp-near-field"><span class="fp-near-label">Votre commune ou code postal</span><span class="fp-near-box"></span></div></section>` +
  `<noscript><style>.fp-near{display:none}</style></noscript>`;

const STAR = `<svg class="fp-star" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true"><path d="M8 1.2l2.1 4.3 4.7.7-3.4 3.3.8 4.7L8 12l-4.2 2.2.8-4.7L1.2 6.2l4.7-.7z" fill="currentColor"/></svg>`;
const SEARCH = `<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true"><circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" stroke-width="2.2"/><path d="m15.5 15.5 5 5" stroke="currentColor" stroke-width="2.2" stroke-linecap="round"/></svg>`;

/**
 * One card, as @popote/ui's MealCard draws it (same sizes, same texts).
 * @param {FirstPaintMeal} meal
 * @param {number} index
 */
function card(meal, index) {
  const src = safeImageUrl(meal.image_card_url) ?? safeImageUrl(meal.image_url);
  const soldOut = meal.portions_available <= 0;
  const fewLeft = !soldOut && meal.portions_available <= LOW_STOCK;
  const name = escapeHtml(meal.name);
  const image = src
    ? `<img class="fp-img" src="${escapeHtml(src)}" alt="${name}" width="400" height="300" loading="${index < EAGER_IMAGES ? 'eager' : 'lazy'}" fetchpriority="${index < HIGH_PRIORITY_IMAGES ? 'high' : 'auto'}" decoding="${index < HIGH_PRIORITY_IMAGES ? 'sync' : 'async'}">`
    : '';
  const badge = soldOut
    ? `<div class="fp-over">Épuisé</div>`
    : fewLeft
      ? `<span class="fp-badge">Plus que ${meal.portions_available} disponible${meal.portions_available > 1 ? 's' : ''}</span>`
      : '';
  const stars =
    meal.rating_count > 0
      ? `<span class="pp-visually-hidden">Note </span>${rating.format(meal.rating_average)}<span class="pp-visually-hidden"> sur 5</span> (${meal.rating_count} avis)`
      : 'Nouveau';
  return (
    `<li><article class="fp-card${soldOut ? ' fp-soldout' : ''}" aria-labelledby="fp-meal-${index}">` +
    `<div class="fp-media">${image}${badge}</div>` +
    `<div class="fp-body"><div class="fp-head"><h2 id="fp-meal-${index}" class="fp-name"><a href="/meals/${encodeURIComponent(meal.meal_id)}">${name}</a></h2>` +
    `<p class="fp-price">${escapeHtml(euro.format(Math.round(meal.price_cents) / 100))}</p></div>` +
    `<p class="fp-cook">par ${escapeHtml(meal.cook_name)}</p>` +
    `<p class="fp-desc">${escapeHtml(meal.description)}</p>` +
    `<div class="fp-meta"><span>${CLOCK}<span class="pp-visually-hidden">Préparation </span>${Math.round(meal.preparation_time)} min</span><span>${STAR}${stars}</span></div>` +
    // The place of the card's cart button, which comes with the real page (no button before it works).
    `<div class="fp-actions"></div></div></article></li>`
  );
}

/**
 * The styles of the first paint: the design tokens and rules of @popote/ui's base.css, the nav
 * bar, the meals page and the card, reduced to what this markup uses. Keep in step with them
 * (the browser test compares the first card's box with the real page's).
 */
const STYLE = `<style id="pp-first-paint-style">
:root{--pp-color-bg:#fff8f0;--pp-color-surface:#fff;--pp-color-surface-muted:#fbefe3;--pp-color-text:#2e1f17;--pp-color-text-muted:#6f5a4d;--pp-color-primary:#b0441a;--pp-color-primary-soft:#fde4d4;--pp-color-accent:#f2b441;--pp-color-border:#ecdccc;--pp-radius-md:12px;--pp-shadow-card:0 1px 2px rgb(46 31 23 / 6%),0 6px 18px rgb(46 31 23 / 8%);--pp-font-body:system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;--pp-font-display:Georgia,'Iowan Old Style','Times New Roman',serif;--pp-page-width:1160px}
*,*::before,*::after{box-sizing:border-box}
body{margin:0;min-height:100vh;background:var(--pp-color-bg);color:var(--pp-color-text);font-family:var(--pp-font-body);font-size:16px;line-height:1.5}
#pp-first-paint~#root{display:none}
#pp-first-paint h1,#pp-first-paint h2{font-family:var(--pp-font-display);line-height:1.2;margin:0 0 .5em}
#pp-first-paint p{margin:0}
#pp-first-paint img{max-width:100%;display:block}
.pp-visually-hidden{position:absolute!important;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
.fp-header{position:sticky;top:0;z-index:10;background:var(--pp-color-surface);border-bottom:1px solid var(--pp-color-border)}
.fp-bar{display:flex;flex-wrap:wrap;align-items:center;gap:12px 24px;max-width:var(--pp-page-width);margin:0 auto;padding:10px 16px}
.fp-brand{font-family:var(--pp-font-display);font-size:1.7rem;font-weight:700;color:var(--pp-color-primary);text-decoration:none;letter-spacing:.01em}
.fp-search{display:flex;flex:1 1 280px;min-width:220px;max-width:480px;border:1px solid var(--pp-color-border);border-radius:999px;background:var(--pp-color-bg);overflow:hidden}
.fp-search input{flex:1;min-width:0;padding:10px 16px;border:0;background:transparent;color:var(--pp-color-text);font:inherit}
.fp-search button{display:inline-flex;align-items:center;justify-content:center;width:48px;border:0;background:var(--pp-color-primary);color:#fff}
.fp-bar>nav{margin-left:auto}
.fp-links{display:flex;margin:0;padding:0;list-style:none}
body>noscript{display:block;padding:6px 16px;background:var(--pp-color-primary-soft);text-align:center;font-size:.9rem}
.fp-links a{display:inline-block;padding:10px 12px;border-radius:999px;font-weight:600;text-decoration:none;color:var(--pp-color-primary);background:var(--pp-color-primary-soft)}
.fp-page{width:100%;max-width:var(--pp-page-width);margin:0 auto;padding:24px 16px 48px}
.fp-title{margin:0 0 24px!important;font-size:clamp(1.7rem,4vw,2.4rem)}
.fp-layout{display:grid;grid-template-columns:260px minmax(0,1fr);gap:28px;align-items:start}
.fp-filters{min-height:44px}
.fp-near{margin-bottom:24px;padding:16px 20px;border:1px solid var(--pp-color-primary-soft);border-radius:var(--pp-radius-md,12px);background:var(--pp-color-surface)}
#pp-first-paint .fp-near-title{margin:0 0 4px;font-size:1.25rem}
#pp-first-paint .fp-near-help{margin:0 0 12px;color:var(--pp-color-text-muted)}
.fp-near-field{display:flex;flex-direction:column;gap:6px;max-width:480px}
.fp-near-label{font-weight:600}
.fp-near-box{display:block;min-height:44px;border:1px solid #cdb8a6;border-radius:var(--pp-radius-sm);background:var(--pp-color-surface)}
.fp-grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(250px,1fr));gap:20px;margin:0;padding:0;list-style:none}
.fp-grid>li{min-width:0}
.fp-card{position:relative;display:flex;flex-direction:column;overflow:hidden;border-radius:var(--pp-radius-md);background:var(--pp-color-surface);box-shadow:var(--pp-shadow-card);height:100%}
.fp-media{position:relative;aspect-ratio:4/3;background:var(--pp-color-surface-muted)}
.fp-img{width:100%;height:100%;object-fit:cover}
.fp-soldout .fp-img{filter:grayscale(.8)}
.fp-over{position:absolute;inset:0;display:flex;align-items:center;justify-content:center;background:rgb(46 31 23 / 55%);color:#fff;font-size:1.4rem;font-weight:700;letter-spacing:.04em;text-transform:uppercase}
.fp-badge{position:absolute;top:12px;left:12px;padding:4px 10px;border-radius:999px;background:var(--pp-color-accent);font-size:.8rem;font-weight:700}
.fp-body{display:flex;flex-direction:column;gap:6px;flex:1;padding:14px 16px 16px}
.fp-head{display:flex;align-items:baseline;justify-content:space-between;gap:12px}
#pp-first-paint .fp-name{margin:0;font-size:1.15rem}
.fp-name a{color:inherit;text-decoration:none}
.fp-name a::after{content:'';position:absolute;inset:0;border-radius:inherit}
.fp-price{flex-shrink:0;color:var(--pp-color-primary);font-weight:700;font-size:1.1rem}
.fp-cook{color:var(--pp-color-text-muted);font-size:.9rem}
.fp-desc{display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:2;line-clamp:2;overflow:hidden;font-size:.95rem}
.fp-meta{display:flex;flex-wrap:wrap;gap:6px 16px;margin:auto 0 0;padding-top:6px;color:var(--pp-color-text-muted);font-size:.9rem}
.fp-meta>span{display:inline-flex;align-items:center;gap:4px}
.fp-star{color:var(--pp-color-accent)}
.fp-actions{height:32px;margin-top:10px}
@media (min-width:768px) and (max-width:1023px){.fp-links a{padding:8px 7px;font-size:.9rem}}
@media (max-width:767px){.fp-search{display:none}.fp-layout{grid-template-columns:minmax(0,1fr);gap:16px}}
@media (max-width:479px){.fp-grid{grid-template-columns:1fr;gap:16px}}
</style>`;

/**
 * The markup of /meals' first paint for these meals (every text escaped), or `undefined` when
 * there is nothing to show (the real page then shows its empty state).
 * @param {FirstPaintMeal[]} meals
 * @returns {{ head: string; body: string } | undefined}
 */
export function renderMealsFirstPaint(meals) {
  if (meals.length === 0) return undefined;
  const body =
    `<div id="pp-first-paint" data-path="/meals">` +
    `<header class="fp-header"><div class="fp-bar"><a class="fp-brand" href="/">Popote</a>` +
    `<form role="search" class="fp-search" action="/meals" method="get"><label for="fp-q" class="pp-visually-hidden">Rechercher des plats</label>` +
    `<input id="fp-q" type="search" name="q" placeholder="Rechercher des plats..." autocomplete="off" enterkeyhint="search">` +
    `<button type="submit" aria-label="Rechercher">${SEARCH}</button></form>` +
    `<nav aria-label="Navigation principale"><ul class="fp-links"><li><a href="/meals" aria-current="page">Parcourir les plats</a></li></ul></nav></div></header>` +
    `<main class="fp-page"><h1 class="fp-title">Plats disponibles</h1>` +
    `<div class="fp-layout"><div class="fp-filters"></div>` +
    `<section aria-label="Plats disponibles">${NEAR_PROMPT}<ul class="fp-grid">${meals.map(card).join('')}</ul></section></div></main></div>`;
  return { head: STYLE, body };
}

/**
 * The first paint of a page URL, or `undefined` for the plain shell: /meals without filters only
 * (a filtered list is the visitor's own search; it renders from the scripts as before).
 * @param {URL} url
 * @param {{ bffUrl: string; timeoutMs: number; log?: (line: string) => void }} options
 */
export async function firstPaintOf(url, { bffUrl, timeoutMs, log = () => {} }) {
  const path = url.pathname.replace(/\/+$/, '') || '/';
  if (path !== '/meals' || url.search !== '') return undefined;
  try {
    const meals = await fetchFirstMeals({ bffUrl, timeoutMs });
    return meals ? renderMealsFirstPaint(meals) : undefined;
  } catch (error) {
    log(`first paint of /meals skipped: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}
