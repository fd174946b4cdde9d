import { describe, expect, it } from 'vitest';
import { CHECKOUT_SESSION_KEY, readCheckoutSession, saveCheckoutSession } from './checkout-session';

class MemoryStorage implements Storage {
  private readonly map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
}

const session = {
  cartItems: [{ meal_id: 'm1', cook_id: 'c1', name: 'Tajine', cook_name: 'amina', quantity: 2, price_cents: 1250 }],
  subtotal: 2500,
  total: 2500,
};

describe('checkout session data', () => {
  it('reads back what the cart page stored', () => {
    const storage = new MemoryStorage();
    saveCheckoutSession(session, storage);
    expect(readCheckoutSession(storage)).toEqual({ status: 'ok', session });
  });

  it('is invalid when missing, empty or of the wrong shape', () => {
    const storage = new MemoryStorage();
    expect(readCheckoutSession(storage).status).toBe('invalid');
    storage.setItem(CHECKOUT_SESSION_KEY, JSON.stringify({ ...session, cartItems: [] }));
    expect(readCheckoutSession(storage).status).toBe('invalid');
    storage.setItem(CHECKOUT_SESSION_KEY, JSON.stringify({ ...session, total: '25' }));
    expect(readCheckoutSession(storage).status).toBe('invalid');
    storage.setItem(CHECKOUT_SESSION_KEY, JSON.stringify({ ...session, cartItems: [{ meal_id: 'm1' }] }));
    expect(readCheckoutSession(storage).status).toBe('invalid');
  });

  it('is unreadable when not JSON', () => {
    const storage = new MemoryStorage();
    storage.setItem(CHECKOUT_SESSION_KEY, '{pas du json');
    expect(readCheckoutSession(storage).status).toBe('unreadable');
  });
});
