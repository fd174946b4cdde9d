// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RouteSwitch, type RouteEntry } from './index';

const routes: RouteEntry[] = [
  { path: '/meals', element: <h1>Plats</h1> },
  { path: '/meals/:mealId', element: <h1>Un plat</h1> },
  { element: <h1>Page introuvable</h1> },
];

let container: HTMLDivElement;
let root: Root;

async function renderAt(path: string) {
  await act(async () =>
    root.render(
      <Router hook={memoryLocation({ path }).hook}>
        <RouteSwitch routes={routes} />
      </Router>,
    ),
  );
  return [...container.querySelectorAll('h1')].map((h) => h.textContent);
}

describe('RouteSwitch (the route tables of the shell and the remotes)', () => {
  beforeEach(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });

  afterEach(() => {
    act(() => root.unmount());
    container.remove();
  });

  it('renders only the first entry that matches', async () => {
    expect(await renderAt('/meals')).toEqual(['Plats']);
    expect(await renderAt('/meals/m-1')).toEqual(['Un plat']);
  });

  it('falls back to the entry without a path for any other URL', async () => {
    expect(await renderAt('/mealsx')).toEqual(['Page introuvable']);
    expect(await renderAt('/meals/m-1/edit')).toEqual(['Page introuvable']);
  });
});
