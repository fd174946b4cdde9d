import type { CreateMealInput } from '@popote/contracts';

/** A cook's new dish as the form sends it: a gratin for today, 3 portions at 9 €, picture `image_key`; `over`: what a test changes. */
export const gratin = (image_key: string | null, over: Partial<CreateMealInput> = {}): CreateMealInput => ({
  name: 'Gratin',
  description: 'Pommes de terre et crème.',
  price_cents: 900,
  portions_available: 3,
  ingredients: ['Pomme de terre'],
  allergens: [],
  category: 'french',
  preparation_time: 30,
  available_date: new Date().toISOString(),
  image_key,
  cooking_details: '',
  serving_suggestions: '',
  dietary_info: '',
  storage_instructions: '',
  ...over,
});
