/*
 * Test code only (the dashboard's jsdom specs): the BFF answering the dashboard's operations, able to
 * refuse one with a GraphQL error as the real one does, and what a person does on the page.
 */
import { settle } from '@popote/ui/testing';
import { act } from 'react';
import { expect } from 'vitest';

/** The shared harness (the BFF as a function, `Refusal` for its GraphQL errors), under the name these specs use. */
export { Refusal, renderWithBff as mountWithBff } from '@popote/ui/testing';

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
