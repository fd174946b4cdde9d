// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_PAINT_ID, releaseFirstPaintWhenReady } from './release';

/** Lets the MutationObserver callbacks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('releaseFirstPaintWhenReady', () => {
  beforeEach(() => {
    document.body.innerHTML = `<div id="${FIRST_PAINT_ID}" data-path="/meals"><main><article>Tajine</article></main></div><div id="root"></div>`;
  });
  afterEach(() => vi.useRealTimers());

  const paint = () => document.getElementById(FIRST_PAINT_ID);
  const root = () => document.getElementById('root')!;

  it('keeps the first paint while the real page only shows its loading state', async () => {
    releaseFirstPaintWhenReady(document, '/meals');
    root().innerHTML = '<div><main><div class="pp-page"><div role="status">Chargement...</div></div></main></div>';
    await settle();
    expect(paint()).not.toBeNull();
  });

  it('keeps it while the page shows the commune prompt beside its loading spinner', async () => {
    releaseFirstPaintWhenReady(document, '/meals');
    root().innerHTML =
      '<main><h1>Plats disponibles</h1><section aria-label="Plats disponibles">' +
      '<section aria-labelledby="near-prompt-title"><h2 id="near-prompt-title">Où êtes-vous ?</h2>' +
      '<p>Choisissez votre commune pour voir à quelle distance sont les cuisiniers.</p></section>' +
      '<div role="status">Chargement des plats...</div></section></main>';
    await settle();
    expect(paint()).not.toBeNull();
  });

  it('removes it once the real page shows its cards', async () => {
    releaseFirstPaintWhenReady(document, '/meals');
    root().innerHTML =
      '<main><h1>Plats disponibles</h1><section aria-label="Plats disponibles"><ul><li><article>Tajine</article></li></ul></section></main>';
    await settle();
    expect(paint()).toBeNull();
  });

  it('removes it when the real page shows an error or a notice instead', async () => {
    releaseFirstPaintWhenReady(document, '/meals');
    root().innerHTML = '<main><section role="alert"><p>Les plats n’ont pas pu être chargés.</p></section></main>';
    await settle();
    expect(paint()).toBeNull();

    document.body.innerHTML = `<div id="${FIRST_PAINT_ID}" data-path="/meals"></div><div id="root"></div>`;
    releaseFirstPaintWhenReady(document, '/meals');
    root().innerHTML =
      '<main><section aria-label="Plats disponibles"><section data-pp-notice=""><p>Aucun plat pour le moment.</p></section></section></main>';
    await settle();
    expect(paint()).toBeNull();
  });

  it('removes it at once on another page (an offline copy of the page served elsewhere)', () => {
    releaseFirstPaintWhenReady(document, '/cart');
    expect(paint()).toBeNull();
  });

  it('removes it after the longest wait whatever the page shows', () => {
    vi.useFakeTimers();
    releaseFirstPaintWhenReady(document, '/meals/', 5000);
    vi.advanceTimersByTime(4999);
    expect(paint()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(paint()).toBeNull();
  });
});
