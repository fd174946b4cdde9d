import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { CookLocation, PickupAddress, PickupWindow } from '@popote/contracts';
import { outboxPlugin, type OutboxEntry } from '@popote/platform';

/** A cook's pick-up rules (issue 17): one document per cook, written by the cook only. */
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
}
export const PickupSettingsSchema = SchemaFactory.createForClass(PickupSettings);

export interface SlotHoldEntry {
  hold_id: string;
  amount: number;
  expires_at: Date;
}

/**
 * The places taken in one slot of one cook (ADR 0008). Like the stock, its only writer is the worker
 * of the cook's partition; `seq` is the stream sequence of the last event applied (a redelivered
 * event recognises its own write). Holds past `expires_at` no longer count and are pruned on write.
 */
@Schema({ collection: 'slotLoads', versionKey: false })
export class SlotLoad {
  @Prop({ type: String, required: true }) _id!: string; // `${cook_id}|${start}`
  @Prop({ required: true, index: true }) cook_id!: string;
  @Prop({ required: true }) start!: Date;
  @Prop({ required: true, default: 0 }) committed!: number;
  @Prop({ type: [Object], default: [] }) holds!: SlotHoldEntry[];
  @Prop({ required: true, default: 0 }) seq!: number;
}
export const SlotLoadSchema = SchemaFactory.createForClass(SlotLoad);

export type SlotHoldState = 'requested' | 'held' | 'refused' | 'released' | 'committed' | 'freed';

/**
 * One cook's slot for one checkout: its id is the order id the checkout will give that cook
 * (`orderIdOf(checkout, cook)`), so the order-placed and order-cancelled of that order find it.
 * Its outbox carries the hold and release requests to the cook's partition.
 */
@Schema({ collection: 'slotHolds', versionKey: false, timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' } })
export class SlotHold {
  @Prop({ type: String, required: true }) _id!: string; // order id
  @Prop({ required: true }) checkout_id!: string;
  @Prop({ required: true }) cook_id!: string;
  @Prop({ required: true }) start!: Date;
  @Prop({ required: true }) end!: Date;
  @Prop({ required: true }) amount!: number;
  @Prop({ required: true }) expires_at!: Date;
  @Prop({ type: String, required: true }) state!: SlotHoldState;
  /** The cook's last request to move this order's slot, and its outcome (the worker's answer). */
  @Prop({ type: Object, default: null }) move!: { request_id: string; result: 'requested' | 'moved' | 'refused' } | null;
  /**
   * The buyer's last request to change this hold's slot before paying, and its outcome: the worker
   * answers 'changed' or 'refused'; a requester that gave up marks it 'abandoned' (the worker then
   * skips it). Both write under the document's lease, so exactly one of them decides.
   */
  @Prop({ type: Object, default: null }) change!: {
    request_id: string;
    result: 'requested' | 'changed' | 'refused' | 'abandoned';
  } | null;
  _outbox!: OutboxEntry[];
  _outbox_pending!: boolean;
}
export const SlotHoldSchema = SchemaFactory.createForClass(SlotHold).plugin(outboxPlugin);

export const loadIdOf = (cookId: string, startKey: string) => `${cookId}|${startKey}`;
