// Test code only (imported by the specs of the console's support pages): the BFF's answers.

/** The order number the buyer reads: the id's last 8 characters. */
export const ORDER_ID = '65f0c0ffee0000001a2b3c4d';

/** An order as the console reads it (Léa bought two tarts and a cookie from Amina: 12,50 €, picked up). */
export const orderData = (over: Record<string, unknown> = {}) => ({
  __typename: 'SupportOrder',
  order_id: ORDER_ID,
  number: '1a2b3c4d',
  checkout_id: '65f0c0ffee000000000c0c0c',
  consumer_id: 'u1',
  consumer_name: 'Léa',
  cook_id: 'c1',
  cook_name: 'Amina',
  total_cents: 1250,
  order_status: 'delivered',
  pickup_start: '2026-12-06T17:00:00.000Z',
  pickup_end: '2026-12-06T17:30:00.000Z',
  cancel_reason: null,
  created_at: '2026-12-06T15:30:00.000Z',
  items: [
    { __typename: 'SupportOrderLine', name: 'Tarte aux pommes', quantity: 2, price_cents: 500 },
    { __typename: 'SupportOrderLine', name: 'Cookie', quantity: 1, price_cents: 250 },
  ],
  ...over,
});

/** A step of an order's story. */
export const entryData = (over: Record<string, unknown> = {}) => ({
  __typename: 'SupportStoryEntry',
  at: '2026-12-06T15:30:00.000Z',
  service: 'ordering',
  kind: 'order.placed',
  label: 'Commande passée',
  detail: null,
  email_id: null,
  ...over,
});

/** The story as the BFF merged it: payment, order, stock, the buyer's email. */
export const ENTRIES = [
  entryData({
    at: '2026-12-06T15:29:58.000Z',
    service: 'payments',
    kind: 'payment.succeeded',
    label: 'Paiement accepté',
    detail: '12,50 €',
  }),
  entryData(),
  entryData({
    at: '2026-12-06T15:30:01.000Z',
    service: 'catalogue',
    kind: 'stock.committed',
    label: 'Portions réservées',
    detail: 'Tarte aux pommes × 2, Cookie × 1',
  }),
  entryData({
    at: '2026-12-06T15:30:05.000Z',
    service: 'notifications',
    kind: 'email.sent',
    label: 'Confirmation envoyée à l’acheteur',
    detail: 'lea@popote.test',
    email_id: 'em-1',
  }),
];

/** A refund. */
export const refundData = (over: Record<string, unknown> = {}) => ({
  __typename: 'SupportRefund',
  order_id: ORDER_ID,
  amount_cents: 650,
  status: 'made',
  origin: 'support',
  operator_id: 'op_1',
  reason: 'Une tarte manquait.',
  refunded_at: '2026-12-07T09:15:00.000Z',
  ...over,
});

/** `supportOrder`'s answer. */
export const storyData = (over: Record<string, unknown> = {}) => ({
  supportOrder: {
    __typename: 'SupportOrderStory',
    order: orderData(),
    entries: ENTRIES,
    missing: [],
    refund: null,
    receipt_number: '2026-000042',
    trace_url: 'http://jaeger.test/trace/4bf92f3577b34da6a3ce929d0e0e4736',
    ...over,
  },
});
