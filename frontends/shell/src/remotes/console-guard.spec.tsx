// @vitest-environment jsdom
import { renderWithBff, settle, useReactTestRoot, SIGNED_IN_CONSUMER } from '@popote/ui/testing';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadRemoteApp } from './remote-registry';
import { RemoteRoutes } from './remote-routes';

vi.mock('./remote-registry', () => ({ loadRemoteApp: vi.fn() }));
const load = vi.mocked(loadRemoteApp);

const dom = useReactTestRoot();
const OPERATOR = { __typename: 'Operator', operator_id: 'op_1', name: 'Camille Ops', email: 'camille@popote.test' };

/** RemoteRoutes at `path`, the BFF answering `me` and `operator`; returns the URLs the router went to. */
async function openAt(path: string, { me = null, operator = null }: { me?: unknown; operator?: unknown }) {
  const location = memoryLocation({ path, record: true });
  const sent = await renderWithBff(
    dom,
    <Router hook={location.hook}>
      <RemoteRoutes />
    </Router>,
    (op) => (op.operationName === 'ShellOperator' ? { operator } : op.operationName === 'Me' ? { me } : {}),
  );
  await settle();
  return { history: location.history, sent };
}

describe("the console's guard", () => {
  beforeEach(() => {
    load.mockReset();
    load.mockResolvedValue({ default: () => <h1>Journal</h1> });
  });
  afterEach(() => vi.restoreAllMocks());

  it('sends someone with no operator session to the sign-in page, back here afterwards, without fetching the console', async () => {
    // A signed-in buyer's session opens nothing here.
    const { history, sent } = await openAt('/console/journal', { me: SIGNED_IN_CONSUMER });
    expect(history.at(-1)).toBe('/console/connexion?next=%2Fconsole%2Fjournal');
    expect(load).not.toHaveBeenCalled();
    expect(sent.map((op) => op.operationName)).toContain('ShellOperator');
    expect(sent.map((op) => op.operationName)).not.toContain('Me');
  });

  it('keeps the query string of the page asked for', async () => {
    const { history } = await openAt('/console/journal?page=2', {});
    expect(history.at(-1)).toBe('/console/connexion?next=%2Fconsole%2Fjournal%3Fpage%3D2');
  });

  it("fetches the ops remote once an operator's session is found, and renders it", async () => {
    await openAt('/console/journal', { operator: OPERATOR });
    expect(load).toHaveBeenCalledWith('ops');
    expect(load.mock.calls.every(([remote]) => remote === 'ops')).toBe(true);
    expect(dom.container.querySelector('h1')?.textContent).toBe('Journal');
  });

  it("still fetches a buyer's remote while `me` loads (the head start the console does not get)", async () => {
    await openAt('/cart', { me: SIGNED_IN_CONSUMER });
    expect(load).toHaveBeenCalledWith('consumer');
  });
});
