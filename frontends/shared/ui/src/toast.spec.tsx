// @vitest-environment jsdom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { useReactTestRoot } from './testing/react-root';
import { LazyToaster, toast } from './toast';
import { TOASTER_PROPS } from './toasts';

const dom = useReactTestRoot();

/** Lets the dynamic import of react-hot-toast and React's lazy component settle. */
const settle = () =>
  act(async () => {
    for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  });

describe('toasts loaded with the first one', () => {
  it('renders no toaster before the first toast, then shows every toast asked for, in order', async () => {
    act(() => dom.root.render(<LazyToaster {...TOASTER_PROPS} />));
    expect(dom.container.innerHTML).toBe('');
    act(() => {
      toast.success('Ajouté au panier');
      toast.error('Erreur lors du chargement du plat', { id: 'load' });
      toast('Connexion rétablie');
    });
    await settle();
    const text = dom.container.textContent ?? '';
    expect(text).toContain('Ajouté au panier');
    expect(text).toContain('Erreur lors du chargement du plat');
    expect(text.indexOf('Connexion rétablie')).toBeGreaterThan(-1);
    // Same id: replaced, not added; dismiss works on it.
    act(() => toast.error('Encore une erreur', { id: 'load' }));
    await settle();
    expect(dom.container.textContent).toContain('Encore une erreur');
    expect(dom.container.textContent).not.toContain('Erreur lors du chargement du plat');
    act(() => toast.dismiss('load'));
    await settle();
  });

  it("shows a toaster mounted after the first toast (the shell's layout rendering later)", async () => {
    act(() => toast('Hors ligne', { id: 'connectivity' }));
    await settle();
    act(() => dom.root.render(<LazyToaster {...TOASTER_PROPS} />));
    await settle();
    expect(dom.container.textContent).toContain('Hors ligne');
  });
});
