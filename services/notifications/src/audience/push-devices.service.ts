import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { DomainError, FOLLOW_MESSAGES, mayPushTo, type Actor, type PushSubscriptionInput } from '@popote/contracts';
import { PLATFORM_CONFIG, isDuplicateKey } from '@popote/platform';
import type { Model } from 'mongoose';
import type { NotificationsConfig } from '../config';
import { PushDevice, pushDeviceId } from './audience.schema';

/**
 * Devices one person keeps at most: subscribing one more drops the one that subscribed least
 * recently (a browser re-subscribes when it starts a new subscription; a forgotten one is stale).
 */
export const PUSH_DEVICES_MAX = 20;

/**
 * The devices that accept a person's pushes. One document per device (`_id` = SHA-256 of the
 * endpoint): subscribing again updates it, and a device subscribed by another account (a shared
 * computer) moves to that account: the last one to subscribe it receives its pushes.
 */
@Injectable()
export class PushDevicesService {
  constructor(
    @InjectModel(PushDevice.name) private readonly devices: Model<PushDevice>,
    @Inject(PLATFORM_CONFIG) private readonly config: Pick<NotificationsConfig, 'NODE_ENV'>,
  ) {}

  async subscribe(actor: Actor, subscription: PushSubscriptionInput, userAgent: string | undefined) {
    if (!mayPushTo(subscription.endpoint, this.config.NODE_ENV === 'production'))
      throw new DomainError('VALIDATION_FAILED', FOLLOW_MESSAGES.subscriptionInvalid, {
        'subscription.endpoint': FOLLOW_MESSAGES.subscriptionInvalid,
      });
    const _id = pushDeviceId(subscription.endpoint);
    const update = {
      $set: { user_id: actor.user_id, endpoint: subscription.endpoint, keys: subscription.keys, user_agent: userAgent?.trim() || null },
      $setOnInsert: { last_success_at: null },
    };
    try {
      await this.devices.updateOne({ _id }, update, { upsert: true });
    } catch (err) {
      // Two upserts of one device at once: the other inserted it, this one updates it.
      if (!isDuplicateKey(err)) throw err;
      await this.devices.updateOne({ _id }, { $set: update.$set });
    }
    await this.keepNewest(actor.user_id);
    return { devices: await this.count(actor.user_id) };
  }

  /** This device stops receiving the person's pushes (only their own device: another account's is left alone). */
  async unsubscribe(actor: Actor, endpoint: string) {
    await this.devices.deleteOne({ _id: pushDeviceId(endpoint), user_id: actor.user_id });
    return { devices: await this.count(actor.user_id) };
  }

  /** Every device of a person goes (all their sessions were closed): nothing more is pushed to them. */
  async dropAllOf(userId: string): Promise<void> {
    await this.devices.deleteMany({ user_id: userId });
  }

  count(userId: string) {
    return this.devices.countDocuments({ user_id: userId });
  }

  private async keepNewest(userId: string) {
    const all = await this.devices.find({ user_id: userId }, { updated_at: 1 }).lean<PushDevice[]>();
    if (all.length <= PUSH_DEVICES_MAX) return;
    const oldest = all
      .sort((a, b) => +b.updated_at - +a.updated_at || a._id.localeCompare(b._id))
      .slice(PUSH_DEVICES_MAX)
      .map((d) => d._id);
    await this.devices.deleteMany({ _id: { $in: oldest }, user_id: userId });
  }
}
