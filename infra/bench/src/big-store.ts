import { MongoClient } from 'mongodb';

/**
 * Fills the store as months of use would (the cost must not grow with the data): `orders`
 * delivered orders with their checkouts and receipts, and `meals` other cooks' dishes with their
 * stock, written straight into the services' databases (the same documents the services write, so
 * every collection on the checkout's path is as large as it would be). Other cooks and buyers than
 * the bench's own, so the measured checkouts meet them only as data.
 */
export async function fillStore(mongoUrl: string, counts: { orders: number; meals: number }): Promise<{ seconds: number }> {
  const started = Date.now();
  const client = await MongoClient.connect(mongoUrl);
  try {
    const day = 86_400_000;
    const tag = Date.now().toString(36);
    const cookOf = (i: number) => `filler-cook-${tag}-${i % 500}`;
    const batch = async (db: string, collection: string, total: number, make: (i: number) => Record<string, unknown>) => {
      const docs = client.db(db).collection<Record<string, unknown>>(collection);
      for (let i = 0; i < total; i += 1000)
        await docs.insertMany(Array.from({ length: Math.min(1000, total - i) }, (_, j) => make(i + j)) as never[], { ordered: false });
    };
    await batch('popote_catalogue', 'meals', counts.meals, (i) => ({
      _id: `filler-meal-${tag}-${i}`,
      cook_id: cookOf(i),
      cook_name: `Cuisinier ${i % 500}`,
      name: `Plat de remplissage ${i}`,
      description: 'Un plat parmi des milliers',
      price_cents: 800 + (i % 900),
      ingredients: ['Riz'],
      allergens: [],
      category: 'healthy',
      preparation_time: 20,
      available_date: new Date(Date.now() - (i % 60) * day),
      image_key: null,
      cooking_details: '',
      serving_suggestions: '',
      dietary_info: '',
      storage_instructions: '',
      rating_average: 0,
      rating_count: 0,
      rating_seq: 0,
      search_text: `plat de remplissage ${i}`,
      portions: i % 7,
      portions_seq: 0,
      portions_v: 0,
      cook_location: null,
      deleted_at: null,
      created_at: new Date(Date.now() - (i % 365) * day),
      updated_at: new Date(Date.now() - (i % 365) * day),
      _outbox: [],
      _outbox_pending: false,
    }));
    await batch('popote_catalogue', 'stock', counts.meals, (i) => ({
      _id: `filler-meal-${tag}-${i}`,
      cook_id: cookOf(i),
      portions: i % 7,
      seq: 0,
      op: 'create',
      holds: [],
      v: 0,
    }));
    const orderId = (i: number) => `filler-order-${tag}-${i}`;
    const checkoutId = (i: number) => `filler-checkout-${tag}-${i}`;
    const buyerOf = (i: number) => `filler-buyer-${tag}-${i % 5000}`;
    const when = (i: number) => new Date(Date.now() - (i % 365) * day);
    await batch('popote_ordering', 'orders', counts.orders, (i) => ({
      _id: orderId(i),
      checkout_id: checkoutId(i),
      consumer_id: buyerOf(i),
      consumer_name: 'Client',
      cook_id: cookOf(i),
      cook_name: `Cuisinier ${i % 500}`,
      total_cents: 1200,
      order_status: 'delivered',
      delivery_option: 'pickup',
      items: [
        {
          order_item_id: `${orderId(i)}-1`,
          meal_id: `filler-meal-${tag}-${i % Math.max(1, counts.meals)}`,
          name: 'Plat',
          quantity: 1,
          price_cents: 1200,
        },
      ],
      pickup_start: when(i),
      pickup_end: when(i),
      reminder_sent_at: when(i),
      cancel_reason: null,
      review_rating: null,
      stock_status: 'committed',
      created_at: when(i),
      updated_at: when(i),
      _outbox: [],
      _outbox_pending: false,
    }));
    await batch('popote_payments', 'checkouts', counts.orders, (i) => ({
      _id: checkoutId(i),
      consumer_id: buyerOf(i),
      consumer_name: 'Client',
      status: 'succeeded',
      amount_cents: 1200,
      lines: [{ meal_id: 'x', cook_id: cookOf(i), cook_name: 'Cuisinier', name: 'Plat', unit_price_cents: 1200, quantity: 1 }],
      slots: [],
      reserved_until: null,
      provider: 'sandbox',
      payment_intent_id: `pi_filler_${tag}_${i}`,
      client_secret: null,
      last_error: null,
      commission_bp: 1500,
      reconciled_at: when(i),
      reconcile_next_at: null,
      reconcile_checks: 1,
      created_at: when(i),
      updated_at: when(i),
      _outbox: [],
      _outbox_pending: false,
    }));
    await batch('popote_payments', 'receipts', counts.orders, (i) => ({
      _id: orderId(i),
      cook_id: cookOf(i),
      number: Math.floor(i / 500) + 1,
      consumer_id: buyerOf(i),
      checkout_id: checkoutId(i),
      cook_name: 'Cuisinier',
      lines: [{ name: 'Plat', quantity: 1, unit_price_cents: 1200 }],
      total_cents: 1200,
      commission_bp: 1500,
      commission_cents: 180,
      cook_cents: 1020,
      issued_at: when(i),
      pickup_start: null,
      pickup_end: null,
      cook_legal: null,
    }));
  } finally {
    await client.close();
  }
  return { seconds: +((Date.now() - started) / 1000).toFixed(1) };
}
