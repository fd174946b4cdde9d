// @vitest-environment jsdom
import { act } from 'react';
import { useReactTestRoot } from '@popote/ui/testing';
import { Link, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RemoteApp } from './remote-app';
import { loadRemoteApp } from './remote-registry';

vi.mock('./remote-registry', () => ({ loadRemoteApp: vi.fn() }));
const load = vi.mocked(loadRemoteApp);

const UNAVAILABLE = 'Cette partie du site est momentanément indisponible.';

function Throws(): never {
  throw new Error('the remote broke while rendering');
}

const dom = useReactTestRoot();

async function settle() {
  // Lets React.lazy's promise resolve and React commit.
  for (let i = 0; i < 3; i += 1) await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
}

async function renderAt(path: string) {
  await act(async () => {
    dom.root.render(
      <Router hook={memoryLocation({ path }).hook}>
        <Link to="/cook/dashboard/autre">autre page</Link>
        <RemoteApp remote="cook" />
      </Router>,
    );
  });
  await settle();
}

const click = async (element: Element | null | undefined) => {
  await act(async () => (element as HTMLElement).click());
  await settle();
};

describe('RemoteApp', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    load.mockReset();
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the fallback when the remote cannot be loaded, and "Réessayer" loads it again', async () => {
    load.mockRejectedValueOnce(new Error('manifest unreachable'));
    await renderAt('/cook/dashboard');
    expect(dom.container.textContent).toContain(UNAVAILABLE);

    load.mockResolvedValueOnce({ default: () => <h1>Tableau de bord</h1> });
    await click([...dom.container.querySelectorAll('button')].find((button) => button.textContent === 'Réessayer'));
    expect(dom.container.textContent).toContain('Tableau de bord');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('catches a remote that throws while rendering, keeps the rest of the page, and recovers on retry', async () => {
    load.mockResolvedValueOnce({ default: Throws });
    await renderAt('/cook/dashboard');
    expect(dom.container.textContent).toContain(UNAVAILABLE);
    expect(dom.container.textContent).toContain('autre page'); // the shell around it still renders
    expect(dom.container.querySelector('[role="alert"]')).not.toBeNull();

    load.mockResolvedValueOnce({ default: () => <h1>Tableau de bord</h1> });
    await click([...dom.container.querySelectorAll('button')].find((button) => button.textContent === 'Réessayer'));
    expect(dom.container.textContent).toContain('Tableau de bord');
    expect(dom.container.textContent).not.toContain(UNAVAILABLE);
  });

  it('gives the remote a new chance when the person moves to another of its pages', async () => {
    load.mockResolvedValueOnce({ default: Throws });
    await renderAt('/cook/dashboard');
    expect(dom.container.textContent).toContain(UNAVAILABLE);

    load.mockResolvedValueOnce({ default: () => <h1>Autre page du cuisinier</h1> });
    await click(dom.container.querySelector('a'));
    expect(dom.container.textContent).toContain('Autre page du cuisinier');
  });
});
