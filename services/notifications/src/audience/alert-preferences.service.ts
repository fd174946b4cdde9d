import { Injectable } from '@nestjs/common';
import { isDuplicateKey } from '@popote/platform';
import { InjectModel } from '@nestjs/mongoose';
import { ALERT_KINDS, DEFAULT_ALERT_PREFERENCES, type Actor, type AlertKind, type AlertPreferences } from '@popote/contracts';
import type { Model } from 'mongoose';
import { AlertPreferencesDoc } from './audience.schema';
import { PushDevicesService } from './push-devices.service';

/**
 * A person's choices as they apply: what they stored, kind by kind and channel by channel, over
 * the defaults (a document may hold only some of them: one written by a one-click unsubscribe, or
 * stored before a kind existed).
 */
export function effectivePreferences(stored: Partial<Record<AlertKind, Record<string, unknown>>> | null | undefined): AlertPreferences {
  const out = structuredClone(DEFAULT_ALERT_PREFERENCES) as Record<AlertKind, Record<string, boolean>>;
  for (const kind of ALERT_KINDS) {
    for (const channel of Object.keys(out[kind])) {
      const value = stored?.[kind]?.[channel];
      if (typeof value === 'boolean') out[kind][channel] = value;
    }
  }
  return out as AlertPreferences;
}

/** Alert preferences per kind and channel (one document per person, `_id` = their id; none: the defaults). */
@Injectable()
export class AlertPreferencesService {
  constructor(
    @InjectModel(AlertPreferencesDoc.name) private readonly docs: Model<AlertPreferencesDoc>,
    private readonly devices: PushDevicesService,
  ) {}

  async get(userId: string): Promise<AlertPreferences> {
    const doc = await this.docs.findById(userId, { preferences: 1 }).lean<AlertPreferencesDoc>();
    return effectivePreferences(doc?.preferences);
  }

  /** The profile's view: the choices, and how many devices accept pushes. */
  async view(actor: Actor) {
    const [preferences, push_devices] = await Promise.all([this.get(actor.user_id), this.devices.count(actor.user_id)]);
    return { preferences, push_devices };
  }

  async update(actor: Actor, preferences: AlertPreferences) {
    await this.upsert(actor.user_id, { preferences: effectivePreferences(preferences) });
    return this.view(actor);
  }

  /** One kind's emails stop (the one-click unsubscribe of an alert email), the rest left as chosen. Idempotent. */
  async stopEmails(userId: string, kind: Exclude<AlertKind, 'order_updates'>) {
    await this.upsert(userId, { [`preferences.${kind}.email`]: false });
  }

  private async upsert(userId: string, set: Record<string, unknown>) {
    try {
      await this.docs.updateOne({ _id: userId }, { $set: set }, { upsert: true });
    } catch (err) {
      // Created at the same moment by another call: it is there now.
      if (!isDuplicateKey(err)) throw err;
      await this.docs.updateOne({ _id: userId }, { $set: set });
    }
  }
}
