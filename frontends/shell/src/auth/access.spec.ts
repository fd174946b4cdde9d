import { describe, expect, it } from 'vitest';
import { accessFor } from './access';

describe('accessFor', () => {
  it('keeps public pages public', () => {
    for (const path of ['/', '/meals', '/meals/42', '/auth', '/cook/7', '/about', '/nimporte-quoi', '/console/connexion']) {
      expect(accessFor(path)).toBe('public');
    }
  });

  it('asks for a signed-in person on profile, orders, cart and checkout', () => {
    for (const path of ['/profile', '/orders', '/cart', '/checkout', '/orders/']) {
      expect(accessFor(path)).toBe('signed-in');
    }
  });

  it('keeps the dashboard, meal creation and meal editing for cooks', () => {
    for (const path of ['/cook/dashboard', '/cook/dashboard/plats', '/create-meal', '/meals/42/edit']) {
      expect(accessFor(path)).toBe('cook');
    }
  });

  it("keeps the operators' console for operators (its sign-in page aside)", () => {
    for (const path of ['/console', '/console/journal', '/console/signalements', '/console/vendeurs/v-1']) {
      expect(accessFor(path)).toBe('operator');
    }
  });
});
