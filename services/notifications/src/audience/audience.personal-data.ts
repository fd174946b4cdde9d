import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { newestFirstAfter, newestFirstKey, type ExportSectionSource } from '@popote/contracts';
import type { Model } from 'mongoose';
import { effectivePreferences } from './alert-preferences.service';
import { AlertPreferencesDoc, Favourite, Follow, PushDevice } from './audience.schema';

/** The push service a device's endpoint belongs to (its origin): the rest of the address, and the keys, are the device's secrets. */
const pushService = (endpoint: string) => {
  try {
    return new URL(endpoint).origin;
  } catch {
    return null;
  }
};

/** A section read newest first by keyset (`created_at`, then `_id`), each document shown by `show`. */
function newestFirst<T extends { _id: string; created_at: Date }>(
  model: Model<T>,
  name: string,
  filter: Record<string, string>,
  show: (doc: T) => unknown,
): ExportSectionSource {
  return {
    name,
    list: async (after, limit) => {
      const docs = await model
        .find({ ...filter, ...newestFirstAfter('created_at', after) })
        .sort({ created_at: -1, _id: 1 })
        .limit(limit)
        .lean<T[]>();
      const last = docs.at(-1);
      return {
        next: last && docs.length === limit ? newestFirstKey(last.created_at, last._id) : null,
        items: docs.map((d) => ({ key: newestFirstKey(d.created_at, d._id), value: show(d) })),
      };
    },
  };
}

/**
 * The person's part of notifications' export and erasure that concerns the alerts: the cooks they
 * follow, their favourite dishes, their devices (no keys, no full endpoint: they would let anyone
 * push to the device) and their preferences.
 */
@Injectable()
export class AudiencePersonalData {
  constructor(
    @InjectModel(Follow.name) private readonly follows: Model<Follow>,
    @InjectModel(Favourite.name) private readonly favourites: Model<Favourite>,
    @InjectModel(PushDevice.name) private readonly devices: Model<PushDevice>,
    @InjectModel(AlertPreferencesDoc.name) private readonly preferences: Model<AlertPreferencesDoc>,
  ) {}

  sources(userId: string): ExportSectionSource[] {
    return [
      newestFirst(this.follows, 'follows', { follower_id: userId }, (d) => ({ cook_id: d.cook_id, followed_at: d.created_at })),
      newestFirst(this.favourites, 'favourites', { user_id: userId }, (d) => ({ meal_id: d.meal_id, added_at: d.created_at })),
      {
        // A few at most (PUSH_DEVICES_MAX): one value.
        name: 'push-devices',
        whole: async () => {
          const docs = await this.devices
            .find({ user_id: userId }, { endpoint: 1, user_agent: 1, created_at: 1, updated_at: 1, last_success_at: 1 })
            .sort({ created_at: -1, _id: 1 })
            .lean<PushDevice[]>();
          return docs.map((d) => ({
            push_service: pushService(d.endpoint),
            user_agent: d.user_agent,
            subscribed_at: d.created_at,
            updated_at: d.updated_at,
            last_push_at: d.last_success_at ?? null,
          }));
        },
      },
      {
        name: 'alert-preferences',
        whole: async () => {
          const doc = await this.preferences.findById(userId).lean<AlertPreferencesDoc>();
          return { preferences: effectivePreferences(doc?.preferences), chosen_at: doc?.updated_at ?? null };
        },
      },
    ];
  }

  /**
   * Erasure: who they follow and who follows them (an erased cook has no page to follow any more),
   * their favourites, devices and preferences. Each by an equality filter; idempotent.
   */
  async erase(userId: string): Promise<void> {
    await this.follows.deleteMany({ follower_id: userId });
    await this.follows.deleteMany({ cook_id: userId });
    await this.favourites.deleteMany({ user_id: userId });
    await this.devices.deleteMany({ user_id: userId });
    await this.preferences.deleteOne({ _id: userId });
  }
}
