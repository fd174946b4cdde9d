import { describe, expect, it } from 'vitest';
import { accessFor } from '../auth/access';
import { fetchedBeforeGuard, firstRemoteOf } from './remote-paths';
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
    '/consoles',
  ])('names the same remote as the router for %s', (path) => {
    expect(firstRemoteOf(path)).toBe(findRemote(path));
  });

  it.each(['/console', '/console/journal', '/console/signalements/r-1', '/console/connexion'])(
    "never starts the console's remote ahead for %s: buyers and cooks must not download it",
    (path) => {
      expect(firstRemoteOf(path)).toBeNull();
    },
  );
});

describe('the route table', () => {
  it("sends the console's pages to the ops remote, for operators only; its sign-in page is the shell's, public", () => {
    for (const path of ['/console', '/console/', '/console/journal', '/console/vendeurs']) {
      expect(findRemote(path), path).toBe('ops');
      expect(accessFor(path), path).toBe('operator');
    }
    expect(accessFor('/console/connexion')).toBe('public');
    expect(findRemote('/console/connexion')).toBeNull();
    expect(fetchedBeforeGuard('operator')).toBe(false);
    for (const access of ['public', 'signed-in', 'cook'] as const) expect(fetchedBeforeGuard(access), access).toBe(true);
  });
});
