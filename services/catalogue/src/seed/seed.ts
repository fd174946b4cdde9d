import { assertDemoDataAllowed, cardKey, isDuplicateKey, MediaStorage, putMealImage } from '@popote/platform';
import mongoose from 'mongoose';
import { catalogueConfig } from '../config';
import { Meal, MealSchema } from '../meals/meal.schema';
import { DEMO_MEALS, DEMO_PICKUP } from './demo-data';
import { plateImage } from './plate-image';
import { searchTextOf } from '../meals/search';
import { resolvePickupAddress } from '../geo/location';

/**
 * Demo data: a few cooks' meals with pictures in MinIO. Idempotent: existing meals are left as they
 * are (their stock may have moved), missing ones and missing pictures are added.
 */
export async function seedCatalogue(env: NodeJS.ProcessEnv = process.env): Promise<number> {
  assertDemoDataAllowed(env);
  const config = catalogueConfig(env);
  const conn = await mongoose.createConnection(config.MONGO_URL, { dbName: config.MONGO_DB }).asPromise();
  const media = new MediaStorage(config);
  try {
    const meals = conn.model(Meal.name, MealSchema);
    const base = Date.now() - DEMO_MEALS.length * 60_000;
    // The demo cooks' pick-up places (their commune is copied onto their cards: the read model).
    const places = new Map(
      await Promise.all(
        Object.entries(DEMO_PICKUP).map(
          async ([cookId, rules]) => [cookId, rules.address ? await resolvePickupAddress(rules.address) : null] as const,
        ),
      ),
    );
    let created = 0;
    for (const [i, m] of DEMO_MEALS.entries()) {
      const key = `meals/demo_${m.id}.jpg`;
      // Recorded as the demo cook's upload, like a cook's own picture (a picture stored by an older
      // seed, without its uploader, is stored again with it).
      const stored = await Promise.all([media.stat(key), media.stat(cardKey(key))]);
      if (stored.some((s) => s?.meta.uploader !== m.cook.id))
        await putMealImage(media, key, await plateImage(m.id, m.palette), { uploader: m.cook.id });
      const at = new Date(base + i * 60_000);
      if (await meals.exists({ _id: m.id })) continue;
      // The meal's stock (its own collection, ADR 0004), created before the meal can be ordered.
      await conn
        .collection('stock')
        .updateOne(
          { _id: m.id as never },
          { $setOnInsert: { cook_id: m.cook.id, portions: m.portions, seq: 0, op: 'create' } },
          { upsert: true },
        );
      try {
        // insertOne, not an upsert with $setOnInsert: FerretDB drops empty arrays from $setOnInsert.
        await meals.collection.insertOne({
          _id: m.id as never,
          cook_id: m.cook.id,
          cook_name: m.cook.name,
          name: m.name,
          description: m.description,
          price_cents: m.price_cents,
          ingredients: m.ingredients,
          allergens: m.allergens,
          category: m.category,
          preparation_time: m.preparation_time,
          available_date: new Date(Date.now() + 86_400_000),
          image_key: key,
          cooking_details: m.cooking_details ?? '',
          serving_suggestions: m.serving_suggestions ?? '',
          dietary_info: m.dietary_info ?? '',
          storage_instructions: m.storage_instructions ?? '',
          search_text: searchTextOf({ name: m.name, description: m.description, ingredients: m.ingredients }),
          rating_average: 0,
          rating_count: 0,
          // The card's read model (ADR 0016): the stock document's portions, the cook's commune.
          portions: m.portions,
          portions_seq: 0,
          cook_location: places.get(m.cook.id)?.location ?? null,
          deleted_at: null,
          created_at: at,
          updated_at: at,
          _outbox: [],
          _outbox_pending: false,
        });
        created++;
      } catch (err) {
        if (!isDuplicateKey(err)) throw err; // seeded concurrently: fine
      }
    }
    // The demo cooks' pick-up windows: added when missing, never overwritten — except that
    // a demo cook seeded before communes existed (no `location`) gets the demo address and its commune.
    const settings = conn.collection('pickupSettings');
    for (const [cookId, rules] of Object.entries(DEMO_PICKUP)) {
      const place = places.get(cookId) ?? null;
      const existing = await settings.findOne({ _id: cookId as never });
      if (existing) {
        if (!('location' in existing) && place)
          await settings.updateOne(
            { _id: cookId as never, location: { $exists: false } },
            { $set: { address: place.address, location: place.location } },
          );
        continue;
      }
      await settings
        .insertOne({ _id: cookId as never, ...rules, address: place?.address ?? null, location: place?.location ?? null })
        .catch((err: unknown) => {
          if (!isDuplicateKey(err)) throw err;
        });
    }
    return created;
  } finally {
    await conn.close();
  }
}

if (require.main === module) {
  seedCatalogue()
    .then((n) => console.log(JSON.stringify({ msg: 'catalogue seeded', created: n, total: DEMO_MEALS.length })))
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
