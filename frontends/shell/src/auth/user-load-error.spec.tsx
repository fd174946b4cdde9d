// @vitest-environment jsdom
import { createGraphQLClient, GraphQLProvider } from '@popote/graphql';
import { TOASTER_PROPS } from '@popote/ui';
import { useReactTestRoot } from '@popote/ui/testing';
import { act } from 'react';
import { Toaster } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserLoadErrorToast } from './user-load-error';

const MESSAGE = 'Erreur de connexion. Certaines fonctionnalités peuvent être limitées.';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const unavailable = () =>
  json({
    data: null,
    errors: [{ message: 'Le service est momentanément indisponible. Réessayez dans un instant.', extensions: { code: 'UNAVAILABLE' } }],
  });
const signedOut = () => json({ data: { me: null } });

function Probe() {
  useUserLoadErrorToast();
  return null;
}

const dom = useReactTestRoot();
let fetchMock: ReturnType<typeof vi.fn>;
let sentAt: number[];

/** Mounts the hook with the real GraphQL client of the frontends, its BFF answering from `answers`. */
async function mount(...answers: (() => Response)[]) {
  const start = Date.now();
  sentAt = [];
  fetchMock = vi.fn(async () => {
    sentAt.push(Date.now() - start);
    return (answers.length > 1 ? answers.shift()! : answers[0]!)();
  });
  vi.stubGlobal('fetch', fetchMock);
  const client = createGraphQLClient({ uri: 'http://bff.test/graphql' });
  await act(async () =>
    dom.root.render(
      <GraphQLProvider value={client}>
        <Toaster {...TOASTER_PROPS} />
        <Probe />
      </GraphQLProvider>,
    ),
  );
}

const after = (ms: number) => act(async () => vi.advanceTimersByTimeAsync(ms));

describe('loading the signed-in user (spec: 3 retries, 2 s × the attempt, then a message)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("retries silently, then says 'Erreur de connexion…' once the last try failed", async () => {
    await mount(unavailable);
    await after(11_900);
    expect(sentAt).toEqual([0, 2000, 6000]);
    expect(dom.container.textContent).not.toContain(MESSAGE);
    await after(200);
    expect(sentAt).toEqual([0, 2000, 6000, 12_000]);
    expect(dom.container.textContent).toContain(MESSAGE);
  });

  it('says nothing when a retry gets the answer', async () => {
    await mount(unavailable, signedOut);
    await after(20_000);
    expect(sentAt).toEqual([0, 2000]);
    expect(dom.container.textContent).not.toContain(MESSAGE);
  });

  it('retries when the BFF cannot be reached at all', async () => {
    await mount(() => {
      throw new TypeError('Failed to fetch');
    });
    await after(12_100);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(dom.container.textContent).toContain(MESSAGE);
  });
});
