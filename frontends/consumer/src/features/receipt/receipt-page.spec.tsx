// @vitest-environment jsdom
import { renderWithBff, settle, useReactTestRoot, type SentOperation } from '@popote/ui/testing';
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ReceiptPage } from './receipt-page';

const dom = useReactTestRoot();

const plain = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/** A receipt as the BFF answers it: a Tajine × 1 at 12,50 €, plus `fee` for a delivery by the cook. */
const receipt = (fee: number) => ({
  __typename: 'Receipt',
  order_id: 'order-0123456789abcdef',
  number: 'R-ABCD-000042',
  issued_at: '2026-12-01T10:00:00.000Z',
  cook_id: 'cook-amina',
  cook_name: 'amina_cuisine',
  cook_siret: null,
  vat_mention: 'TVA non applicable, art. 293 B du CGI',
  lines: [{ __typename: 'ReceiptLine', name: 'Tajine', quantity: 1, unit_price_cents: 1250 }],
  total_cents: 1250 + fee,
  delivery_fee_cents: fee,
  discount_cents: 0,
  discount_name: null,
  discount_funder: null,
  delivery_option: fee > 0 ? 'delivery' : 'pickup',
  commission_percent: 15,
  refunded_at: null,
  refunded_cents: null,
  pickup_start: '2030-06-15T10:00:00.000Z',
  pickup_end: '2030-06-15T11:00:00.000Z',
  pickup_place: { __typename: 'ReceiptPlace', street: '4 rue Paul Bert', postcode: '69003', city: 'Lyon 3e Arrondissement' },
});

/** Opens the receipt page over a BFF answering `answer`, and waits for the receipt. */
async function openReceipt(answer: unknown) {
  await renderWithBff(dom, <ReceiptPage />, (op: SentOperation) => {
    if (op.operationName === 'Receipt') return { receipt: answer };
    throw new Error(`unexpected ${op.operationName}`);
  });
  for (let i = 0; i < 60 && !dom.container.querySelector('table'); i += 1) await settle();
  expect(dom.container.querySelector('table'), 'the receipt').not.toBeNull();
}

/** The table's body rows, « name quantity unit amount ». */
const rows = () =>
  [...dom.container.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((cell) => plain(cell.textContent)).join(' | '));
const text = () => plain(dom.container.textContent);

describe('the receipt of an order delivered by the cook (ADR 0044)', () => {
  beforeEach(() => {
    act(() => window.history.replaceState(null, '', '/orders/order-0123456789abcdef/receipt'));
  });

  it('has its own « Livraison par le cuisinier » line, and says the fee bears no commission', async () => {
    await openReceipt(receipt(500));
    expect(rows()).toEqual(['Tajine | 1 | 12,50 € | 12,50 €', 'Livraison par le cuisinier | 1 | 5,00 € | 5,00 €']);
    expect(plain(dom.container.querySelector('[data-testid="receipt-total"]')?.textContent)).toBe('17,50 €');
    expect(text()).toMatch(/Livraison : \S+/);
    expect(text()).not.toContain('Retrait :');
    // The cook's own address is no place of this order.
    expect(text()).not.toContain('4 rue Paul Bert');
    expect(text()).toContain('commission de 15 % sur le prix des plats ; les frais de livraison reviennent entièrement au cuisinier.');
  });

  it('a pick-up: no delivery line, the pick-up place', async () => {
    await openReceipt(receipt(0));
    expect(rows()).toEqual(['Tajine | 1 | 12,50 € | 12,50 €']);
    expect(text()).toMatch(/Retrait : \S+/);
    expect(text()).toContain('Lieu : 4 rue Paul Bert, 69003 Lyon 3e Arrondissement');
    expect(text()).not.toContain('Livraison par le cuisinier');
    expect(text()).toContain('perçoit une commission de 15 %.');
  });
});

describe('the receipt of an order with a discount (ADR 0045)', () => {
  beforeEach(() => {
    act(() => window.history.replaceState(null, '', '/orders/order-0123456789abcdef/receipt'));
  });

  it('has its own line, saying who offered it; the total paid is net of it', async () => {
    await openReceipt({ ...receipt(500), total_cents: 1645, discount_cents: 105, discount_name: 'Week-end', discount_funder: 'cook' });
    expect(rows()).toEqual([
      'Tajine | 1 | 12,50 € | 12,50 €',
      'Livraison par le cuisinier | 1 | 5,00 € | 5,00 €',
      'Réduction « Week-end » (offerte par le cuisinier) |  |  | -1,05 €',
    ]);
    expect(plain(dom.container.querySelector('[data-testid="receipt-total"]')?.textContent)).toBe('16,45 €');
  });

  it('the platform’s offer: « offerte par Popote »', async () => {
    await openReceipt({
      ...receipt(0),
      total_cents: 750,
      discount_cents: 500,
      discount_name: 'Offre de bienvenue Popote',
      discount_funder: 'platform',
    });
    expect(rows()).toEqual([
      'Tajine | 1 | 12,50 € | 12,50 €',
      'Réduction « Offre de bienvenue Popote » (offerte par Popote) |  |  | -5,00 €',
    ]);
    expect(plain(dom.container.querySelector('[data-testid="receipt-total"]')?.textContent)).toBe('7,50 €');
  });
});
