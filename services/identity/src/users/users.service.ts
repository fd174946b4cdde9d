import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  DomainError,
  IdentityEvents,
  IDENTITY_MESSAGES,
  type Actor,
  type CookProfileDto,
  type DeliveryAddress,
  type PublicCookDto,
  type UserDto,
  type UserType,
  cookProfileInput,
  profileInput,
  signUpInput,
} from '@popote/contracts';
import { EventPublisher, findByIds, insertOnce, isDuplicateKey, OutboxRelay, recordEvent } from '@popote/platform';
import type { z } from 'zod';
import { hashPassword } from '../auth/passwords';
import { toCookProfileDto, toPublicCook, toUserDto } from './user.mapper';
import { CookProfile, SavedDeliveryAddress, User } from './user.schema';
import { IdentityStore } from '../store';

export const usernameKey = (username: string) => username.trim().toLowerCase();

/** Maps a duplicate-key error to the field that collided, with the French message. */
export function duplicateError(err: unknown): DomainError | null {
  const e = err as { code?: number; message?: string; keyPattern?: Record<string, unknown> };
  if (!isDuplicateKey(err)) return null;
  const text = `${JSON.stringify(e.keyPattern ?? {})} ${e.message ?? ''}`;
  if (/username/.test(text))
    return new DomainError('CONFLICT', IDENTITY_MESSAGES.usernameTaken, { username: IDENTITY_MESSAGES.usernameTaken });
  return new DomainError('CONFLICT', IDENTITY_MESSAGES.emailTaken, { email: IDENTITY_MESSAGES.emailTaken });
}

@Injectable()
export class UsersService {
  constructor(
    private readonly store: IdentityStore,
    private readonly relay: OutboxRelay,
    private readonly publisher: EventPublisher,
  ) {}

  async create(input: z.infer<typeof signUpInput>): Promise<User> {
    // Friendly messages first (the unique indexes still decide under a race).
    if (await this.store.users.exists({ email: input.email })) throw duplicateError({ code: 11000, keyPattern: { email: 1 } })!;
    if (await this.store.users.exists({ username_key: usernameKey(input.username) }))
      throw duplicateError({ code: 11000, keyPattern: { username_key: 1 } })!;
    const user = new this.store.users({
      _id: randomUUID(),
      email: input.email,
      username: input.username,
      username_key: usernameKey(input.username),
      name: input.name,
      location: input.location,
      bio: '',
      specialties: [],
      dietary_preferences: [],
      user_type: input.user_type,
      password_hash: await hashPassword(input.password),
      email_verified_at: null,
    });
    recordEvent(user, IdentityEvents.userRegistered, { user_id: user._id, username: user.username, user_type: user.user_type });
    try {
      await this.relay.save(this.store.users, user);
    } catch (err) {
      throw duplicateError(err) ?? err;
    }
    if (user.user_type === 'cook') await this.ensureCookProfile(user._id);
    return user;
  }

  async findByEmailWithHash(email: string): Promise<User | null> {
    return this.store.users.findOne({ email }).select('+password_hash').lean<User>();
  }

  async findWithHash(userId: string): Promise<User | null> {
    return this.store.users.findById(userId).select('+password_hash').lean<User>();
  }

  async setPasswordHash(userId: string, passwordHash: string): Promise<void> {
    await this.relay.change(this.store.users, userId, () =>
      this.store.users.updateOne({ _id: userId }, { $set: { password_hash: passwordHash } }),
    );
  }

  async get(userId: string): Promise<User> {
    const user = await this.store.users.findById(userId).lean<User>();
    if (!user) throw new DomainError('UNAUTHENTICATED', IDENTITY_MESSAGES.sessionExpired);
    return user;
  }

  async me(actor: Actor): Promise<{ user: UserDto; cook_profile: CookProfileDto | null }> {
    const user = await this.get(actor.user_id);
    const profile =
      user.user_type === 'cook'
        ? await this.ensureCookProfile(user._id)
        : await this.store.cookProfiles.findById(user._id).lean<CookProfile>();
    return { user: toUserDto(user), cook_profile: profile ? toCookProfileDto(profile) : null };
  }

  /** The delivery address the buyer last used (ADR 0044), or null. */
  async deliveryAddressOf(actor: Actor): Promise<DeliveryAddress | null> {
    return (await this.store.deliveryAddresses.findById(actor.user_id).lean<SavedDeliveryAddress>())?.address ?? null;
  }

  /** Keeps the address of the buyer's last delivery (one per account: the newest replaces it); the account's erasure deletes it. */
  async rememberDeliveryAddress(actor: Actor, address: DeliveryAddress): Promise<void> {
    await this.store.deliveryAddresses.updateOne({ _id: actor.user_id }, { $set: { address } }, { upsert: true });
  }

  /** Cooks by rating, best first (home page). */
  async popularCooks(limit: number): Promise<PublicCookDto[]> {
    const profiles = await this.store.cookProfiles
      .find({})
      .sort({ rating_average: -1, total_reviews: -1, _id: 1 })
      .limit(limit * 3)
      .lean<CookProfile[]>();
    const users = await this.store.users.find({ _id: { $in: profiles.map((p) => p._id) }, user_type: 'cook' }).lean<User[]>();
    const byId = new Map(users.map((u) => [u._id, u]));
    return profiles.flatMap((p) => (byId.has(p._id) ? [toPublicCook(byId.get(p._id)!, p)] : [])).slice(0, limit);
  }

  async cook(cookId: string): Promise<PublicCookDto | null> {
    const user = await this.store.users.findOne({ _id: cookId, user_type: 'cook' }).lean<User>();
    if (!user) return null;
    return toPublicCook(user, await this.ensureCookProfile(user._id));
  }

  /** Who sells, as a receipt prints it (internal: payments). */
  async cookLegal(cookId: string) {
    const user = await this.store.users.findById(cookId, { name: 1, username: 1 }).lean<User>();
    if (!user) return null;
    const profile = await this.store.cookProfiles.findById(cookId, { siret: 1, vat_regime: 1 }).lean<CookProfile>();
    return { name: user.name, username: user.username, siret: profile?.siret ?? null, vat_regime: profile?.vat_regime ?? '' };
  }

  async many(ids: string[]): Promise<UserDto[]> {
    const found = await findByIds<User>(this.store.users, ids);
    // An erased account is nobody to write to (notifications asks for addresses).
    return found.filter((u) => !u.erased_at).map(toUserDto);
  }

  async updateProfile(actor: Actor, input: z.infer<typeof profileInput>) {
    const user = await this.store.users.findById(actor.user_id);
    if (!user) throw new DomainError('UNAUTHENTICATED', IDENTITY_MESSAGES.sessionExpired);
    const key = usernameKey(input.username);
    if (key !== user.username_key && (await this.store.users.exists({ username_key: key }))) {
      throw duplicateError({ code: 11000, keyPattern: { username_key: 1 } })!;
    }
    user.set({ ...input, username_key: key });
    recordEvent(user, IdentityEvents.profileUpdated, { user_id: user._id, username: user.username, name: user.name });
    try {
      await this.relay.save(this.store.users, user);
    } catch (err) {
      throw duplicateError(err) ?? err;
    }
    return this.me(actor);
  }

  async updateCookProfile(actor: Actor, input: z.infer<typeof cookProfileInput>) {
    const user = await this.get(actor.user_id);
    if (user.user_type !== 'cook') throw new DomainError('FORBIDDEN', IDENTITY_MESSAGES.cookOnly);
    await this.ensureCookProfile(user._id);
    await this.store.cookProfiles.updateOne({ _id: user._id }, { $set: input });
    await this.publisher.announce(IdentityEvents.cookProfileChanged, { cook_id: user._id, cause: 'profile' });
    return this.me(actor);
  }

  /** consumer ↔ cook. Becoming a cook creates the cook profile if it is missing. */
  async switchRole(actor: Actor, to: UserType): Promise<User> {
    const user = await this.store.users.findById(actor.user_id);
    if (!user) throw new DomainError('UNAUTHENTICATED', IDENTITY_MESSAGES.sessionExpired);
    const from = user.user_type;
    if (from !== to) {
      user.user_type = to;
      recordEvent(user, IdentityEvents.roleChanged, { user_id: user._id, from, to });
      await this.relay.save(this.store.users, user);
    }
    if (to === 'cook') await this.ensureCookProfile(user._id);
    return user.toObject();
  }

  /** Adds a review's rating to the cook's average, once per review. */
  async addCookRating(cookId: string, reviewId: string, rating: number): Promise<void> {
    await this.relay.change(this.store.cookProfiles, cookId, async () => {
      const p = await this.ensureCookProfile(cookId);
      if ((p.rated_reviews ?? []).includes(reviewId)) return;
      const total = (p.total_reviews ?? 0) + 1;
      const average = Math.round((((p.rating_average ?? 0) * (total - 1) + rating) / total) * 100) / 100;
      await this.store.cookProfiles.updateOne(
        { _id: cookId, rated_reviews: { $ne: reviewId } },
        { $set: { rating_average: average, total_reviews: total, rating_sort: average }, $push: { rated_reviews: reviewId } },
      );
    });
    await this.publisher.announce(IdentityEvents.cookProfileChanged, { cook_id: cookId, cause: 'rating' });
  }

  /** A review taken down by moderation leaves the cook's rating, once (only if it was counted). */
  async removeCookRating(cookId: string, reviewId: string, rating: number): Promise<void> {
    await this.relay.change(this.store.cookProfiles, cookId, async () => {
      const p = await this.store.cookProfiles.findById(cookId).lean<CookProfile>();
      if (!p || !(p.rated_reviews ?? []).includes(reviewId)) return;
      const before = p.total_reviews ?? 0;
      const total = Math.max(0, before - 1);
      const average = total ? Math.round(Math.max(0, ((p.rating_average ?? 0) * before - rating) / total) * 100) / 100 : 0;
      await this.store.cookProfiles.updateOne(
        { _id: cookId, rated_reviews: reviewId },
        { $set: { rating_average: average, total_reviews: total, rating_sort: average }, $pull: { rated_reviews: reviewId } },
      );
    });
    await this.publisher.announce(IdentityEvents.cookProfileChanged, { cook_id: cookId, cause: 'rating' });
  }

  /** A moderation decision suspends the cook, or its reversal lifts the suspension it set (not another one). */
  async setSuspension(cookId: string, decisionId: string, suspended: boolean): Promise<void> {
    await this.relay.change(this.store.cookProfiles, cookId, async () => {
      const p = await this.ensureCookProfile(cookId);
      if (suspended && !p.suspended_at)
        await this.store.cookProfiles.updateOne({ _id: cookId }, { $set: { suspended_at: new Date(), suspended_by_decision: decisionId } });
      if (!suspended && p.suspended_by_decision === decisionId)
        await this.store.cookProfiles.updateOne({ _id: cookId }, { $set: { suspended_at: null, suspended_by_decision: null } });
    });
    await this.publisher.announce(IdentityEvents.cookProfileChanged, { cook_id: cookId, cause: 'profile' });
  }

  async ensureCookProfile(userId: string): Promise<CookProfile> {
    const existing = await this.store.cookProfiles.findById(userId).lean<CookProfile>();
    if (existing) return existing;
    await insertOnce(() => this.store.cookProfiles.create({ _id: userId }));
    return (await this.store.cookProfiles.findById(userId).lean<CookProfile>())!;
  }
}
