import type { OrderStep } from './order.schema';

/**
 * Steps an order keeps (the latest): its statuses are five at most, the rest are the cook's moves of
 * its slot, which nothing else bounds. The document stays small whatever happens to it.
 */
export const ORDER_HISTORY_MAX = 30;

/**
 * Appends a step to the order in memory (the caller saves it with the change it records: no write of
 * its own). Pure: the caller says when.
 */
export function recordStep(order: { history?: OrderStep[] }, step: OrderStep): void {
  order.history = [...(order.history ?? []), step].slice(-ORDER_HISTORY_MAX);
}
