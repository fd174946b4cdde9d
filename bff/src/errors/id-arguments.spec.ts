import { DomainError, MEAL_MESSAGES, ORDER_MESSAGES } from '@popote/contracts';
import { describe, expect, it } from 'vitest';
import { MEAL_ID, ORDER_ID } from './id-arguments';

describe('id arguments', () => {
  it('pass an id through, and answer anything else as the unknown id it names', () => {
    expect(ORDER_ID.transform('8f14e45fceea167a5a36dedd')).toBe('8f14e45fceea167a5a36dedd');
    expect(MEAL_ID.transform('demo-meal-bowl')).toBe('demo-meal-bowl');
    for (const value of ['x'.repeat(10 * 1024), '../../etc/passwd', 'orders.>', '', 42, null]) {
      expect(() => ORDER_ID.transform(value)).toThrow(new DomainError('NOT_FOUND', ORDER_MESSAGES.notFound));
      expect(() => MEAL_ID.transform(value)).toThrow(MEAL_MESSAGES.notFound);
    }
  });
});
