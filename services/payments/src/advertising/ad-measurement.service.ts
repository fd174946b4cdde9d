import { createHash, randomBytes } from 'node:crypto';
import { insertOnce } from '@popote/platform';
import { Injectable } from '@nestjs/common';
import { ADS, type AdsRpc, type RpcRequest } from '@popote/contracts';
import ipaddr from 'ipaddr.js';
import type { Model } from 'mongoose';
import { type AdClick, AdvertisingStore, type Campaign } from './advertising.schema';
import { campaignDay } from './campaign-clock';
import { CampaignsService } from './campaigns.service';

type Viewer = RpcRequest<typeof AdsRpc.recordDisplay>['viewer'];

interface OrderPlaced {
  order_id: string;
  consumer_id: string;
  items: Array<{ meal_id: string }>;
}

/**
 * Displays, clicks and the orders that follow a click (ADR 0020, 0031). Each display or click is one
 * insert keyed `<campaign>:<day>:<viewer>`: the second of a day is a duplicate key, so it counts once
 * whichever replica gets it, however often the browser repeats it. The viewer key is a hash of the
 * signed-in user's id, or of a visitor's network (`networkOf`: the IPv4 address, an IPv6 /64 — not
 * the browser, which a script changes at will), with a random salt of that campaign day; the salt is dropped when the day is settled, after which the keys link to nobody. A click
 * keeps a signed-in buyer's id (`user_id`) for the 7 days its orders may count, then forgets it.
 */
@Injectable()
export class AdMeasurementService {
  private readonly salts = new Map<string, Promise<string>>();

  constructor(
    private readonly store: AdvertisingStore,
    private readonly campaigns: CampaignsService,
  ) {}

  recordDisplay(campaignId: string, viewer: Viewer, now = Date.now()): Promise<boolean> {
    return this.countOnce('display', campaignId, viewer, now, this.store.adDisplays, (id, seen) => ({
      _id: id,
      campaign_id: campaignId,
      day: seen.day,
      created_at: new Date(now),
    }));
  }

  recordClick(campaignId: string, viewer: Viewer, now = Date.now()): Promise<boolean> {
    return this.countOnce('click', campaignId, viewer, now, this.store.adClicks, (id, seen) => ({
      _id: id,
      campaign_id: campaignId,
      meal_id: seen.campaign.meal_id,
      day: seen.day,
      user_id: 'user_id' in viewer ? viewer.user_id : null,
      created_at: new Date(now),
    }));
  }

  /**
   * A display or a click, counted once per viewer and campaign day (`doc`: its document, keyed `id`),
   * and only if the viewer's network still has a place that day.
   */
  private async countOnce<D>(
    kind: 'display' | 'click',
    campaignId: string,
    viewer: Viewer,
    now: number,
    model: Model<D>,
    doc: (id: string, seen: { campaign: Campaign; day: number }) => Partial<D>,
  ): Promise<boolean> {
    const seen = await this.runningDay(campaignId, viewer, now);
    if (!seen) return false;
    const key = await this.viewerKey(seen.campaign, seen.day, viewer);
    const id = `${campaignId}:${seen.day}:${key}`;
    const counted = await insertOnce(() => model.create(doc(id, seen)));
    if (!counted || (await this.networkPlace(kind, seen.campaign, seen.day, viewer, now))) return counted;
    await model.deleteOne({ _id: id }); // the network's places are taken today: not counted
    return false;
  }

  /**
   * A signed-in viewer's first display (or click) of the day takes one of its network's
   * ADS.perNetworkPerDay places for the campaign day (first insert wins each place, on every
   * replica): many accounts from one network count that many times at most. A visitor's network is
   * its key already (once a day); a viewer without an address (a call from inside) takes none.
   */
  private async networkPlace(kind: 'display' | 'click', campaign: Campaign, day: number, viewer: Viewer, now: number): Promise<boolean> {
    if (!('user_id' in viewer) || !viewer.address) return true;
    const network = await this.viewerKey(campaign, day, { address: viewer.address });
    for (let n = 0; n < ADS.perNetworkPerDay; n++) {
      const placed = await insertOnce(() =>
        this.store.adNetworkPlaces.create({
          _id: `${campaign._id}:${day}:${kind}:${network}:${n}`,
          campaign_id: campaign._id,
          day,
          created_at: new Date(now),
        }),
      );
      if (placed) return true;
    }
    return false;
  }

  /**
   * An order counts for each campaign whose card its buyer clicked within the 7 days before, for one
   * of the order's dishes. Keyed `<campaign>:<order>`: a redelivered event counts nothing twice.
   * (A visitor's click is not linked to the account they sign in with later: not counted.)
   */
  async attribute(order: OrderPlaced, placedAt: Date): Promise<number> {
    const meals = new Set(order.items.map((i) => i.meal_id));
    const since = +placedAt - ADS.attributionDays * 86_400_000;
    const clicks = (await this.store.adClicks.find({ user_id: order.consumer_id }).lean<AdClick[]>()).filter(
      (c) => meals.has(c.meal_id) && +c.created_at >= since && +c.created_at <= +placedAt,
    );
    let counted = 0;
    for (const campaignId of new Set(clicks.map((c) => c.campaign_id))) {
      const added = await insertOnce(() =>
        this.store.adConversions.create({
          _id: `${campaignId}:${order.order_id}`,
          campaign_id: campaignId,
          order_id: order.order_id,
          created_at: placedAt,
        }),
      );
      if (added) counted++;
    }
    return counted;
  }

  /** Clicks older than the attribution window forget who clicked (the settlement runs it). */
  async forgetOldClickers(now = Date.now()): Promise<number> {
    const res = await this.store.adClicks.updateMany(
      { user_id: { $ne: null }, created_at: { $lt: new Date(now - ADS.attributionDays * 86_400_000) } },
      { $set: { user_id: null } },
    );
    return res.modifiedCount;
  }

  /**
   * A day settled (its count is in its `ad_spend` entry): its salt and its displays go — the keys
   * can no longer be recomputed, and the collection holds only the days still open. Days before it
   * too (a straggler written after their settlement).
   */
  async closeDay(campaignId: string, day: number): Promise<void> {
    this.salts.delete(`${campaignId}:${day}`);
    await this.store.adSalts.deleteOne({ _id: `${campaignId}:${day}` });
    await this.store.adDisplays.deleteMany({ campaign_id: campaignId, day: { $lte: day } });
    await this.store.adNetworkPlaces.deleteMany({ campaign_id: campaignId, day: { $lte: day } });
  }

  private async runningDay(campaignId: string, viewer: Viewer, now: number): Promise<{ campaign: Campaign; day: number } | null> {
    // The replica's list is a few seconds old: a campaign started since (on another replica) is read by its id.
    const campaign =
      (await this.campaigns.runningCampaigns(now)).find((c) => c._id === campaignId) ??
      (await this.store.campaigns.findById(campaignId).lean<Campaign>());
    const day = campaign?.status === 'active' ? campaignDay(campaign, now) : null;
    // The cook looking at their own card pays nothing for it.
    if ('user_id' in viewer && viewer.user_id === campaign?.cook_id) return null;
    return campaign && day !== null ? { campaign, day } : null;
  }

  private async viewerKey(campaign: Campaign, day: number, viewer: Viewer): Promise<string> {
    const who = 'user_id' in viewer ? `user\n${viewer.user_id}` : `visitor\n${networkOf(viewer.address)}`;
    const salt = await this.salt(campaign._id, day);
    return createHash('sha256').update(`${salt}\n${who}`).digest('base64url').slice(0, 22);
  }

  /** One salt per campaign day for every replica: the first insert wins, the others read it. */
  private salt(campaignId: string, day: number): Promise<string> {
    const id = `${campaignId}:${day}`;
    let salt = this.salts.get(id);
    if (!salt) {
      salt = (async () => {
        await insertOnce(() => this.store.adSalts.create({ _id: id, salt: randomBytes(16).toString('base64url'), created_at: new Date() }));
        return (await this.store.adSalts.findById(id).lean())!.salt;
      })();
      salt.catch(() => this.salts.delete(id));
      this.salts.set(id, salt);
      if (this.salts.size > 10_000) this.salts.delete(this.salts.keys().next().value!);
    }
    return salt;
  }
}

/**
 * A visitor's network, the unit a visitor's displays and clicks count once per campaign day: the
 * IPv4 address (an IPv4-mapped IPv6 one read as IPv4), or the /64 of an IPv6 address — one household
 * or phone gets a whole /64, so a /128 per request would count every request. Not an address: kept
 * as given (the BFF sends what its proxy reported).
 */
export function networkOf(address: string): string {
  if (!ipaddr.isValid(address)) return `?${address}`;
  const parsed = ipaddr.process(address); // IPv4-mapped IPv6 → IPv4
  if (parsed.kind() === 'ipv4') return parsed.toString();
  return `${(parsed as ipaddr.IPv6).parts
    .slice(0, 4)
    .map((p) => p.toString(16))
    .join(':')}::/64`;
}
