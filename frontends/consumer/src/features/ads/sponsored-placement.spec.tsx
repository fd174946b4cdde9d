// @vitest-environment jsdom
import { ADS, LIMITS } from '@popote/rules';
import { Refusal, renderWithBff, settle, useReactTestRoot, type SentOperation } from '@popote/ui/testing';
import { act, type ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { HomePage } from '../home/home-page';
import { MealsPage } from '../meals/meals-page';
import { mealCard, sponsoredAnswer } from './sponsored-fixtures';

/** What the BFF answers to an operation: its `data`, a `Refusal`, or a promise of either. */
type Answer = (op: SentOperation) => unknown;

const dom = useReactTestRoot();
const mount = (ui: ReactNode, answer: Answer) => renderWithBff(dom, ui, answer);

const organic = (count: number) => Array.from({ length: count }, (_, i) => mealCard(`m${i + 1}`, `Plat ${i + 1}`));
/** The grid's cards, in order: the meal's name, '*' after the sponsored one. */
const cards = () =>
  [...dom.container.querySelectorAll('ul > li')]
    .filter((li) => li.querySelector('article'))
    .map(
      (li) => `${li.querySelector('article h2, article h3')?.textContent}${li.querySelector('[data-testid="sponsored-card"]') ? '*' : ''}`,
    );
const SPONSORED = 'Couscous de Amina*';

function mealsBff(count: number, sponsored: () => unknown = () => ({ sponsoredMeal: sponsoredAnswer() })): Answer {
  return (op) => {
    if (op.operationName === 'Me') return { me: null };
    if (op.operationName === 'Meals') return { meals: { __typename: 'MealPage', items: organic(count), next_cursor: 'c2' } };
    if (op.operationName === 'SponsoredMeal') return sponsored();
    throw new Error(`unexpected ${op.operationName}`);
  };
}

describe('/meals and the sponsored card', () => {
  beforeEach(() => {
    localStorage.clear();
    window.history.replaceState(null, '', '/meals');
  });

  it('the default listing: the card at index ADS.mealsSlot, asked in its own operation; the list as before', async () => {
    const sent = await mount(<MealsPage />, mealsBff(5));
    expect(ADS.mealsSlot).toBe(2);
    expect(cards()).toEqual(['Plat 1', 'Plat 2', SPONSORED, 'Plat 3', 'Plat 4', 'Plat 5']);
    const meals = sent.filter((op) => op.operationName === 'Meals');
    expect(meals.map((op) => op.variables)).toEqual([{ first: LIMITS.mealPageSize, filter: null }]);
    expect(meals[0]!.query).not.toContain('sponsoredMeal');
    expect(sent.find((op) => op.operationName === 'SponsoredMeal')!.query).not.toMatch(/\bmeals\s*\(/);
    // 'Voir plus' is still there (the next page exists).
    expect([...dom.container.querySelectorAll('button')].some((b) => b.textContent === 'Voir plus')).toBe(true);
  });

  it("'Voir plus' adds the next page after the cards; the sponsored card stays where it was, not asked again", async () => {
    const sent = await mount(<MealsPage />, (op) => {
      if (op.operationName === 'Meals' && op.variables['after'] === 'c2') {
        return { meals: { __typename: 'MealPage', items: [mealCard('m6', 'Plat 6')], next_cursor: null } };
      }
      return mealsBff(5)(op);
    });
    const more = [...dom.container.querySelectorAll('button')].find((b) => b.textContent === 'Voir plus')!;
    await act(async () => more.click());
    await settle();
    expect(cards()).toEqual(['Plat 1', 'Plat 2', SPONSORED, 'Plat 3', 'Plat 4', 'Plat 5', 'Plat 6']);
    expect(sent.filter((op) => op.operationName === 'SponsoredMeal')).toHaveLength(1);
    expect(sent.filter((op) => op.operationName === 'Meals').map((op) => op.variables['after'])).toEqual([undefined, 'c2']);
  });

  it('fewer cards than the slot: the card comes last', async () => {
    await mount(<MealsPage />, mealsBff(1));
    expect(cards()).toEqual(['Plat 1', SPONSORED]);
  });

  it.each(['?q=couscous', '?category=thai', '?without_allergens=gluten', '?tri=distance', '?rayon=10'])(
    'with %s: no sponsored card, not even asked',
    async (search) => {
      window.history.replaceState(null, '', `/meals${search}`);
      const sent = await mount(<MealsPage />, mealsBff(5));
      expect(cards()).toEqual(['Plat 1', 'Plat 2', 'Plat 3', 'Plat 4', 'Plat 5']);
      expect(sent.map((op) => op.operationName)).not.toContain('SponsoredMeal');
    },
  );

  it('the list shows first; the card joins it when its answer comes', async () => {
    let release: (value: unknown) => void = () => undefined;
    const late = new Promise((resolve) => (release = resolve));
    await mount(
      <MealsPage />,
      mealsBff(5, () => late),
    );
    expect(cards()).toEqual(['Plat 1', 'Plat 2', 'Plat 3', 'Plat 4', 'Plat 5']);
    release({ sponsoredMeal: sponsoredAnswer() });
    await settle();
    expect(cards()).toEqual(['Plat 1', 'Plat 2', SPONSORED, 'Plat 3', 'Plat 4', 'Plat 5']);
  });

  it('a failed, empty or sold-out answer shows no card and no error', async () => {
    const answers = [
      new Refusal('Erreur interne', 'INTERNAL_SERVER_ERROR'),
      { sponsoredMeal: null },
      { sponsoredMeal: sponsoredAnswer(0) },
    ];
    for (const body of answers) {
      await mount(
        <MealsPage />,
        mealsBff(5, () => body),
      );
      expect(cards()).toEqual(['Plat 1', 'Plat 2', 'Plat 3', 'Plat 4', 'Plat 5']);
      expect(dom.container.querySelectorAll('ul > li').length).toBe(5);
      expect(dom.container.querySelector('[role="alert"], [data-pp-notice]')).toBeNull();
      expect(document.body.textContent).not.toContain('Sponsorisé');
    }
  });
});

describe('the home page and the sponsored card', () => {
  beforeEach(() => {
    localStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  const homeBff =
    (sponsoredMeal: unknown): Answer =>
    (op) => {
      if (op.operationName === 'Me') return { me: null };
      if (op.operationName === 'FeaturedMeals') return { featuredMeals: organic(3) };
      if (op.operationName === 'PopularCooks') return { popularCooks: [] };
      if (op.operationName === 'SponsoredMeal') return { sponsoredMeal };
      throw new Error(`unexpected ${op.operationName}`);
    };

  it('shows it after the featured meals, in their grid (within the first six cards)', async () => {
    const sent = await mount(<HomePage />, homeBff(sponsoredAnswer()));
    expect(cards()).toEqual(['Plat 1', 'Plat 2', 'Plat 3', SPONSORED]);
    expect(cards().indexOf(SPONSORED)).toBeLessThan(ADS.firstCards);
    const card = dom.container.querySelector('[data-testid="sponsored-card"]')!;
    // The same heading level as the featured cards beside it.
    expect(card.querySelector('h3')?.textContent).toBe('Couscous de Amina');
    expect(card.textContent).toContain('Sponsorisé');
    expect(card.textContent).toContain('Pourquoi ce plat ?');
    expect(sent.find((op) => op.operationName === 'FeaturedMeals')!.query).not.toContain('sponsoredMeal');
  });

  it('shows none when there is none, or sold out', async () => {
    await mount(<HomePage />, homeBff(null));
    expect(cards()).toEqual(['Plat 1', 'Plat 2', 'Plat 3']);
    await mount(<HomePage />, homeBff(sponsoredAnswer(0)));
    expect(cards()).toEqual(['Plat 1', 'Plat 2', 'Plat 3']);
  });
});
