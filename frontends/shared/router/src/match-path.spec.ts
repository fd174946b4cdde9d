import { describe, expect, it } from 'vitest';
import { matchPath } from './index';

describe('matchPath (the route tables of the shell: access rules and which remote owns a URL)', () => {
  it.each([
    ['/orders', '/orders', true],
    ['/orders', '/orders/', true],
    ['/orders', '/Orders', true],
    ['/orders', '/orders/o-1', false],
    ['/orders', '/ordersx', false],
    ['/orders/:orderId/receipt', '/orders/o-1/receipt', true],
    ['/orders/:orderId/receipt', '/orders//receipt', false],
    ['/meals/*', '/meals', true],
    ['/meals/*', '/meals/', true],
    ['/meals/*', '/meals/m-1', true],
    ['/meals/*', '/meals/m-1/edit', true],
    ['/meals/*', '/mealsx', false],
    ['/', '/', true],
    ['/', '/meals', false],
  ])('%s against %s: %s', (pattern, pathname, expected) => {
    expect(matchPath(pattern, pathname)).toBe(expected);
  });
});
