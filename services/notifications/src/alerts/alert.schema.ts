import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { AlertKind } from '@popote/contracts';

/**
 * A push: `sending` (stored with its job on the work queue, claimed until `lease_until`: queued
 * again by the sweep after that) → `sent`; a push service that fails for now (5xx, 429, no answer) → `retry` until `next_attempt_at`, then
 * `sending` again, `failed` after PUSH_MAX_ATTEMPTS; the device gone (404/410, or unsubscribed
 * meanwhile) → `dropped`.
 * An email line: `waiting` for the buyer's next digest → `digested` (`digest_id`), or `dropped`
 * (that kind's emails turned off meanwhile, the account gone).
 */
export type AlertStatus = 'sending' | 'retry' | 'sent' | 'failed' | 'dropped' | 'waiting' | 'digested';

/**
 * One alert to one person on one channel (docs/alerts.md). Its `_id` is derived from its cause —
 * `<event id>|<user>|email` or `<event id>|<user>|push|<device>`; a dish back in stock:
 * `<meal>|<user>|<Paris day>|email` / `…|push|<device>` — so a redelivered event, or two replicas
 * working on one, queue it once (a duplicate key).
 */
@Schema({ collection: 'alerts', versionKey: false, timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' } })
export class Alert {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ required: true, index: true }) user_id!: string;
  @Prop({ type: String, required: true }) kind!: AlertKind;
  @Prop({ type: String, required: true }) channel!: 'email' | 'push';
  /** The device a push goes to (pushSubscriptions `_id`); null for an email line. */
  @Prop({ type: String, default: null }) device_id!: string | null;
  @Prop({ type: String, required: true, index: true }) status!: AlertStatus;
  /** The id of the event that caused it. */
  @Prop({ required: true }) cause!: string;
  /** What it is about: the dish, the cook (new slots) or the order. */
  @Prop({ required: true, index: true }) about!: string;
  /** The notification (French): its title and text, the page it opens (a path of the site), its tag on the device. */
  @Prop({ required: true }) title!: string;
  @Prop({ required: true }) body!: string;
  @Prop({ required: true }) url!: string;
  @Prop({ required: true }) tag!: string;
  @Prop({ default: 0 }) attempts!: number;
  @Prop({ type: Date, default: null }) next_attempt_at!: Date | null;
  @Prop({ type: Date, default: null }) lease_until!: Date | null;
  @Prop({ type: String, default: null }) last_error!: string | null;
  @Prop({ type: Date, default: null }) sent_at!: Date | null;
  /** The digest email that carried this line. */
  @Prop({ type: String, default: null, index: true }) digest_id!: string | null;
  created_at!: Date;
  updated_at!: Date;
}
export const AlertSchema = SchemaFactory.createForClass(Alert);

/** The notification shown on a device: what the service worker receives (JSON), in French. */
export interface PushPayload {
  title: string;
  body: string;
  /** The page to open on a tap: a path of the site (`/meals/<id>`, `/orders`, `/cook/<id>`, `/cook/dashboard`). */
  url: string;
  /** Notifications with the same tag replace each other on the device (a push sent twice shows once). */
  tag: string;
}

/** An alert as the fan-out builds it, before it is addressed to a person and a channel. */
export interface AlertContent extends PushPayload {
  kind: AlertKind;
  cause: string;
  about: string;
}
