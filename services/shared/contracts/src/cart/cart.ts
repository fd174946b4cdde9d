import { z } from 'zod';
import { actorSchema, defineRpc } from '../shared/envelope';
import { mealSchema } from '../catalogue/catalogue';

export const CART_MESSAGES = {
  signInToAdd: 'Veuillez vous connecter pour ajouter des articles au panier',
  mealGone: "Ce plat n'est plus disponible",
  insufficient: (n: number) => `Stock insuffisant. Il ne reste que ${n} portion(s)`,
  soldOut: 'Stock insuffisant',
  empty: 'Votre panier est vide',
  insufficientFor: (name: string) => `Stock insuffisant pour ${name}`,
  signInToContinue: 'Veuillez vous connecter pour continuer',
  tooManyLines: (n: number) => `Votre panier contient déjà ${n} plats différents : validez-le avant d’en ajouter d’autres`,
  ownMeal: 'Vous ne pouvez pas commander vos propres plats',
} as const;

export const cartLineSchema = z.object({
  cart_item_id: z.string(),
  meal_id: z.string(),
  quantity: z.number().int().positive(),
  added_at: z.string(),
  updated_at: z.string(),
  /** The meal as the catalogue has it now (current price and stock). */
  meal: mealSchema,
  line_total_cents: z.number().int(),
});
export const cartSchema = z.object({
  cart_id: z.string().nullable(),
  items: z.array(cartLineSchema),
  item_count: z.number().int(),
  subtotal_cents: z.number().int(),
  /** Pick-up only, no fee: total = subtotal. */
  total_cents: z.number().int(),
});
export type CartDto = z.infer<typeof cartSchema>;

const qty = z.number().int().max(1000);
export const CartRpc = {
  getCart: defineRpc('rpc.cart.get-cart', z.object({ actor: actorSchema }), cartSchema, { callers: ['bff'] }),
  addItem: defineRpc('rpc.cart.add-item', z.object({ actor: actorSchema, meal_id: z.string().min(1), quantity: qty.min(1) }), cartSchema, {
    callers: ['bff'],
  }),
  setQuantity: defineRpc('rpc.cart.set-quantity', z.object({ actor: actorSchema, meal_id: z.string().min(1), quantity: qty }), cartSchema, {
    callers: ['bff'],
  }),
  removeItem: defineRpc('rpc.cart.remove-item', z.object({ actor: actorSchema, meal_id: z.string().min(1) }), cartSchema, {
    callers: ['bff'],
  }),
  clear: defineRpc('rpc.cart.clear', z.object({ actor: actorSchema }), cartSchema, { callers: ['bff'] }),
  /** The checks of "Procéder au paiement": signed in, not empty, every line within stock. */
  checkout: defineRpc('rpc.cart.checkout', z.object({ actor: actorSchema }), cartSchema, { callers: ['bff'] }),
  /**
   * Internal (payments): the cart's lines as stored (meal, quantity), refused in French when empty.
   * The catalogue's reservation checks and prices them: nothing here asks the catalogue.
   */
  lines: defineRpc(
    'rpc.cart.lines',
    z.object({ actor: actorSchema }),
    z.object({ lines: z.array(z.object({ meal_id: z.string(), quantity: z.number().int().positive() })) }),
    { callers: ['payments'] },
  ),
} as const;
