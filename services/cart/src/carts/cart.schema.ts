import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

@Schema({ collection: 'carts', versionKey: false, timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' } })
export class Cart {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ required: true, unique: true }) user_id!: string;
  /** Orders whose bought lines already left this cart (applying an order-placed twice is a no-op). */
  @Prop({ type: [String], default: [] }) applied_orders!: string[];
  created_at!: Date;
  updated_at!: Date;
}
export const CartSchema = SchemaFactory.createForClass(Cart);

@Schema({ collection: 'cartItems', versionKey: false, timestamps: { createdAt: 'added_at', updatedAt: 'updated_at' } })
export class CartItem {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ required: true, index: true }) cart_id!: string;
  @Prop({ required: true, index: true }) meal_id!: string;
  @Prop({ required: true, min: 1 }) quantity!: number;
  added_at!: Date;
  updated_at!: Date;
}
export const CartItemSchema = SchemaFactory.createForClass(CartItem);
CartItemSchema.index({ cart_id: 1, meal_id: 1 }, { unique: true });
