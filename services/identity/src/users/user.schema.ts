import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { USER_TYPES, type DeliveryAddress, type PublicSellerDto, type UserType, type VatRegime } from '@popote/contracts';
import { outboxPlugin, type OutboxEntry } from '@popote/platform';

/**
 * A person. The password hash lives in the same document (never selected by default) so that
 * sign-up writes the account and its credential in one atomic write — FerretDB has no transactions.
 */
@Schema({ collection: 'users', versionKey: false, timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' } })
export class User {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ required: true, unique: true }) email!: string;
  @Prop({ required: true }) username!: string;
  /** Case-insensitive uniqueness without collations (FerretDB has none). */
  @Prop({ required: true, unique: true }) username_key!: string;
  @Prop({ required: true }) name!: string;
  @Prop({ required: true }) location!: string;
  @Prop({ default: '' }) bio!: string;
  @Prop({ type: String, default: null }) avatar_url!: string | null;
  @Prop({ type: String, enum: USER_TYPES, required: true }) user_type!: UserType;
  @Prop({ type: [String], default: [] }) specialties!: string[];
  @Prop({ type: [String], default: [] }) dietary_preferences!: string[];
  @Prop({ required: true, select: false }) password_hash!: string;
  /**
   * When the address was confirmed. `null`: not yet. Absent: an account created before
   * verification existed, counted as verified (it has been paying and publishing all along).
   */
  @Prop({ type: Date }) email_verified_at?: Date | null;
  /** Set when the account is erased (GDPR art. 17): the document is an anonymous tombstone of the id. */
  @Prop({ type: Date, default: null }) erased_at!: Date | null;
  created_at!: Date;
  updated_at!: Date;
  _outbox!: OutboxEntry[];
  _outbox_pending!: boolean;
}
export const UserSchema = SchemaFactory.createForClass(User).plugin(outboxPlugin);

@Schema({ collection: 'cookProfiles', versionKey: false, timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' } })
export class CookProfile {
  /** cook_id = the user's id. */
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ default: '' }) bio!: string;
  @Prop({ type: [String], default: [] }) specialties!: string[];
  @Prop({ type: [String], default: [] }) availability_days!: string[];
  @Prop({ type: [String], default: [] }) cooking_styles!: string[];
  @Prop({ default: 0 }) experience_years!: number;
  @Prop({ type: [String], default: [] }) certifications!: string[];
  @Prop({ type: [String], default: [] }) signature_dishes!: string[];
  @Prop({ type: [String], default: [] }) cuisine_types!: string[];
  @Prop({ type: [String], default: [] }) awards!: string[];
  /** Optional, printed on receipts: 14 digits, Luhn-checked. */
  @Prop({ type: String, default: null }) siret!: string | null;
  @Prop({ type: String, default: '' }) vat_regime!: VatRegime;
  @Prop({ default: 0 }) rating_average!: number;
  @Prop({ default: 0 }) total_reviews!: number;
  @Prop({ default: 0, index: true }) rating_sort!: number;
  /** Reviews already counted (each counts once). */
  @Prop({ type: [String], default: [] }) rated_reviews!: string[];
  /** Suspended by a moderation decision (ADR 0042): may not put a dish on sale until an appeal reverses it. */
  @Prop({ type: Date, default: null }) suspended_at!: Date | null;
  @Prop({ type: String, default: null }) suspended_by_decision!: string | null;
  /**
   * A copy of the cook's trader verification (traders/, the source): verified, and what the public
   * page shows of the seller then. Written with the file, under its lease; cleared when the details
   * change (they are verified again). The cook's page reads it with the profile, no other read.
   */
  @Prop({ type: Boolean, default: false }) verified_seller!: boolean;
  @Prop({ type: Object, default: null }) seller!: PublicSellerDto | null;
}
export const CookProfileSchema = SchemaFactory.createForClass(CookProfile);

/**
 * Personal data: the delivery address a buyer last used (ADR 0044), offered at their next checkout;
 * exported, and deleted with the account. Its own small document (`_id` = user id), written by one
 * upsert: no lease, no rewrite of the account's document on each checkout.
 */
@Schema({ collection: 'deliveryAddresses', versionKey: false, timestamps: { createdAt: false, updatedAt: 'updated_at' } })
export class SavedDeliveryAddress {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ type: Object, required: true }) address!: DeliveryAddress;
  updated_at!: Date;
}
export const SavedDeliveryAddressSchema = SchemaFactory.createForClass(SavedDeliveryAddress);

/** A refresh token. The token is `<_id>.<secret>`; only the secret's hash is stored. */
@Schema({ collection: 'sessions', versionKey: false })
export class Session {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ required: true, index: true }) family_id!: string;
  @Prop({ required: true, index: true }) user_id!: string;
  @Prop({ required: true }) secret_hash!: string;
  @Prop({ required: true }) expires_at!: Date;
  @Prop({ type: Date, default: null }) used_at!: Date | null;
  @Prop({ type: Date, default: null }) revoked_at!: Date | null;
  @Prop({ required: true }) created_at!: Date;
}
export const SessionSchema = SchemaFactory.createForClass(Session);

/** Failed sign-in counters per account and per client address, over a fixed window. */
@Schema({ collection: 'loginAttempts', versionKey: false })
export class LoginAttempt {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ required: true }) failures!: number;
  @Prop({ required: true }) window_ends_at!: Date;
}
export const LoginAttemptSchema = SchemaFactory.createForClass(LoginAttempt);

export const ACCOUNT_TOKEN_PURPOSES = ['verify', 'reset', 'email-change'] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

/**
 * A link sent by email (verification, password reset, email change). The link carries a random
 * token; only its sha256 is stored here, with what it is for and until when.
 */
@Schema({ collection: 'accountTokens', versionKey: false })
export class AccountToken {
  /** sha256(token), hex. */
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ type: String, enum: ACCOUNT_TOKEN_PURPOSES, required: true }) purpose!: AccountTokenPurpose;
  @Prop({ required: true, index: true }) user_id!: string;
  /** The address the link was sent to (for an email change: the new address). */
  @Prop({ required: true }) email!: string;
  @Prop({ required: true }) expires_at!: Date;
  @Prop({ required: true }) created_at!: Date;
}
export const AccountTokenSchema = SchemaFactory.createForClass(AccountToken);

/**
 * A link already used: inserted with the token's hash as `_id` before the link takes effect, so of
 * two concurrent clicks exactly one inserts it (the other gets a duplicate key). FerretDB has no
 * atomic conditional update to do this with; a unique `_id` insert is atomic on every store.
 */
@Schema({ collection: 'consumedTokens', versionKey: false })
export class ConsumedToken {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ required: true }) consumed_at!: Date;
  /** Kept until the link would have expired anyway, then swept. */
  @Prop({ required: true }) expires_at!: Date;
}
export const ConsumedTokenSchema = SchemaFactory.createForClass(ConsumedToken);
