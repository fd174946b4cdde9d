import SAMPLE_MEAL from '@popote/static-server/sample-meal.json';
import { MealCard, type MealCardMeal } from '@popote/ui/meal-card';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { renderMealsFirstPaint, safeImageUrl } from './render';

/** The meal the static server's first paint is tested with (`@popote/static-server`). */
const meal = (over: Partial<MealCardMeal> = {}): MealCardMeal => ({ ...SAMPLE_MEAL, ...over });
const paint = (meals: MealCardMeal[]) => String(renderMealsFirstPaint(meals)?.body).replace(/[\u00a0\u202f]/g, ' ');
/** The markup of one <article>, the n-th. */
const article = (html: string, n: number) => html.split('<article').slice(1)[n]?.split('</article>')[0] ?? '';
/** The card as @popote/ui draws it, its id aside (useId). */
const withoutIds = (html: string) => html.replace(/ (?:id|aria-labelledby)="[^"]*"/g, '');

describe('the first paint of /meals, rendered on the server', () => {
  it('draws each card as @popote/ui’s MealCard itself, the name a link to the meal', () => {
    const html = paint([meal(), meal({ meal_id: 'm2', name: 'Gratin', portions_available: 0 })]);
    expect(html).toMatch(/^<div id="pp-first-paint" data-path="\/meals">/);
    expect(html).toContain('<h1 class="fp-title">Plats disponibles</h1>');
    const real = renderToStaticMarkup(
      <MealCard
        meal={meal({ meal_id: 'm2', name: 'Gratin', portions_available: 0 })}
        headingLevel="h2"
        imageLoading="eager"
        imageFetchPriority="high"
        renderLink={({ className, children }) => (
          <a className={className} href="/meals/m2">
            {children}
          </a>
        )}
        actions={<span className="fp-cart-slot" aria-hidden="true" />}
      />,
    ).replace(/[\u00a0\u202f]/g, ' ');
    // (Rendered alone, React writes the picture's preload before it.)
    expect(withoutIds(`<article${article(html, 1)}</article>`)).toBe(withoutIds(real.slice(real.indexOf('<article'))));
    const first = article(html, 0);
    for (const shown of ['href="/meals/m1">Tajine aux olives</a>', '12,50 €', 'par Amina', ' · Lyon 1er', '45 min', '(12 avis)']) {
      expect(first).toContain(shown);
    }
    expect(article(html, 1)).toContain('Épuisé');
  });

  it('names each card by its heading, with ids of its own', () => {
    const html = paint([meal(), meal({ meal_id: 'm2' })]);
    const ids = [...html.matchAll(/aria-labelledby="([^"]+)"/g)].map((m) => m[1]);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
    for (const id of ids) {
      expect(id).toMatch(/fp-/);
      expect(html).toContain(`<h2 id="${id}"`);
    }
  });

  it('loads the first pictures at once, the first two before anything else', () => {
    const meals = Array.from({ length: 6 }, (_, i) => meal({ meal_id: `m${i}`, image_card_url: `/media/meals/m${i}_card.jpg` }));
    const html = paint(meals);
    // React's preloads of the eager pictures go in the head.
    const head = String(renderMealsFirstPaint(meals)?.head);
    expect(head).toMatch(/^(<link rel="preload" as="image"[^>]*>)+$/);
    expect(head).toContain('href="/media/meals/m0_card.jpg" fetchPriority="high"');
    expect(head).not.toContain('m4_card.jpg');
    const imgs = [...html.matchAll(/<img [^>]*>/g)].map((m) => m[0]);
    expect(imgs).toHaveLength(6);
    expect(imgs[0]).toContain('src="/media/meals/m0_card.jpg"');
    expect(imgs.map((img) => /loading="(\w+)"/.exec(img)?.[1])).toEqual(['eager', 'eager', 'eager', 'eager', 'lazy', 'lazy']);
    expect(imgs.map((img) => /fetchPriority="(\w+)"/i.exec(img)?.[1])).toEqual(['high', 'high', 'auto', 'auto', 'auto', 'auto']);
  });

  it('escapes every text, and drops a picture URL that is not a page path or https', () => {
    const html = paint([
      meal({
        name: '<script>alert(1)</script>',
        description: '"><img src=x onerror=alert(1)>',
        cook_name: "O'Brien & fils",
        meal_id: 'a/b?c',
        image_card_url: 'javascript:alert(1)',
        image_url: '//evil.example/x.jpg',
      }),
    ]);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('par O&#x27;Brien &amp; fils');
    expect(html).toContain('href="/meals/a%2Fb%3Fc"');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('evil.example');
    expect(safeImageUrl('http://cdn.example/x.jpg')).toBeNull();
    expect(safeImageUrl('https://cdn.example/x.jpg')).toBe('https://cdn.example/x.jpg');
  });

  it('shows the last-portions badge, and nothing for an empty list', () => {
    expect(paint([meal({ portions_available: 2 })])).toContain('Plus que 2 disponibles');
    expect(renderMealsFirstPaint([])).toBeUndefined();
  });
});
