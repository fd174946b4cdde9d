// @vitest-environment jsdom
import { act } from 'react';
import { useReactTestRoot } from '@popote/ui/testing';
import { Link, Route, Router, Switch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './app-error-boundary';

function Broken(): never {
  throw new Error('a page bug');
}

const dom = useReactTestRoot();

describe('RouteErrorBoundary', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("shows 'Erreur inattendue de l'application' with a way home, and clears on navigation", async () => {
    await act(async () => {
      dom.root.render(
        <Router hook={memoryLocation({ path: '/casse' }).hook}>
          <nav>
            <Link to="/ok">ailleurs</Link>
          </nav>
          <RouteErrorBoundary>
            <Switch>
              <Route path="/casse">
                <Broken />
              </Route>
              <Route path="/ok">
                <h1>Tout va bien</h1>
              </Route>
            </Switch>
          </RouteErrorBoundary>
        </Router>,
      );
    });
    const heading = dom.container.querySelector('h1');
    expect(heading?.textContent).toBe("Erreur inattendue de l'application");
    const home = [...dom.container.querySelectorAll('a')].find((link) => link.textContent === "Retour à l'accueil");
    expect(home?.getAttribute('href')).toBe('/');
    expect([...dom.container.querySelectorAll('button')].map((button) => button.textContent)).toContain('Recharger la page');
    expect(dom.container.textContent).toContain('ailleurs'); // what is outside the boundary stays

    await act(async () =>
      dom.container.querySelector('nav a')?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 })),
    );
    expect(dom.container.querySelector('h1')?.textContent).toBe('Tout va bien');
  });
});
