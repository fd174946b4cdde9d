import { describe, expect, it } from 'vitest';
import { firstRemoteOf } from './remote-paths';
import { findRemote } from './remote-routes';

describe('firstRemoteOf (the head start read from main.js, without the router)', () => {
  it.each([
    '/',
    '/meals',
    '/meals/',
    '/meals/m-1',
    '/meals/m-1/edit',
    '/create-meal',
    '/cook/dashboard',
    '/cook/dashboard/stats',
    '/cook/c-42',
    '/cart',
    '/checkout',
    '/orders',
    '/login',
    '/profile',
    '/faq',
    '/mealsx',
  ])('names the same remote as the router for %s', (path) => {
    expect(firstRemoteOf(path)).toBe(findRemote(path));
  });
});
