import { describe, expect, it } from 'vitest';
import { EXPORT_MESSAGES, exportPage, newestFirstAfter, type ExportSectionSource } from './account';
import { DomainError } from '../shared/errors';

/** A list of `n` items of about `size` bytes each, read by their index as key. */
const list = (name: string, n: number, size = 100, groupOf = 1): ExportSectionSource => {
  const all = Array.from({ length: n }, (_, i) => ({
    key: String(Math.floor(i / groupOf)).padStart(6, '0'),
    value: { i, pad: 'x'.repeat(size) },
  }));
  return {
    name,
    list: async (after, limit) => {
      const rest = all.filter((it) => after === null || it.key > after);
      // Whole groups only, as a database query by key would answer.
      const keys = [...new Set(rest.map((it) => it.key))].slice(0, limit);
      const items = rest.filter((it) => keys.includes(it.key));
      return { items, next: keys.length < limit ? null : keys.at(-1)! };
    },
  };
};

/** Every page, and each section's content put back together as the BFF does. */
async function allPages(sources: ExportSectionSource[], budgetBytes: number) {
  const files = new Map<string, unknown>();
  const order: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = await exportPage(sources, cursor, { budgetBytes, batch: 7 });
    pages++;
    const bytes = JSON.stringify(page.sections).length;
    expect(bytes, `page ${pages}`).toBeLessThanOrEqual(budgetBytes + 400);
    for (const [name, content] of Object.entries(page.sections)) {
      if (order.at(-1) === name && Array.isArray(content)) (files.get(name) as unknown[]).push(...content);
      else {
        expect(order, `${name} came back after another section`).not.toContain(name);
        order.push(name);
        files.set(name, Array.isArray(content) ? [...content] : content);
      }
    }
    cursor = page.next_cursor;
  } while (cursor);
  return { files, order, pages };
}

describe('exportPage: a service’s part of an export, page by page under a size', () => {
  it('splits long lists across pages, in order, each item once, whole sections whole', async () => {
    const sources: ExportSectionSource[] = [
      { name: 'profile', whole: async () => ({ name: 'Zoé' }) },
      list('orders-placed', 250, 300),
      list('orders-received', 0),
      list('refunds', 40, 200, 3),
      { name: 'payout-account', whole: async () => null },
    ];
    const { files, order, pages } = await allPages(sources, 10_000);
    expect(order).toEqual(['profile', 'orders-placed', 'orders-received', 'refunds', 'payout-account']);
    expect(pages).toBeGreaterThan(8);
    expect((files.get('orders-placed') as { i: number }[]).map((o) => o.i)).toEqual([...Array(250).keys()]);
    expect(files.get('orders-received')).toEqual([]);
    expect((files.get('refunds') as { i: number }[]).map((o) => o.i)).toEqual([...Array(40).keys()]);
    expect(files.get('payout-account')).toBeNull();
  });

  it('never splits items that share a key, and always moves forward with an item larger than a page', async () => {
    const seen: number[][] = [];
    let cursor: string | null = null;
    do {
      const page = await exportPage([list('refunds', 12, 500, 4)], cursor, { budgetBytes: 1_000, batch: 2 });
      seen.push(((page.sections.refunds as { i: number }[] | undefined) ?? []).map((r) => r.i));
      cursor = page.next_cursor;
    } while (cursor);
    // Groups of 4 items of ~500 bytes: one group per page although it is twice the budget.
    expect(seen).toEqual([
      [0, 1, 2, 3],
      [4, 5, 6, 7],
      [8, 9, 10, 11],
    ]);
  });

  it('moves on past rows that give no item (payments without refunds)', async () => {
    // 30 payments, a refund for every tenth one only: most batches of rows give nothing.
    const refunds: ExportSectionSource = {
      name: 'refunds',
      list: async (after, limit) => {
        const rows = Array.from({ length: 30 }, (_, i) => String(i).padStart(3, '0'))
          .filter((k) => after === null || k > after)
          .slice(0, limit);
        return {
          items: rows.filter((k) => Number(k) % 10 === 9).map((k) => ({ key: k, value: { payment: k } })),
          next: rows.length < limit ? null : rows.at(-1)!,
        };
      },
    };
    const { files } = await allPages([refunds, { name: 'after', whole: async () => 1 }], 10_000);
    expect(files.get('refunds')).toEqual([{ payment: '009' }, { payment: '019' }, { payment: '029' }]);
    expect(files.get('after')).toBe(1);
  });

  it('one page when everything fits (the answer of a service with little data)', async () => {
    const page = await exportPage([{ name: 'cart', whole: async () => ({ items: [] }) }, list('dishes', 3)], undefined);
    expect(page.next_cursor).toBeNull();
    expect(page.sections).toEqual({
      cart: { items: [] },
      dishes: [expect.objectContaining({ i: 0 }), expect.anything(), expect.anything()],
    });
  });

  it('refuses a cursor it did not make, in French', async () => {
    for (const bad of [
      '{',
      '{"s":-1,"k":null}',
      '{"s":99,"k":null}',
      '{"s":0,"k":{"$gt":""}}',
      JSON.stringify({ s: 0, k: 'x'.repeat(600) }),
    ]) {
      const err = await exportPage([list('a', 1)], bad).catch((e: unknown) => e);
      expect(err, bad).toBeInstanceOf(DomainError);
      expect((err as DomainError).message).toBe(EXPORT_MESSAGES.badCursor);
    }
    expect(() => newestFirstAfter('created_at', 'pas-une-date|x')).toThrow(EXPORT_MESSAGES.badCursor);
    expect(() => newestFirstAfter('created_at', '2026-01-01T00:00:00.000Z|')).toThrow(EXPORT_MESSAGES.badCursor);
    expect(newestFirstAfter('created_at', '2026-01-01T00:00:00.000Z|abc')).toEqual({
      $or: [
        { created_at: { $lt: new Date('2026-01-01T00:00:00.000Z') } },
        { created_at: new Date('2026-01-01T00:00:00.000Z'), _id: { $gt: 'abc' } },
      ],
    });
  });
});
