/*
 * Test code only (the dashboard's jsdom specs): the BFF answering the dashboard's operations, able to
 * refuse one with a GraphQL error as the real one does, and what a person does on the page.
 */
import { createGraphQLClient, GraphQLProvider } from '@popote/graphql';
import { TOASTER_PROPS } from '@popote/ui';
import { settle, type ReactTestRoot, type SentOperation } from '@popote/ui/testing';
import { act, createElement, type ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { expect, vi } from 'vitest';

/** A GraphQL error as the BFF sends it: its French message, code and per-field messages. */
export class Refusal {
  constructor(
    readonly message: string,
    readonly code: string,
    readonly fields?: Record<string, string>,
  ) {}
}

/**
 * Renders `ui` with the frontends' real GraphQL client and the toaster; `answer` gets each
 * operation sent and returns its `data`, or a `Refusal` (or a promise of either: an answer that
 * takes its time). Resolves with the operations sent (the list keeps growing) once the first
 * answers are in.
 */
export async function mountWithBff(dom: ReactTestRoot, ui: ReactNode, answer: (op: SentOperation) => unknown): Promise<SentOperation[]> {
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

/** Waits (up to 3 s) for `find` to give something: a lazy chunk, a request and its answer. */
export async function until<T>(find: () => T | null | undefined, what: string): Promise<T> {
  for (let i = 0; i < 60; i += 1) {
    const found = find();
    if (found) return found;
    await settle();
  }
  expect.fail(`never found: ${what}`);
}

export const click = async (element: HTMLElement) => {
  await act(async () => element.click());
  await settle();
};

/** Types into an input as a person does (React and react-hook-form listen to the input event). */
export const typeInto = (element: HTMLInputElement, value: string) =>
  act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });

/** The control a `<label>` names, by the label's text. */
export const labelled = (root: ParentNode, label: string) => {
  const id = [...root.querySelectorAll('label')].find((l) => l.textContent === label)?.htmlFor;
  return (id ? document.getElementById(id) : null) as HTMLInputElement | null;
};

/** The button whose text (its hidden part included) is `name`. */
export const buttonNamed = (root: ParentNode, name: string) =>
  [...root.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s+/g, ' ').trim() === name) ?? null;

/** The error message shown for a field (its `aria-describedby` `…-error`). */
export const fieldError = (input: HTMLInputElement) => {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  const errorId = ids.find((id) => id.endsWith('-error'));
  return errorId ? (document.getElementById(errorId)?.textContent ?? null) : null;
};
