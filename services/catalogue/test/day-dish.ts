import type { CreateMealInput } from '@popote/contracts';
import { parisDayStart } from '../src/meals/search';

/** A plain dish of the day, available tomorrow at noon (Paris), with `portions` portions. */
export const dayDish = (name: string, portions: number): CreateMealInput => ({
  name,
  description: 'Un plat du jour.',
  price_cents: 1200,
  portions_available: portions,
  ingredients: ['Carotte'],
  allergens: [],
  category: 'french',
  preparation_time: 30,
  available_date: new Date(parisDayStart(new Date(), 1).getTime() + 12 * 3600_000).toISOString(),
  cooking_details: '',
  serving_suggestions: '',
  dietary_info: '',
  storage_instructions: '',
});
