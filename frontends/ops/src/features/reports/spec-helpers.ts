// Test code only (imported by the specs of the console's moderation and verification pages).
import { settle, type ReactTestRoot } from '@popote/ui/testing';
import { act } from 'react';
import { expect } from 'vitest';

const clean = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/** The button whose text is `name`, in `dom`. */
export const button = (dom: ReactTestRoot, name: string) =>
  [...dom.container.querySelectorAll('button')].find((b) => clean(b.textContent) === name) ?? null;

/** The control labelled `name` (its <label>'s text, hints excluded). */
export function control<T extends HTMLElement = HTMLInputElement>(dom: ReactTestRoot, name: string): T | null {
  for (const label of dom.container.querySelectorAll('label')) {
    if (clean(label.textContent) !== name) continue;
    const target = label.htmlFor ? document.getElementById(label.htmlFor) : label.querySelector('input, textarea, select');
    if (target) return target as T;
  }
  return null;
}

export const click = async (element: HTMLElement) => {
  await act(async () => element.click());
  await settle();
};

/** Types `value` into a textarea or input as a person does (React's change event). */
export async function type(element: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string) {
  const proto = Object.getPrototypeOf(element) as object;
  const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  await act(async () => {
    setter?.call(element, value);
    element.dispatchEvent(new Event(element instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  });
  await settle();
}

/** Waits (up to 3 s) for `find` to give something. */
export async function until<T>(find: () => T | null | undefined | false, what: string): Promise<T> {
  for (let i = 0; i < 60; i += 1) {
    const found = find();
    if (found) return found;
    await settle();
  }
  return expect.fail(`never found: ${what}`);
}

export const text = (dom: ReactTestRoot) => clean(dom.container.textContent);

/** A report as the BFF answers it. */
export const reportData = (n: number, over: Record<string, unknown> = {}) => ({
  __typename: 'Report',
  report_id: `r${n}`,
  created_at: '2026-12-07T07:59:02.000Z',
  status: 'open',
  target_kind: 'meal',
  target_id: `m${n}`,
  reason: 'food_safety',
  explanation: `Le plat ${n} sentait mauvais à la livraison.`,
  contact_email: null,
  reporter_user_id: 'u9',
  decision_id: null,
  item: {
    __typename: 'ReportedItem',
    label: `Tarte ${n}`,
    text: `Tarte maison ${n}, pommes du jardin.`,
    path: `/meals/m${n}`,
    owner_id: 'c1',
  },
  ...over,
});

/** A decision as operators read it. */
export const decisionData = (id: string, over: Record<string, unknown> = {}) => ({
  __typename: 'OperatorDecision',
  decision_id: id,
  decided_at: '2026-12-01T10:00:00.000Z',
  operator_id: 'op_1',
  action: 'hide_meal',
  reason: 'food_safety',
  statement: 'Le plat présente un risque sanitaire établi par plusieurs signalements concordants.',
  target_kind: 'meal',
  target_id: 'm1',
  report_ids: ['r1'],
  appeal_until: '2027-06-02T10:00:00.000Z',
  appeal_operator_id: null,
  item: { __typename: 'ReportedItem', label: 'Tarte 1', text: 'Tarte maison 1, pommes du jardin.', path: '/meals/m1', owner_id: 'c1' },
  appeal: null,
  ...over,
});
