// First: zod's CSP-safe setting, before this module builds a schema.
import '../../zod-config';
import type { CreateMealInput, UpdateMealInput } from '@popote/graphql';
import { ALLERGENS, CATEGORIES, INGREDIENTS, MEAL_LIMITS, MEAL_MESSAGES, type Category } from '@popote/rules';
import { frCook } from '@popote/ui/fr-cook';
import { z } from 'zod';

/** The catalogue's texts where it has one (@popote/rules), the form's more precise ones for the rest. */
const t = { ...MEAL_MESSAGES, ...frCook.mealForm.validation };

/** The catalogue's bounds (@popote/rules), checked here first. */
export const NAME_MAX = MEAL_LIMITS.name;
export const TEXT_MAX = MEAL_LIMITS.text;
export const PRICE_MAX_EUROS = MEAL_LIMITS.priceMaxCents / 100;
export const PORTIONS_MAX = MEAL_LIMITS.portionsMax;
export const PREPARATION_MAX = MEAL_LIMITS.preparationMax;

/** Euros typed in the form → integer cents sent to the BFF. */
export function eurosToCents(euros: number): number {
  return Math.round(euros * 100);
}

const isWholeCents = (euros: number) => Math.abs(euros * 100 - Math.round(euros * 100)) < 1e-6;

const name = z.string().trim().min(1, t.nameRequired).max(NAME_MAX, t.nameMax);
const description = z.string().trim().min(1, t.descriptionRequired).max(TEXT_MAX, t.textMax);
// Empty number inputs give NaN (valueAsNumber) or undefined (untouched): both read "required".
const price = z.number({ error: t.priceRequired }).min(0, t.priceMin).max(PRICE_MAX_EUROS, t.priceMax).refine(isWholeCents, t.priceStep);
const portions = (min: 0 | 1) =>
  z
    .number({ error: t.portionsRequired })
    .int(t.portionsInteger)
    .min(min, min === 1 ? t.portionsMinCreate : t.portionsMinEdit)
    .max(PORTIONS_MAX, t.portionsMax);
const optionalText = z.string().trim().max(TEXT_MAX, t.textMax);
const imageKey = z.string().nullable();

/** Every main field required, 1 to 40 ingredients of the 44, allergens among the 14. */
export const createMealSchema = z.object({
  image_key: imageKey,
  name,
  description,
  price,
  portions_available: portions(1),
  ingredients: z.array(z.enum(INGREDIENTS)).min(1, t.ingredientsMin).max(MEAL_LIMITS.ingredientsMax, t.ingredientsMax),
  category: z.string().refine((value): value is Category => (CATEGORIES as readonly string[]).includes(value), t.categoryRequired),
  preparation_time: z
    .number({ error: t.preparationRequired })
    .int(t.preparationInteger)
    .min(1, t.preparationMin)
    .max(PREPARATION_MAX, t.preparationMax),
  // The datetime-local input's value ("2026-11-25T12:00", the cook's local time).
  available_date: z
    .string()
    .min(1, t.dateRequired)
    .refine((value) => !Number.isNaN(new Date(value).getTime()), t.dateRequired),
  allergens: z.array(z.enum(ALLERGENS)),
  cooking_details: optionalText,
  serving_suggestions: optionalText,
  dietary_info: optionalText,
  storage_instructions: optionalText,
});
export type CreateMealValues = z.input<typeof createMealSchema>;
export type CreateMealParsed = z.output<typeof createMealSchema>;

export function toCreateMealInput(values: CreateMealParsed): CreateMealInput {
  return {
    name: values.name,
    description: values.description,
    price_cents: eurosToCents(values.price),
    portions_available: values.portions_available,
    ingredients: values.ingredients,
    allergens: values.allergens,
    category: values.category,
    preparation_time: values.preparation_time,
    available_date: new Date(values.available_date).toISOString(),
    image_key: values.image_key,
    cooking_details: values.cooking_details,
    serving_suggestions: values.serving_suggestions,
    dietary_info: values.dietary_info,
    storage_instructions: values.storage_instructions,
  };
}

/** Photo, name, description, price (≥ 0), portions (≥ 0). */
export const editMealSchema = z.object({
  image_key: imageKey,
  name,
  description,
  price,
  portions_available: portions(0),
});
export type EditMealValues = z.input<typeof editMealSchema>;
export type EditMealParsed = z.output<typeof editMealSchema>;

/** `portionsSeen`: the portions the form loaded; the server applies the change relative to it. */
export function toUpdateMealInput(values: EditMealParsed, portionsSeen: number): UpdateMealInput {
  return {
    name: values.name,
    description: values.description,
    price_cents: eurosToCents(values.price),
    portions_available: values.portions_available,
    portions_seen: portionsSeen,
    // Absent: the picture stays as it is.
    ...(values.image_key ? { image_key: values.image_key } : {}),
  };
}

/**
 * The BFF names fields after its input (`price_cents`, `image_key`...); the form
 * after what the cook types. Returns the form's field for a server field.
 */
export function formFieldOf(serverField: string): string {
  const root = serverField.split(/[.[]/)[0] ?? serverField;
  return root === 'price_cents' ? 'price' : root;
}
