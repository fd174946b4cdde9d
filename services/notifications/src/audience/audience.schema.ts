import { createHash } from 'node:crypto';
import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { AlertPreferences } from '@popote/contracts';

/**
 * Who hears from whom (docs/alerts.md): follows, favourites, the devices that accept pushes and
 * each person's alert preferences. Every `_id` is derived from what it links, so following twice,
 * a favourite tapped on two tabs or a device subscribing again is one document (a duplicate key
 * on FerretDB and MongoDB alike).
 */

/** A buyer follows a cook. `_id` = `<follower id>|<cook id>`. */
@Schema({ collection: 'follows', versionKey: false, timestamps: { createdAt: 'created_at', updatedAt: false } })
export class Follow {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ required: true, index: true }) follower_id!: string;
  @Prop({ required: true, index: true }) cook_id!: string;
  created_at!: Date;
}
export const FollowSchema = SchemaFactory.createForClass(Follow);
export const followId = (followerId: string, cookId: string) => `${followerId}|${cookId}`;

/** A buyer's favourite dish. `_id` = `<user id>|<meal id>`. */
@Schema({ collection: 'favourites', versionKey: false, timestamps: { createdAt: 'created_at', updatedAt: false } })
export class Favourite {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ required: true, index: true }) user_id!: string;
  @Prop({ required: true, index: true }) meal_id!: string;
  created_at!: Date;
}
export const FavouriteSchema = SchemaFactory.createForClass(Favourite);
export const favouriteId = (userId: string, mealId: string) => `${userId}|${mealId}`;

/**
 * One device that accepts the person's pushes (a browser's PushSubscription). `_id` = the SHA-256
 * of the endpoint (base64url): one document per device, whoever subscribes it last owns it (a
 * shared computer signed into another account moves to that account).
 */
@Schema({ collection: 'pushSubscriptions', versionKey: false, timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' } })
export class PushDevice {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ required: true, index: true }) user_id!: string;
  @Prop({ required: true }) endpoint!: string;
  @Prop({ type: Object, required: true }) keys!: { p256dh: string; auth: string };
  @Prop({ type: String, default: null }) user_agent!: string | null;
  @Prop({ type: Date, default: null }) last_success_at!: Date | null;
  created_at!: Date;
  updated_at!: Date;
}
export const PushDeviceSchema = SchemaFactory.createForClass(PushDevice);

/** A person's choices per kind and channel (absent: DEFAULT_ALERT_PREFERENCES). `_id` = user id. */
@Schema({ collection: 'alertPreferences', versionKey: false, timestamps: { createdAt: false, updatedAt: 'updated_at' } })
export class AlertPreferencesDoc {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ type: Object, required: true }) preferences!: AlertPreferences;
  updated_at!: Date;
}
export const AlertPreferencesSchema = SchemaFactory.createForClass(AlertPreferencesDoc);

export const AUDIENCE_MODELS = [
  { name: Follow.name, schema: FollowSchema },
  { name: Favourite.name, schema: FavouriteSchema },
  { name: PushDevice.name, schema: PushDeviceSchema },
  { name: AlertPreferencesDoc.name, schema: AlertPreferencesSchema },
];

/** A device's `_id`: the SHA-256 of its push endpoint, base64url (one document per device). */
export const pushDeviceId = (endpoint: string) => createHash('sha256').update(endpoint).digest('base64url');

/** A duplicate key: the document with that derived `_id` is there already (written by a concurrent call). */
