import { createGraphQLClient, GraphQLProvider } from '@popote/graphql';
import { act, createElement, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import toast, { Toaster } from 'react-hot-toast';
import { TOASTER_PROPS } from '../toasts';
import { afterEach, beforeEach, vi } from 'vitest';

export { stubLiveBff, type LiveBff } from './live-bff';

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

/** A GraphQL operation as a page sent it: its name, variables and document. */
export interface SentOperation {
  operationName: string;
  variables: Record<string, unknown>;
  query: string;
}

/** A GraphQL error as the BFF sends it: its French message, code and per-field messages. */
export class Refusal {
  constructor(
    readonly message: string,
    readonly code: string,
    readonly fields?: Record<string, string>,
  ) {}
}

/**
 * Renders `ui` in `dom` with the frontends' real GraphQL client and the toaster; the BFF is
 * `answer`, called with each operation the page sends and returning its `data`, or a `Refusal`
 * (or a promise of either: an answer that takes its time). Resolves, once the first requests have
 * been answered, with the operations sent (the list keeps growing).
 */
export async function renderWithBff(dom: ReactTestRoot, ui: ReactNode, answer: (op: SentOperation) => unknown): Promise<SentOperation[]> {
  const sent: SentOperation[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: unknown, init?: RequestInit) => {
      const op = JSON.parse(String(init?.body)) as SentOperation;
      sent.push(op);
      const result = await answer(op);
      const body =
        result instanceof Refusal
          ? {
              data: null,
              errors: [{ message: result.message, extensions: { code: result.code, ...(result.fields ? { fields: result.fields } : {}) } }],
            }
          : { data: result };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  const client = createGraphQLClient({ uri: 'http://bff.test/graphql' });
  await act(async () => dom.root.render(createElement(GraphQLProvider, { value: client }, createElement(Toaster, TOASTER_PROPS), ui)));
  await settle();
  return sent;
}

/** Lets what was started (a request, its answer, a re-render) run to its end. */
export const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 50)));

/** `Query.me` of a signed-in consumer, Léa (`user_id` 'u1'), as the BFF answers it. */
export const SIGNED_IN_CONSUMER = {
  __typename: 'Me',
  cook_profile: null,
  user: {
    __typename: 'User',
    user_id: 'u1',
    email: 'lea@popote.test',
    name: 'Léa',
    username: 'lea',
    location: null,
    bio: null,
    avatar_url: null,
    user_type: 'consumer',
    email_verified: true,
    created_at: '2026-11-01T10:00:00.000Z',
  },
} as const;
