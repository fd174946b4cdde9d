// @vitest-environment jsdom
import { createGraphQLClient, GraphQLProvider } from '@popote/graphql';
import { TOASTER_PROPS } from '@popote/ui';
import { SIGNED_IN_CONSUMER, useReactTestRoot } from '@popote/ui/testing';
import { act } from 'react';
import { Toaster } from 'react-hot-toast';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CardCartAction } from './card-cart-action';

// Stands in for the cart control, to see whether (and when) the card downloads it.
const control = vi.hoisted(() => ({ loaded: 0 }));
vi.mock('./add-to-cart-control', () => {
  control.loaded++;
  return { AddToCartControl: ({ meal }: { meal: { name: string } }) => <span>contrôle du panier : {meal.name}</span> };
});

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const meal = { meal_id: 'm1', name: 'Tajine', portions_available: 3 };

const dom = useReactTestRoot();

async function mount(me: unknown, shown = meal) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json({ data: { me } })),
  );
  const client = createGraphQLClient({ uri: 'http://bff.test/graphql' });
  await act(async () =>
    dom.root.render(
      <GraphQLProvider value={client}>
        <Toaster {...TOASTER_PROPS} />
        <CardCartAction meal={shown} />
      </GraphQLProvider>,
    ),
  );
  await act(async () => new Promise((r) => setTimeout(r, 50)));
}

describe("a meal card's cart action", () => {
  beforeEach(() => {
    control.loaded = 0;
    window.history.replaceState(null, '', '/meals');
  });

  it('signed out: a plain button that asks to sign in and opens /auth, without downloading the cart control', async () => {
    await mount(null);
    const button = dom.container.querySelector('button')!;
    expect(button.textContent).toBe('Ajouter au panier Tajine');
    expect(button.disabled).toBe(false);
    await act(async () => button.click());
    expect(document.body.textContent).toContain('Veuillez vous connecter pour ajouter des articles au panier');
    expect(window.location.pathname).toBe('/auth');
    expect(control.loaded).toBe(0);
  });

  it("signed out, sold out: the button says 'Épuisé' and is disabled", async () => {
    await mount(null, { ...meal, portions_available: 0 });
    const button = dom.container.querySelector('button')!;
    expect(button.disabled).toBe(true);
    expect(button.textContent).toContain('Épuisé');
  });

  it('signed in: the cart control, downloaded then', async () => {
    await mount(SIGNED_IN_CONSUMER);
    expect(dom.container.textContent).toContain('contrôle du panier : Tajine');
    expect(control.loaded).toBe(1);
  });
});
