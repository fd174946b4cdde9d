// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import hotToast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LazyToaster, toast } from './toast';
import { TOASTER_PROPS } from './toasts';

let container: HTMLDivElement;
let root: Root;

/** Lets the dynamic import of react-hot-toast and React's lazy component settle. */
const settle = () =>
  act(async () => {
    for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  });

describe('toasts loaded with the first one', () => {
  beforeEach(() => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }));
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });

  afterEach(() => {
    act(() => {
      hotToast.remove();
      root.unmount();
    });
    container.remove();
    vi.unstubAllGlobals();
  });

  it('renders no toaster before the first toast, then shows every toast asked for, in order', async () => {
    act(() => root.render(<LazyToaster {...TOASTER_PROPS} />));
    expect(container.innerHTML).toBe('');
    act(() => {
      toast.success('Ajouté au panier');
      toast.error('Erreur lors du chargement du plat', { id: 'load' });
      toast('Connexion rétablie');
    });
    await settle();
    const text = container.textContent ?? '';
    expect(text).toContain('Ajouté au panier');
    expect(text).toContain('Erreur lors du chargement du plat');
    expect(text.indexOf('Connexion rétablie')).toBeGreaterThan(-1);
    // Same id: replaced, not added; dismiss works on it.
    act(() => toast.error('Encore une erreur', { id: 'load' }));
    await settle();
    expect(container.textContent).toContain('Encore une erreur');
    expect(container.textContent).not.toContain('Erreur lors du chargement du plat');
    act(() => toast.dismiss('load'));
    await settle();
  });

  it("shows a toaster mounted after the first toast (the shell's layout rendering later)", async () => {
    act(() => toast('Hors ligne', { id: 'connectivity' }));
    await settle();
    act(() => root.render(<LazyToaster {...TOASTER_PROPS} />));
    await settle();
    expect(container.textContent).toContain('Hors ligne');
  });
});
