import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MealCard, type MealCardMeal } from './meal-card';
import { MEAL_PLACEHOLDER_SRC } from './meal-placeholder';

const meal: MealCardMeal = {
  meal_id: '42',
  name: 'Tajine de poulet',
  description: 'Mijoté trois heures avec des citrons confits.',
  price_cents: 1250,
  cook_name: 'Fatima',
  portions_available: 10,
  preparation_time: 45,
  image_url: '/media/meals/42_tajine.jpg',
  rating_average: 4.5,
  rating_count: 12,
};

const render = (overrides: Partial<MealCardMeal> = {}) =>
  renderToStaticMarkup(<MealCard meal={{ ...meal, ...overrides }} />).replace(/[\u00a0\u202f]/g, ' ');

describe('MealCard', () => {
  it('shows the name, price, cook, preparation time and rating', () => {
    const html = render();
    expect(html).toContain('Tajine de poulet');
    expect(html).toContain('12,50 €');
    expect(html).toContain('par Fatima');
    expect(html).toContain('45 min');
    expect(html).toContain('4,5');
    expect(html).toContain('(12 avis)');
    expect(html).toContain('src="/media/meals/42_tajine.jpg"');
    expect(html).not.toContain('Épuisé');
    expect(html).not.toContain('Plus que');
  });

  it("shows the cook's commune and the distance only when known", () => {
    const near = render({ cook_commune: 'Villeurbanne', distance_m: 2412 });
    expect(near).toContain('par Fatima');
    expect(near).toContain(' · Villeurbanne');
    expect(near).toContain('Distance : </span>à 2,4 km');
    expect(render({ cook_commune: 'Lyon 1er Arrondissement', distance_m: 0 })).toContain('dans votre commune');
    const far = render();
    expect(far).not.toContain('Distance');
    expect(far).not.toContain(' · ');
  });

  it('falls back to the default picture when the meal has none', () => {
    expect(render({ image_url: null })).toContain(`src="${MEAL_PLACEHOLDER_SRC.replace(/&/g, '&amp;')}"`);
  });

  it("overlays 'Épuisé' when no portion is left", () => {
    const html = render({ portions_available: 0 });
    expect(html).toContain('Épuisé');
    expect(html).not.toContain('Plus que');
  });

  it("shows 'Plus que N disponible(s)' from 1 to 3 portions", () => {
    expect(render({ portions_available: 1 })).toContain('Plus que 1 disponible<');
    expect(render({ portions_available: 3 })).toContain('Plus que 3 disponibles');
    expect(render({ portions_available: 4 })).not.toContain('Plus que');
  });

  it('says a meal without reviews is new instead of showing 0', () => {
    const html = render({ rating_average: 0, rating_count: 0 });
    expect(html).toContain('Nouveau');
    expect(html).not.toContain('avis');
  });

  it('prefers the card picture and falls back to the detail picture', () => {
    expect(render({ image_card_url: '/media/meals/42_tajine.card.jpg' })).toContain('src="/media/meals/42_tajine.card.jpg"');
    expect(render({ image_card_url: null })).toContain('src="/media/meals/42_tajine.jpg"');
  });

  it('makes the name a link when the app gives one', () => {
    const html = renderToStaticMarkup(
      <MealCard
        meal={meal}
        renderLink={({ className, children }) => (
          <a href={`/meals/${meal.meal_id}`} className={className}>
            {children}
          </a>
        )}
      />,
    );
    expect(html).toMatch(/<h3[^>]*><a href="\/meals\/42"[^>]*>Tajine de poulet<\/a><\/h3>/);
  });
});
