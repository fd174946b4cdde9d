import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, vi } from 'vitest';

export interface ReactTestRoot {
  /** The element the root renders into, in the document during each test. */
  readonly container: HTMLDivElement;
  readonly root: Root;
}

/**
 * For jsdom tests of components (test code only, `@popote/ui/testing`): before each test, a fresh
 * React root in a container of the document, `act` turned on and a `matchMedia` (jsdom has none);
 * after it, the toasts removed, the root unmounted, the container gone and every global stub undone.
 * Read `container` and `root` inside the tests (they change from test to test).
 */
export function useReactTestRoot(): ReactTestRoot {
  let container: HTMLDivElement | undefined;
  let root: Root | undefined;
  beforeEach(() => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }));
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(() => {
    act(() => {
      toast.remove();
      root?.unmount();
    });
    container?.remove();
    vi.unstubAllGlobals();
  });
  return {
    get container() {
      return container!;
    },
    get root() {
      return root!;
    },
  };
}
