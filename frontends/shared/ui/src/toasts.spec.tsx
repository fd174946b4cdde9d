// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import toast, { Toaster, useToasterStore, type Toast } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS, TOASTER_PROPS } from './toasts';

let container: HTMLDivElement;
let root: Root;
let toasts: Toast[] = [];

/** Reads react-hot-toast's store: which toasts are still showing. */
function Spy() {
  toasts = useToasterStore().toasts;
  return null;
}

const visible = (id: string) => toasts.find((t) => t.id === id)?.visible ?? false;
const advance = (ms: number) => act(async () => vi.advanceTimersByTime(ms));

describe('toasts (spec: top-centre for 3 s)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // jsdom has no matchMedia; the Toaster asks it whether to animate.
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }));
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    act(() =>
      root.render(
        <>
          <Toaster {...TOASTER_PROPS} />
          <Spy />
        </>,
      ),
    );
  });

  afterEach(() => {
    act(() => {
      toast.remove();
      root.unmount();
    });
    container.remove();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows a success, an error and a plain toast for 3 s each, at the top centre', async () => {
    expect(TOAST_DURATION_MS).toBe(3000);
    expect(TOASTER_PROPS.position).toBe('top-center');
    let ids: string[] = [];
    act(() => {
      ids = [toast.success('Plat mis à jour avec succès'), toast.error('Erreur lors du chargement du plat'), toast('Connexion rétablie')];
    });
    expect(container.textContent).toContain('Plat mis à jour avec succès');
    // The library's defaults would already have hidden the success here (2 s)...
    await advance(2900);
    expect(ids.map(visible)).toEqual([true, true, true]);
    // ...and would still show the error and the plain toast here (4 s).
    await advance(200);
    expect(ids.map(visible)).toEqual([false, false, false]);
  });

  it('keeps a loading toast until it is replaced', async () => {
    let id = '';
    act(() => {
      id = toast.loading('Chargement...');
    });
    await advance(10_000);
    expect(visible(id)).toBe(true);
  });
});
