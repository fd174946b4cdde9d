import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { CatalogueEvents, ERASED_NAME, exportPage, newestFirstAfter, newestFirstKey, type PersonalDataExport } from '@popote/contracts';
import { OutboxRelay, recordEvent, type PersonalDataProvider } from '@popote/platform';
import type { Model } from 'mongoose';
import { MealImages } from '../meals/meal-images';
import { toMealDto } from '../meals/meal.mapper';
import { Meal } from '../meals/meal.schema';
import { PickupSettings } from '../slots/slot.schema';
import { StockService } from '../stock/stock.service';

/**
 * A cook's dishes and pick-up rules (their address included) in an export, and their erasure:
 * pictures removed from storage, texts blanked, the pick-up rules deleted.
 */
@Injectable()
export class CataloguePersonalData implements PersonalDataProvider {
  constructor(
    @InjectModel(Meal.name) private readonly meals: Model<Meal>,
    @InjectModel(PickupSettings.name) private readonly pickup: Model<PickupSettings>,
    private readonly stock: StockService,
    private readonly relay: OutboxRelay,
    private readonly images: MealImages,
  ) {}

  /**
   * The cook's part of an export, page by page (exportPage: one NATS reply stays under its limit
   * however many dishes): the pick-up rules, then the dishes newest first; each page names the
   * pictures of its own dishes.
   */
  async export(cookId: string, cursor: string | null): Promise<PersonalDataExport> {
    const pictures = new Map<string, string>();
    const page = await exportPage(
      [
        { name: 'pickup-settings', whole: () => this.pickup.findById(cookId).lean() },
        {
          name: 'dishes',
          list: async (after, limit) => {
            const docs = await this.meals
              .find({ cook_id: cookId, ...newestFirstAfter('created_at', after) }, { _outbox: 0, search_text: 0 })
              .sort({ created_at: -1, _id: 1 })
              .limit(limit)
              .lean<Meal[]>();
            const portions = await this.stock.portionsOf(docs.map((d) => d._id));
            for (const d of docs) if (d.image_key) pictures.set(d._id, d.image_key);
            return {
              next: docs.length < limit ? null : newestFirstKey(docs.at(-1)!.created_at, docs.at(-1)!._id),
              items: docs.map((d) => ({
                key: newestFirstKey(d.created_at, d._id),
                value: { ...toMealDto(d, portions.get(d._id) ?? 0), deleted_at: d.deleted_at ?? null },
              })),
            };
          },
        },
      ],
      cursor,
    );
    const dishes = (page.sections.dishes ?? []) as { meal_id: string }[];
    return { ...page, media_keys: dishes.flatMap((d) => (pictures.has(d.meal_id) ? [pictures.get(d.meal_id)!] : [])) };
  }

  /**
   * Every dish of the cook: its picture (both variants) deleted from the bucket when the cook sent it
   * and no other cook's dish shows it (MealImages.eraseOf), the dish withdrawn
   * (meal-deleted announced once, so carts drop it) and its texts replaced. Idempotent: a second run
   * finds nothing left to remove and announces nothing again.
   */
  async erase(cookId: string): Promise<void> {
    // No order is in progress (the erasure waited for that): the pick-up address is no longer needed.
    await this.pickup.deleteOne({ _id: cookId });
    const docs = await this.meals.find({ cook_id: cookId }, { _id: 1 }).lean<{ _id: string }[]>();
    for (const { _id } of docs) {
      await this.relay.change(this.meals, _id, async () => {
        const meal = await this.meals.findById(_id);
        if (!meal) return;
        if (meal.image_key) await this.images.eraseOf(cookId, meal.image_key);
        const wasListed = !meal.deleted_at;
        meal.set({
          name: 'Plat supprimé',
          description: 'Plat supprimé',
          cook_name: ERASED_NAME,
          image_key: null,
          ingredients: [],
          cooking_details: '',
          serving_suggestions: '',
          dietary_info: '',
          storage_instructions: '',
          search_text: '',
          // The card's copy of the pick-up commune (read model) goes with the address.
          cook_location: null,
          deleted_at: meal.deleted_at ?? new Date(),
        });
        if (wasListed) recordEvent(meal, CatalogueEvents.mealDeleted, { meal_id: meal._id, cook_id: meal.cook_id });
        await meal.save();
      });
    }
  }
}
