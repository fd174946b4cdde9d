import { ModelStore } from '@popote/platform';
import { Meal, MealSchema, Stock, StockApplication, StockApplicationSchema, StockSchema } from './meals/meal.schema';
import { PickupSettings, PickupSettingsSchema, SlotHold, SlotHoldSchema, SlotLoad, SlotLoadSchema } from './slots/slot.schema';

/** The catalogue's collections (registered by MealsModule), injected as one store where several are used. */
export class CatalogueStore extends ModelStore({
  meals: [Meal, MealSchema],
  stock: [Stock, StockSchema],
  stockApplications: [StockApplication, StockApplicationSchema],
  pickupSettings: [PickupSettings, PickupSettingsSchema],
  slotLoads: [SlotLoad, SlotLoadSchema],
  slotHolds: [SlotHold, SlotHoldSchema],
}) {}
