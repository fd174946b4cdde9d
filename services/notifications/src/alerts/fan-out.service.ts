import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { ALERT_KIND_CHANNELS, type AlertChannel } from '@popote/contracts';
import { findByIds, insertManyOnce } from '@popote/platform';
import type { Model } from 'mongoose';
import { effectivePreferences } from '../audience/alert-preferences.service';
import { AlertPreferencesDoc, Favourite, Follow, PushDevice } from '../audience/audience.schema';
import { CLAIM_MS, type Claimed } from '../delivery';
import { Alert, type AlertContent, type AlertStatus } from './alert.schema';
import { PushSender } from './push-sender.service';

/** Followers (or favouriters) read and queued per page: memory stays flat however many there are. */
export const FAN_OUT_PAGE = 500;
/**
 * Point reads (preferences, devices) in flight at once: FerretDB serves every service from one
 * PostgreSQL pool (50 connections locally); hundreds of requests at once exhaust it and stall it.
 */
const READS_AT_ONCE = 16;

/** The id of one person's alert on one channel (and device), derived from the cause (alert.schema.ts). */
export type AlertKey = (userId: string, channel: AlertChannel, deviceId?: string) => string;
/** `<cause>|<user>|<channel>[|<device>]`. */
export const keyByCause =
  (cause: string): AlertKey =>
  (userId, channel, deviceId) =>
    `${cause}|${userId}|${channel}${deviceId ? `|${deviceId}` : ''}`;

const chunks = <T>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** Runs `fn` over `items`, `limit` at a time. */
async function inBatches<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += limit) out.push(...(await Promise.all(items.slice(i, i + limit).map(fn))));
  return out;
}

/**
 * Turns one cause into alerts for many people (docs/alerts.md): the audience is read page by page
 * in `_id` order (keyset: each page starts after the last id of the previous one, FAN_OUT_PAGE at a
 * time), each person's preferences decide the channels (email: a line of their next digest; push:
 * one per device they allowed), and every alert's id is derived from the cause, so queueing the same
 * cause again — a redelivered event, another replica — adds nothing.
 */
@Injectable()
export class AlertsFanOut {
  constructor(
    @InjectModel(Alert.name) private readonly alerts: Model<Alert>,
    @InjectModel(Follow.name) private readonly follows: Model<Follow>,
    @InjectModel(Favourite.name) private readonly favourites: Model<Favourite>,
    @InjectModel(PushDevice.name) private readonly devices: Model<PushDevice>,
    @InjectModel(AlertPreferencesDoc.name) private readonly preferences: Model<AlertPreferencesDoc>,
    private readonly sender: PushSender,
  ) {}

  /** Every follower of the cook. Returns how many alerts were queued (new ones). */
  toFollowers(cookId: string, content: AlertContent, key: AlertKey): Promise<number> {
    return this.paged(this.follows, { cook_id: cookId }, 'follower_id', content, key);
  }

  /** Everyone who favourited the dish. */
  toFavouriters(mealId: string, content: AlertContent, key: AlertKey): Promise<number> {
    return this.paged(this.favourites, { meal_id: mealId }, 'user_id', content, key);
  }

  /** Some people (an order's buyer or cook). */
  async toPeople(userIds: string[], content: AlertContent, key: AlertKey): Promise<number> {
    const queued = await this.queue([...new Set(userIds)], content, key);
    await this.sender.queueStored(queued.pushes);
    return queued.total;
  }

  /** Whether a push of this kind would reach the person (allowed, and a device): the details worth asking other services for. */
  async reachesByPush(userId: string, kind: AlertContent['kind']): Promise<boolean> {
    if (!ALERT_KIND_CHANNELS[kind].includes('push')) return false;
    const [stored] = await findByIds<AlertPreferencesDoc>(this.preferences, [userId], { preferences: 1 });
    const choices = effectivePreferences(stored?.preferences) as Record<string, Partial<Record<AlertChannel, boolean>>>;
    return choices[kind]?.push === true && !!(await this.devices.exists({ user_id: userId }));
  }

  private async paged(
    model: Model<any>,
    filter: Record<string, string>,
    person: 'follower_id' | 'user_id',
    content: AlertContent,
    key: AlertKey,
  ): Promise<number> {
    let after: string | null = null;
    let total = 0;
    for (;;) {
      const page: Record<string, string>[] = await model
        .find({ ...filter, ...(after === null ? {} : { _id: { $gt: after } }) }, { [person]: 1 })
        .sort({ _id: 1 })
        .limit(FAN_OUT_PAGE)
        .lean<Record<string, string>[]>();
      if (!page.length) break;
      const queued = await this.queue(
        page.map((d) => d[person]!),
        content,
        key,
      );
      total += queued.total;
      // The first pushes go out while the next pages are read.
      await this.sender.queueStored(queued.pushes);
      if (page.length < FAN_OUT_PAGE) break;
      after = page.at(-1)!._id!;
    }
    return total;
  }

  /**
   * One page: the channels each person allows for this kind, their devices, the alerts written at
   * once (unordered, duplicates skipped). Pushes are stored claimed, their jobs queued by the caller:
   * the job of a push stored before (same id) carries a claim that is not that push's, and does nothing.
   */
  private async queue(userIds: string[], content: AlertContent, key: AlertKey): Promise<{ total: number; pushes: Claimed[] }> {
    const channels = ALERT_KIND_CHANNELS[content.kind];
    const stored = (
      await inBatches(chunks(userIds, READS_AT_ONCE), 1, (ids) => findByIds<AlertPreferencesDoc>(this.preferences, ids, { preferences: 1 }))
    ).flat();
    type Choices = Record<string, Partial<Record<AlertChannel, boolean>>>;
    const prefs = new Map(stored.map((d) => [d._id, effectivePreferences(d.preferences) as Choices]));
    const defaults = effectivePreferences(null) as Choices;
    const allows = (userId: string, channel: AlertChannel) =>
      channels.includes(channel) && (prefs.get(userId) ?? defaults)[content.kind]?.[channel] === true;
    const pushTo = userIds.filter((u) => allows(u, 'push'));
    const devices = (
      await inBatches(pushTo, READS_AT_ONCE, (userId) =>
        this.devices.find({ user_id: userId }, { _id: 1, user_id: 1 }).lean<PushDevice[]>(),
      )
    ).flat();
    const now = new Date();
    const claim = new Date(now.getTime() + CLAIM_MS);
    const { kind, cause, about, title, body, url, tag } = content;
    const doc = (id: string, userId: string, channel: AlertChannel, status: AlertStatus, deviceId: string | null) => ({
      _id: id,
      user_id: userId,
      kind,
      channel,
      device_id: deviceId,
      status,
      cause,
      about,
      title,
      body,
      url,
      tag,
      attempts: 0,
      next_attempt_at: channel === 'push' ? now : null,
      lease_until: channel === 'push' ? claim : null,
      last_error: null,
      sent_at: null,
      digest_id: null,
      created_at: now,
      updated_at: now,
    });
    const docs = [
      ...userIds.filter((u) => allows(u, 'email')).map((u) => doc(key(u, 'email'), u, 'email', 'waiting', null)),
      ...devices.map((d) => doc(key(d.user_id, 'push', d._id), d.user_id, 'push', 'sending', d._id)),
    ];
    // An alert already queued (same id) is left as it is.
    const inserted = await insertManyOnce(this.alerts.collection, docs);
    return { total: inserted, pushes: docs.filter((d) => d.channel === 'push').map((d) => ({ id: d._id, claim })) };
  }
}
