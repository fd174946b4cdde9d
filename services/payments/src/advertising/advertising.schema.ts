import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { ModelStore } from '@popote/platform';

/**
 * A cook's campaign (ADR 0020). Its price per thousand, its day length and each day's share of the
 * budget are fixed when it starts, so a change of the settings never re-prices it. `_id` is chosen
 * before the budget is reserved: a reservation left without its campaign (a crash between the two
 * writes) is given back by the settlement, which first inserts a `failed` tombstone under that id —
 * the insert that loses decides, atomically on FerretDB and MongoDB alike.
 */
@Schema({ collection: 'adCampaigns', versionKey: false })
export class Campaign {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ required: true, index: true }) cook_id!: string;
  @Prop({ required: true, index: true }) meal_id!: string;
  @Prop({ required: true }) meal_name!: string;
  @Prop({ required: true }) budget_cents!: number;
  @Prop({ required: true }) days!: number;
  /** Each campaign day's share of the budget (cents), adding up to the budget. */
  @Prop({ type: [Number], required: true }) daily_budgets!: number[];
  @Prop({ required: true }) cpm_cents!: number;
  @Prop({ required: true }) day_ms!: number;
  @Prop({ required: true }) starts_at!: Date;
  @Prop({ required: true }) ends_at!: Date;
  @Prop({ type: Date, default: null }) stopped_at!: Date | null;
  /** active until closed; then ended or stopped. failed: a tombstone (its reservation was given back). */
  @Prop({ type: String, required: true, index: true }) status!: 'active' | 'stopped' | 'ended' | 'failed';
  /** Closed: every day's spend and the unspent part are in the ledger. */
  @Prop({ default: false, index: true }) settled!: boolean;
  @Prop({ type: Number, default: null }) refunded_cents!: number | null;
  @Prop({ required: true }) created_at!: Date;
}
export const CampaignSchema = SchemaFactory.createForClass(Campaign);

/**
 * One viewer saw a campaign's card on one campaign day: `_id` = `<campaign>:<day>:<viewer key>`, so a
 * second display of the day is a duplicate key (counted once, on every replica). The viewer key is a
 * hash, salted per campaign day, of a signed-in user's id or of a visitor's address and browser; no
 * id is stored beside it, and once the day's salt is deleted the key links to nobody.
 */
@Schema({ collection: 'adDisplays', versionKey: false })
export class AdDisplay {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ required: true, index: true }) campaign_id!: string;
  @Prop({ required: true }) day!: number;
  @Prop({ required: true }) created_at!: Date;
}
export const AdDisplaySchema = SchemaFactory.createForClass(AdDisplay);
AdDisplaySchema.index({ campaign_id: 1, day: 1 });

/**
 * One of the ADS.perNetworkPerDay places of a network on a campaign day, taken by a signed-in
 * viewer's first display (or click) of the day: `_id` = `<campaign>:<day>:<kind>:<network key>:<n>`,
 * n < the cap, so the places are taken once each, on every replica. Deleted with the day's displays.
 */
@Schema({ collection: 'adNetworkPlaces', versionKey: false })
export class AdNetworkPlace {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ required: true, index: true }) campaign_id!: string;
  @Prop({ required: true }) day!: number;
  @Prop({ required: true }) created_at!: Date;
}
export const AdNetworkPlaceSchema = SchemaFactory.createForClass(AdNetworkPlace);

/**
 * A click on a campaign's card, once per viewer per campaign day (same key as the displays). A
 * signed-in buyer's id is kept 7 days (the attribution window), then set to null by the settlement.
 */
@Schema({ collection: 'adClicks', versionKey: false })
export class AdClick {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ required: true, index: true }) campaign_id!: string;
  @Prop({ required: true }) meal_id!: string;
  @Prop({ required: true }) day!: number;
  @Prop({ type: String, default: null, index: true }) user_id!: string | null;
  @Prop({ required: true }) created_at!: Date;
}
export const AdClickSchema = SchemaFactory.createForClass(AdClick);

/** An order whose buyer had clicked the campaign's card within 7 days before: `_id` = `<campaign>:<order>`. */
@Schema({ collection: 'adConversions', versionKey: false })
export class AdConversion {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ required: true, index: true }) campaign_id!: string;
  @Prop({ required: true }) order_id!: string;
  @Prop({ required: true }) created_at!: Date;
}
export const AdConversionSchema = SchemaFactory.createForClass(AdConversion);

/** The random salt of one campaign day for visitors' keys (`_id` = `<campaign>:<day>`), dropped once the day is closed. */
@Schema({ collection: 'adSalts', versionKey: false })
export class AdSalt {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ required: true }) salt!: string;
  @Prop({ required: true }) created_at!: Date;
}
export const AdSaltSchema = SchemaFactory.createForClass(AdSalt);

/** The campaigns and their measurement (registered by AdvertisingModule). */
export class AdvertisingStore extends ModelStore({
  campaigns: [Campaign, CampaignSchema],
  adDisplays: [AdDisplay, AdDisplaySchema],
  adClicks: [AdClick, AdClickSchema],
  adConversions: [AdConversion, AdConversionSchema],
  adSalts: [AdSalt, AdSaltSchema],
  adNetworkPlaces: [AdNetworkPlace, AdNetworkPlaceSchema],
}) {}
