// @vitest-environment jsdom
import { useQuery } from '@popote/graphql';
import { renderWithBff, settle, SIGNED_IN_CONSUMER, useReactTestRoot, type SentOperation } from '@popote/ui/testing';
import { act, type ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MealDocument } from '../meal-detail/graphql/meal.query.generated';
import { FavouriteButton } from './favourite-button';
import { FollowButton } from './follow-button';

const ME = SIGNED_IN_CONSUMER;

const dom = useReactTestRoot();
const mount = (ui: ReactNode, answer: (op: SentOperation) => unknown) => renderWithBff(dom, ui, answer);
const buttons = () => [...dom.container.querySelectorAll('button')];
const named = (name: string) => buttons().find((b) => (b.getAttribute('aria-label') ?? b.textContent) === name);
const click = async (element: HTMLElement) => {
  await act(async () => element.click());
  await settle();
};

/** A browser with Web Push whose permission was never asked: records the questions asked. */
function browserWithPush() {
  const asked: string[] = [];
  const Notification = { permission: 'default', requestPermission: vi.fn(async () => (asked.push('permission'), 'denied')) };
  vi.stubGlobal('Notification', Notification);
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { ready: new Promise(() => {}) } });
  return asked;
}

describe("'Suivre' on a cook page and a meal's detail", () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/cook/cook-amina');
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  const follow = (following: boolean, followers: number) => ({
    __typename: 'CookFollow',
    cook_id: 'cook-amina',
    following,
    followers,
  });

  it('signed out: the follower count, and a button that asks to sign in (nothing is sent)', async () => {
    const sent = await mount(<FollowButton cookId="cook-amina" cookName="Amina" />, (op) =>
      op.operationName === 'Me' ? { me: null } : { cookFollow: follow(false, 3) },
    );
    expect(dom.container.querySelector('[data-testid="follower-count"]')?.textContent).toBe('3 abonnés');
    const button = named('Suivre Amina')!;
    expect(button.textContent).toBe('Suivre');
    await click(button);
    expect(document.body.textContent).toContain('Veuillez vous connecter pour suivre un cuisinier');
    expect(window.location.pathname).toBe('/auth');
    expect(sent.map((op) => op.operationName)).not.toContain('FollowCook');
  });

  it("signed in: 'Suivre' follows (the count follows the answer), 'Ne plus suivre' stops", async () => {
    let state = follow(false, 1);
    const sent = await mount(<FollowButton cookId="cook-amina" cookName="Amina" />, (op) => {
      if (op.operationName === 'Me') return { me: ME };
      if (op.operationName === 'FollowCook') {
        state = follow(op.variables['follow'] as boolean, op.variables['follow'] ? 2 : 1);
        return { followCook: state };
      }
      return { cookFollow: state };
    });
    expect(dom.container.textContent).toContain('1 abonné');
    await click(named('Suivre Amina')!);
    expect(sent.find((op) => op.operationName === 'FollowCook')?.variables).toEqual({ cook_id: 'cook-amina', follow: true });
    expect(dom.container.querySelector('[data-testid="follower-count"]')?.textContent).toBe('2 abonnés');
    expect(named('Ne plus suivre Amina')?.textContent).toBe('Ne plus suivre');
    expect(document.body.textContent).toContain('Vous suivez Amina.');

    await click(named('Ne plus suivre Amina')!);
    expect(sent.filter((op) => op.operationName === 'FollowCook').at(-1)?.variables).toEqual({ cook_id: 'cook-amina', follow: false });
    expect(dom.container.querySelector('[data-testid="follower-count"]')?.textContent).toBe('1 abonné');
    expect(named('Suivre Amina')).toBeDefined();
  });

  it('the cook on their own page: the count, no button', async () => {
    await mount(<FollowButton cookId="u1" cookName="Léa" />, (op) =>
      op.operationName === 'Me' ? { me: ME } : { cookFollow: { ...follow(false, 12), cook_id: 'u1' } },
    );
    expect(dom.container.textContent).toContain('12 abonnés');
    expect(buttons()).toEqual([]);
  });

  it('offers notifications only once the person follows: nothing asked on load, the browser asked on "Activer les notifications"', async () => {
    const asked = browserWithPush();
    let state = follow(false, 0);
    await mount(<FollowButton cookId="cook-amina" cookName="Amina" />, (op) => {
      if (op.operationName === 'Me') return { me: ME };
      if (op.operationName === 'FollowCook') return { followCook: (state = follow(true, 1)) };
      return { cookFollow: state };
    });
    expect(dom.container.textContent).not.toContain('Activer les notifications');
    expect(asked).toEqual([]);

    await click(named('Suivre Amina')!);
    const prompt = dom.container.querySelector('aside')!;
    expect(prompt.textContent).toContain('Être prévenu des nouveaux plats de Amina ?');
    expect(prompt.textContent).toContain('Votre navigateur va vous demander l’autorisation.');
    expect(asked).toEqual([]);
    await click(named('Activer les notifications')!);
    expect(asked).toEqual(['permission']);
    expect(dom.container.querySelector('aside')).toBeNull();
    expect(document.body.textContent).toContain('Les notifications sont bloquées dans votre navigateur');
  });

  it("'Plus tard' closes the prompt without asking the browser, and it is not offered again on the next follow", async () => {
    localStorage.clear();
    const asked = browserWithPush();
    let state = follow(false, 0);
    await mount(<FollowButton cookId="cook-amina" cookName="Amina" />, (op) => {
      if (op.operationName === 'Me') return { me: ME };
      if (op.operationName === 'FollowCook') return { followCook: (state = follow(op.variables['follow'] as boolean, 0)) };
      return { cookFollow: state };
    });
    await click(named('Suivre Amina')!);
    await click(named('Plus tard')!);
    expect(dom.container.querySelector('aside')).toBeNull();
    await click(named('Ne plus suivre Amina')!);
    await click(named('Suivre Amina')!);
    expect(dom.container.querySelector('aside')).toBeNull();
    expect(asked).toEqual([]);
    localStorage.clear();
  });
});

describe('the heart of a dish', () => {
  const meal = (is_favourite: boolean | null) => ({ meal_id: 'meal-tajine', name: 'Tajine', is_favourite });
  const SetFavourite = (favourite: boolean) => ({ setFavourite: { __typename: 'Meal', meal_id: 'meal-tajine', is_favourite: favourite } });

  it('is not shown to a visitor', async () => {
    await mount(<FavouriteButton meal={meal(false)} />, () => ({ me: null }));
    expect(buttons()).toEqual([]);
  });

  it('is not shown while the favourites cannot be read (null)', async () => {
    await mount(<FavouriteButton meal={meal(null)} />, () => ({ me: ME }));
    expect(buttons()).toEqual([]);
  });

  it("signed in: a toggle named 'Ajouter aux favoris'; the answer lands on the cached dish, pressed and named 'Retirer des favoris'", async () => {
    const detail = {
      __typename: 'Meal',
      ...meal(false),
      cook_id: 'cook-amina',
      cook_name: 'Amina',
      description: 'Mijoté',
      price_cents: 1200,
      portions_available: 4,
      ingredients: ['Agneau'],
      allergens: [],
      category: 'mediterranean',
      preparation_time: 90,
      available_date: '2026-11-01T10:00:00.000Z',
      image_url: null,
      image_card_url: null,
      cooking_details: '',
      serving_suggestions: '',
      dietary_info: '',
      storage_instructions: '',
      rating_average: 0,
      rating_count: 0,
      created_at: '2026-11-01T10:00:00.000Z',
      updated_at: '2026-11-01T10:00:00.000Z',
    };
    /** The detail page's way: the dish read from the cache, its heart from that. */
    function Detail() {
      const { data } = useQuery(MealDocument, { variables: { meal_id: 'meal-tajine' } });
      return data?.meal ? <FavouriteButton meal={data.meal} /> : null;
    }
    const sent = await mount(<Detail />, (op) => {
      if (op.operationName === 'Me') return { me: ME };
      if (op.operationName === 'Meal') return { meal: detail };
      return SetFavourite(op.variables['favourite'] as boolean);
    });
    const heart = () => buttons()[0]!;
    expect(heart().getAttribute('aria-pressed')).toBe('false');
    expect(heart().getAttribute('aria-label')).toBe('Ajouter aux favoris');
    await click(heart());
    expect(sent.find((op) => op.operationName === 'SetFavourite')?.variables).toEqual({ meal_id: 'meal-tajine', favourite: true });
    expect(document.body.textContent).toContain('Tajine est dans vos favoris.');
    expect(heart().getAttribute('aria-pressed')).toBe('true');
    expect(heart().getAttribute('aria-label')).toBe('Retirer des favoris');

    await click(heart());
    expect(sent.filter((op) => op.operationName === 'SetFavourite').at(-1)?.variables).toEqual({
      meal_id: 'meal-tajine',
      favourite: false,
    });
    expect(document.body.textContent).toContain("Tajine n'est plus dans vos favoris.");
    expect(heart().getAttribute('aria-pressed')).toBe('false');
  });
});
