// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Link, Route, Router, Switch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './app-error-boundary';

function Broken(): never {
  throw new Error('a page bug');
}

let container: HTMLDivElement;
let root: Root;

describe('RouteErrorBoundary', () => {
  beforeEach(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });

  afterEach(() => {
    act(() => root.unmount());
    container.remove();
    vi.restoreAllMocks();
  });

  it("shows 'Erreur inattendue de l'application' with a way home, and clears on navigation", async () => {
    await act(async () => {
      root.render(
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
    const heading = container.querySelector('h1');
    expect(heading?.textContent).toBe("Erreur inattendue de l'application");
    const home = [...container.querySelectorAll('a')].find((link) => link.textContent === "Retour à l'accueil");
    expect(home?.getAttribute('href')).toBe('/');
    expect([...container.querySelectorAll('button')].map((button) => button.textContent)).toContain('Recharger la page');
    expect(container.textContent).toContain('ailleurs'); // what is outside the boundary stays

    await act(async () =>
      container.querySelector('nav a')?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 })),
    );
    expect(container.querySelector('h1')?.textContent).toBe('Tout va bien');
  });
});
