import { newestFirstAfter, newestFirstKey, type ExportSectionSource } from '@popote/contracts';
import type { Model } from 'mongoose';

/** A section read page by page (the `list` kind of ExportSectionSource). */
export type ListedSection = Extract<ExportSectionSource, { list: unknown }>;

export interface NewestFirstOptions<T> {
  /** The date the section is ordered by (then `_id`); `created_at` unless given. */
  field?: string;
  /** The fields read: without the outbox, secrets… (0), or only some (1). */
  projection?: Record<string, number>;
  /** What the export shows of a page's documents, in their order (themselves unless given). */
  show?: (docs: T[]) => unknown[] | Promise<unknown[]>;
}

/**
 * An export section of the documents of `model` matching `filter`, newest first, read by keyset
 * (the date `field`, then `_id`): each call reads one page after the previous one's last key, so a
 * person's thousands of documents stream page by page through `exportPage`.
 */
export function newestFirstSection<T extends { _id: string }>(
  model: Model<T>,
  name: string,
  filter: Record<string, unknown>,
  options: NewestFirstOptions<T> = {},
): ListedSection {
  const { field = 'created_at', projection = {}, show = (docs: T[]) => docs } = options;
  return {
    name,
    list: async (after, limit) => {
      const docs = await model
        .find({ ...filter, ...newestFirstAfter(field, after) }, projection)
        .sort({ [field]: -1, _id: 1 })
        .limit(limit)
        .lean<T[]>();
      const keys = docs.map((d) => newestFirstKey((d as Record<string, unknown>)[field] as Date, d._id));
      const values = await show(docs);
      return { items: keys.map((key, i) => ({ key, value: values[i] })), next: docs.length < limit ? null : keys.at(-1)! };
    },
  };
}
