import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { CookLocation, DeliverySettings, FulfilmentMode, PickupAddress, PickupWindow } from '@popote/contracts';
import { outboxPlugin, type OutboxEntry } from '@popote/platform';

/**
 * A cook's pick-up rules: one document per cook, written by the cook only (under its lock), with the
 * outbox of the events a save announces (pickup-slots-opened).
 */
@Schema({ collection: 'pickupSettings', versionKey: false, timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' } })
export class PickupSettings {
  @Prop({ type: String, required: true }) _id!: string; // cook id
  @Prop({ type: [Object], default: [] }) windows!: PickupWindow[];
  @Prop({ type: [String], default: [] }) days_off!: string[];
  /** Personal data: shown to a buyer only once their order is confirmed. */
  @Prop({ type: Object, default: null }) address!: PickupAddress | null;
  /** Public: the commune of the address and its centre (ADR 0010), what distances are computed from. */
  @Prop({ type: Object, default: null }) location!: CookLocation | null;
  @Prop({ required: true }) cutoff_minutes!: number;
  @Prop({ required: true }) slot_minutes!: number;
  @Prop({ required: true }) capacity!: number;
  @Prop({ type: String, required: true }) capacity_unit!: 'orders' | 'portions';
  /** Delivery by the cook (ADR 0044): its own windows, slots, cutoff and capacity, radius and fee; null: never set. */
  @Prop({ type: Object, default: null }) delivery!: DeliverySettings | null;
  _outbox!: OutboxEntry[];
  _outbox_pending!: boolean;
}
export const PickupSettingsSchema = SchemaFactory.createForClass(PickupSettings).plugin(outboxPlugin);

export interface SlotHoldEntry {
  hold_id: string;
  amount: number;
  expires_at: Date;
}

/**
 * The places taken in one slot of one cook (ADR 0008, held as in ADR 0024). Like the stock, every writer holds the cook's
 * lock (reservations at checkout, the cook's partition worker); `seq` is the stream sequence of the
 * last event applied (a redelivered event recognises its own write), `v` counts writes (each one is
 * conditional on it). Holds past `expires_at` no longer count and are pruned on write.
 */
@Schema({ collection: 'slotLoads', versionKey: false })
export class SlotLoad {
  @Prop({ type: String, required: true }) _id!: string; // `${cook_id}|${start}`
  @Prop({ required: true, index: true }) cook_id!: string;
  @Prop({ required: true }) start!: Date;
  /** Delivery places (ADR 0044) have their own documents; absent: pick-up. */
  @Prop({ type: String }) mode?: FulfilmentMode;
  @Prop({ required: true, default: 0 }) committed!: number;
  @Prop({ type: [Object], default: [] }) holds!: SlotHoldEntry[];
  @Prop({ required: true, default: 0 }) seq!: number;
  @Prop({ required: true, default: 0 }) v!: number;
}
export const SlotLoadSchema = SchemaFactory.createForClass(SlotLoad);

/**
 * `held`: reserved until `expires_at`; `released`: given back (payment failed, checkout replaced,
 * expired — swept); `committed`: the order took it; `freed`: the order was cancelled.
 * (`requested`, `refused`: states of the event-driven holds before docs/checkout.md, read as released.)
 */
export type SlotHoldState = 'requested' | 'held' | 'refused' | 'released' | 'committed' | 'freed';

/**
 * One cook's reservation for one checkout (docs/checkout.md): the lines' portions and the slot's
 * place. Its id is the order id the checkout will give that cook (`orderIdOf(checkout, cook)`), so
 * the order-placed and order-cancelled of that order find it. Written under the cook's lock only.
 */
@Schema({ collection: 'slotHolds', versionKey: false, timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' } })
export class SlotHold {
  @Prop({ type: String, required: true }) _id!: string; // order id
  @Prop({ required: true }) checkout_id!: string;
  @Prop({ required: true }) cook_id!: string;
  @Prop({ required: true }) start!: Date;
  @Prop({ required: true }) end!: Date;
  @Prop({ required: true }) amount!: number;
  /** A delivery's place (ADR 0044) and its fee as reserved; absent: a pick-up. */
  @Prop({ type: String }) mode?: FulfilmentMode;
  @Prop({ type: Number }) fee_cents?: number;
  @Prop({ required: true }) expires_at!: Date;
  @Prop({ type: String, required: true }) state!: SlotHoldState;
  /** The portions reserved with the place (empty on holds made before reservations). */
  @Prop({ type: [Object], default: [] }) lines!: { meal_id: string; quantity: number }[];
  /** The cook's last request to move this order's slot, and its outcome (the worker's answer). */
  @Prop({ type: Object, default: null }) move!: { request_id: string; result: 'requested' | 'moved' | 'refused' } | null;
}
export const SlotHoldSchema = SchemaFactory.createForClass(SlotHold);
SlotHoldSchema.index({ state: 1, expires_at: 1 });

/** A slot's places: `cook|start` for pick-up (as before delivery existed), `cook|livraison|start` for delivery (ADR 0044). */
export const loadIdOf = (cookId: string, startKey: string, mode: FulfilmentMode = 'pickup') =>
  mode === 'delivery' ? `${cookId}|livraison|${startKey}` : `${cookId}|${startKey}`;
