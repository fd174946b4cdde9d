import { Injectable } from '@nestjs/common';
import { CatalogueEvents, ERASED_NAME, exportPage, type PersonalDataExport } from '@popote/contracts';
import { newestFirstSection, OutboxRelay, recordEvent, type PersonalDataProvider } from '@popote/platform';
import { MealImages } from '../meals/meal-images';
import { toMealDto } from '../meals/meal.mapper';
import { StockService } from '../stock/stock.service';
import { CatalogueStore } from '../store';

/**
 * A cook's dishes and pick-up rules (their address included) in an export, and their erasure:
 * pictures removed from storage, texts blanked, the pick-up rules deleted.
 */
@Injectable()
export class CataloguePersonalData implements PersonalDataProvider {
  constructor(
    private readonly store: CatalogueStore,
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
        { name: 'pickup-settings', whole: () => this.store.pickupSettings.findById(cookId, { _outbox: 0, _outbox_pending: 0 }).lean() },
        newestFirstSection(
          this.store.meals,
          'dishes',
          { cook_id: cookId },
          {
            projection: { _outbox: 0, search_text: 0 },
            show: async (docs) => {
              const portions = await this.stock.portionsOf(docs.map((d) => d._id));
              for (const d of docs) if (d.image_key) pictures.set(d._id, d.image_key);
              return docs.map((d) => ({ ...toMealDto(d, portions.get(d._id) ?? 0), deleted_at: d.deleted_at ?? null }));
            },
          },
        ),
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
    await this.relay.change(this.store.pickupSettings, cookId, () => this.store.pickupSettings.deleteOne({ _id: cookId }));
    const docs = await this.store.meals.find({ cook_id: cookId }, { _id: 1 }).lean<{ _id: string }[]>();
    for (const { _id } of docs) {
      await this.relay.change(this.store.meals, _id, async () => {
        const meal = await this.store.meals.findById(_id);
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
