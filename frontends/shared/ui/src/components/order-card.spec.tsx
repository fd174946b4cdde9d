import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { OrderCard, type OrderCardOrder } from './order-card';

const order: OrderCardOrder = {
  order_id: 'ord-0000-abcd1234',
  order_status: 'pending',
  total_cents: 3250,
  cancel_reason: null,
  items: [
    { order_item_id: 'i1', name: 'Tajine de poulet', quantity: 2, price_cents: 1250 },
    { order_item_id: 'i2', name: 'Tarte au citron', quantity: 1, price_cents: 750 },
  ],
};

const render = (element: React.ReactElement) => renderToStaticMarkup(element).replace(/[\u00a0\u202f]/g, ' ');

describe('OrderCard', () => {
  it("shows the order's number, when it was placed, its status, each line's amount and the total", () => {
    const html = render(<OrderCard order={order} placed="Passée le 21 novembre 2026" />);
    expect(html).toContain('Commande n° abcd1234');
    expect(html).toContain('Passée le 21 novembre 2026');
    expect(html).toContain('En attente');
    expect(html).toMatch(/<ul[^>]* aria-label="Articles">/);
    expect(html).toContain('Tajine de poulet × 2</span><span>25,00 €</span>');
    expect(html).toContain('Tarte au citron × 1</span><span>7,50 €</span>');
    expect(html).toContain('<span>Total</span><strong>32,50 €</strong>');
    expect(html).not.toContain('Motif');
  });

  it('is named by its number, and says why once cancelled', () => {
    const html = render(<OrderCard order={{ ...order, order_status: 'cancelled', cancel_reason: 'Four en panne' }} placed="" />);
    const labelledBy = /<article[^>]* aria-labelledby="([^"]+)"/.exec(html)?.[1];
    expect(labelledBy).toBeTruthy();
    expect(html).toContain(`<h3 id="${labelledBy}"`);
    expect(html).toContain('Motif : Four en panne');
    // A reason kept on an order that is not cancelled is not shown.
    expect(render(<OrderCard order={{ ...order, cancel_reason: 'Four en panne' }} placed="" />)).not.toContain('Motif');
  });

  it("renders each line's name as asked, and the caller's details and actions in place", () => {
    const html = render(
      <OrderCard
        order={order}
        placed=""
        renderLine={(line) => <a href={`/meals/${line.order_item_id}`}>{line.name}</a>}
        details={<p>Retrait sur place</p>}
      >
        <button type="button">Annuler la commande</button>
      </OrderCard>,
    );
    expect(html).toContain('<a href="/meals/i1">Tajine de poulet</a><span>25,00 €</span>');
    expect(html.indexOf('Retrait sur place')).toBeLessThan(html.indexOf('Tajine de poulet'));
    expect(html.indexOf('Annuler la commande')).toBeGreaterThan(html.indexOf('32,50 €'));
  });
});
