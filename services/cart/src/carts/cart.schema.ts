import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** One line of a cart: a meal and how many portions. */
export interface CartLine {
  _id: string;
  meal_id: string;
  quantity: number;
  added_at: Date;
  updated_at: Date;
}

/**
 * A user's cart, keyed by the user id (every lookup is by `_id`, which FerretDB and MongoDB both
 * index), with its lines inside (a cart holds a bounded number of meals). `rev` makes each write
 * conditional on the version read (exact on MongoDB; a concurrent writer makes the write a no-op
 * and the change is retried). `recent_orders` remembers the last orders whose bought lines left
 * the cart, bounded (an order event is never redelivered after dozens of later orders).
 */
@Schema({ collection: 'user_carts', versionKey: false, timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' } })
export class Cart {
  @Prop({ type: String, required: true }) _id!: string; // user id
  @Prop({ type: [Object], default: [] }) items!: CartLine[];
  @Prop({ type: [String], default: [] }) recent_orders!: string[];
  @Prop({ default: 0 }) rev!: number;
  created_at!: Date;
  updated_at!: Date;
}
export const CartSchema = SchemaFactory.createForClass(Cart);
// Finding the carts that hold a deleted meal (rare; a scan on FerretDB, an index on MongoDB).
CartSchema.index({ 'items.meal_id': 1 });

/** Lines in a cart at most (distinct meals); recent orders remembered per cart. */
export const MAX_CART_LINES = 50;
export const RECENT_ORDERS = 50;
