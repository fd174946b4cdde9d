// @vitest-environment jsdom
import { useReactTestRoot } from '@popote/ui/testing';
import { describe, expect, it } from 'vitest';
import type { CookOrder } from '../../graphql/orders';
import { CookOrderCard } from './cook-order-card';
import { mountWithBff, until } from './dashboard-testing';

const dom = useReactTestRoot();

const ADDRESS = {
  street: '12 rue Montorgueil',
  complement: '3e étage',
  postcode: '75002',
  commune_code: '75102',
  city: 'Paris 2e Arrondissement',
  phone: '0612345678',
  instructions: 'Sonner chez Dupont',
};
const order = (over: Partial<CookOrder>): CookOrder => ({
  order_id: 'order-0000abcd1234',
  consumer_id: 'c',
  consumer_name: 'Léa',
  cook_id: 'k',
  total_cents: 2450,
  order_status: 'confirmed',
  pickup_start: '2026-12-11T18:00:00.000Z',
  pickup_end: '2026-12-11T18:30:00.000Z',
  delivery_option: 'delivery',
  delivery_fee_cents: 450,
  discount_cents: 0,
  discount_name: null,
  discount_funder: null,
  delivery_address: ADDRESS,
  cancel_reason: null,
  created_at: '2026-12-10T08:00:00.000Z',
  updated_at: '2026-12-10T08:00:00.000Z',
  items: [{ order_item_id: 'i1', meal_id: 'm1', name: 'Tajine', quantity: 2, price_cents: 1000 }],
  ...over,
});

describe("a delivery on the cook's orders (ADR 0044)", () => {
  it('shows the slot as a delivery, the address with a call and a map link, and the fee on its own line', async () => {
    await mountWithBff(dom, <CookOrderCard order={order({})} />, () => ({}));
    const address = await until(() => dom.container.querySelector('[aria-label="Adresse de livraison"]'), 'the address');
    expect(dom.container.textContent).toContain('Livraison : ');
    expect(address.textContent).toContain('12 rue Montorgueil, 3e étage, 75002 Paris 2e Arrondissement');
    expect(address.textContent).toContain('Sonner chez Dupont');
    expect(address.querySelector('a[href="tel:0612345678"]')?.textContent).toBe('Appeler le 06 12 34 56 78');
    expect(address.querySelector('a[href^="geo:"]')?.getAttribute('href')).toBe(
      `geo:0,0?q=${encodeURIComponent('12 rue Montorgueil, 75002 Paris 2e Arrondissement, France')}`,
    );
    expect(dom.container.textContent).toContain('4,50');
  });

  it('says the address comes once confirmed while ordering withholds it, and reads « En cours de livraison » when ready', async () => {
    await mountWithBff(dom, <CookOrderCard order={order({ order_status: 'pending', delivery_address: null })} />, () => ({}));
    await until(() => dom.container.querySelector('article'), 'the card');
    expect(dom.container.textContent).toContain('L’adresse de livraison s’affichera une fois la commande confirmée.');
    await mountWithBff(dom, <CookOrderCard order={order({ order_status: 'ready' })} />, () => ({}));
    await until(() => dom.container.querySelector('article'), 'the card');
    expect(dom.container.textContent).toContain('En cours de livraison');
    expect([...dom.container.querySelectorAll('button')].map((b) => b.textContent)).toContain('Marquer comme livrée');
  });

  it('a pick-up reads as before: « Retrait : », no address', async () => {
    await mountWithBff(
      dom,
      <CookOrderCard order={order({ delivery_option: 'pickup', delivery_fee_cents: 0, delivery_address: null, order_status: 'ready' })} />,
      () => ({}),
    );
    await until(() => dom.container.querySelector('article'), 'the card');
    expect(dom.container.textContent).toContain('Retrait : ');
    expect(dom.container.textContent).toContain('Prête pour le retrait');
    expect(dom.container.querySelector('[aria-label="Adresse de livraison"]')).toBeNull();
  });
});

describe("the cook's card with a discount (ADR 0045)", () => {
  it('lists the discount and who gave it among the lines; the total is what the buyer paid', async () => {
    const promoted = order({
      delivery_option: 'pickup',
      delivery_fee_cents: 0,
      delivery_address: null,
      total_cents: 1800,
      discount_cents: 200,
      discount_name: 'Week-end',
      discount_funder: 'cook',
    });
    await mountWithBff(dom, <CookOrderCard order={promoted} />, () => ({}));
    const line = await until(() => dom.container.querySelector('[data-testid="order-discount"]'), 'the discount line');
    expect(line.textContent?.replace(/\s+/g, ' ')).toBe('Réduction « Week-end » (offerte par le cuisinier)-2,00 €');
    expect(dom.container.textContent?.replace(/\s+/g, ' ')).toContain('Total18,00 €');
  });
});
