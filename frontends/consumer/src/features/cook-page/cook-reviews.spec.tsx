// @vitest-environment jsdom
import { renderWithBff, settle, useReactTestRoot, type SentOperation } from '@popote/ui/testing';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { CookReviews } from './cook-reviews';

const dom = useReactTestRoot();

const review = (n: number, over: Record<string, unknown> = {}) => ({
  __typename: 'Review',
  review_id: `rev-${n}`,
  cook_id: 'cook-1',
  rating: 4,
  comment: `Avis numéro ${n}`,
  consumer_name: `Client ${n}`,
  meal_names: ['Tajine de poulet'],
  created_at: '2026-11-20T12:00:00.000Z',
  ...over,
});

const bff = (reviews: unknown[]) => (op: SentOperation) => {
  if (op.operationName === 'Me') return { me: null };
  if (op.operationName === 'CookPageReviews') return { cookReviews: reviews };
  throw new Error(`unexpected ${op.operationName}`);
};

const reportButtons = () => [...dom.container.querySelectorAll('button[aria-label="Signaler cet avis"]')];

describe("a cook page's 'Avis des clients'", () => {
  it('lists the reviews, newest first, each with « Signaler cet avis »; the first five, then all on demand', async () => {
    await renderWithBff(dom, <CookReviews cookId="cook-1" />, bff([1, 2, 3, 4, 5, 6, 7].map((n) => review(n))));
    expect(dom.container.querySelector('h2')?.textContent).toBe('Avis des clients');
    const items = () => [...dom.container.querySelectorAll('li')];
    expect(items()).toHaveLength(5);
    expect(items()[0]?.textContent).toContain('Client 1');
    expect(items()[0]?.textContent).toContain('Avis numéro 1');
    expect(items()[0]?.textContent).toContain('Commande : Tajine de poulet');
    expect(items()[0]?.querySelector('[role="img"]')?.getAttribute('aria-label')).toBe('Note : 4 sur 5');
    expect(reportButtons()).toHaveLength(5);

    const more = [...dom.container.querySelectorAll('button')].find((b) => b.textContent === 'Voir les 7 avis')!;
    await act(async () => more.click());
    await settle();
    expect(items()).toHaveLength(7);
    expect(reportButtons()).toHaveLength(7);
  });

  it('says when there is none', async () => {
    await renderWithBff(dom, <CookReviews cookId="cook-1" />, bff([]));
    expect(dom.container.textContent).toContain("Ce cuisinier n'a pas encore reçu d'avis.");
    expect(reportButtons()).toEqual([]);
  });
});
