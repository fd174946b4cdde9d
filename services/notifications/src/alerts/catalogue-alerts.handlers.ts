import { Injectable } from '@nestjs/common';
import { CatalogueEvents, IdentityRpc, type Envelope } from '@popote/contracts';
import { EventHandler, RpcClient, type IntegrationEventHandler } from '@popote/platform';
import type { z } from 'zod';
import { backInStockPush, newDishPush, newSlotsPush } from './alert-texts';
import { parisDayAndHour } from './digest.service';
import { AlertsFanOut, keyByCause } from './fan-out.service';

/** A cook's public name (their username, as the dishes show it). */
async function cookName(rpc: RpcClient, cookId: string): Promise<string> {
  const { users } = await rpc.call(IdentityRpc.getUsers, { user_ids: [cookId] });
  return users[0]?.username ?? 'Un cuisinier';
}

type MealCreated = z.infer<typeof CatalogueEvents.mealCreated.schema>;

/** A followed cook published a dish: each follower, by the channels they allow (docs/alerts.md). */
@Injectable()
@EventHandler(CatalogueEvents.mealCreated)
export class NewDishAlertsHandler implements IntegrationEventHandler<MealCreated> {
  constructor(
    private readonly rpc: RpcClient,
    private readonly fanOut: AlertsFanOut,
  ) {}

  async handle(envelope: Envelope<MealCreated>): Promise<void> {
    const { meal_id: mealId, cook_id: cookId, name } = envelope.data;
    const push = newDishPush(mealId, name, await cookName(this.rpc, cookId));
    await this.fanOut.toFollowers(cookId, { ...push, kind: 'new_dish', cause: envelope.id, about: mealId }, keyByCause(envelope.id));
  }
}

type SlotsOpened = z.infer<typeof CatalogueEvents.pickupSlotsOpened.schema>;

/** A followed cook opened more pick-up (hours or days): each follower. */
@Injectable()
@EventHandler(CatalogueEvents.pickupSlotsOpened)
export class NewSlotsAlertsHandler implements IntegrationEventHandler<SlotsOpened> {
  constructor(
    private readonly rpc: RpcClient,
    private readonly fanOut: AlertsFanOut,
  ) {}

  async handle(envelope: Envelope<SlotsOpened>): Promise<void> {
    const { cook_id: cookId, weekdays, days } = envelope.data;
    const push = newSlotsPush(cookId, await cookName(this.rpc, cookId), weekdays, days);
    await this.fanOut.toFollowers(cookId, { ...push, kind: 'new_slots', cause: envelope.id, about: cookId }, keyByCause(envelope.id));
  }
}

type BackInStock = z.infer<typeof CatalogueEvents.mealBackInStock.schema>;

/**
 * A favourite dish has free portions again: each buyer who favourited it, once a day at most per
 * dish (the alert's id is `<meal>|<user>|<Paris day>|…`: a reservation expiring and taken again
 * the same day alerts nobody twice).
 */
@Injectable()
@EventHandler(CatalogueEvents.mealBackInStock)
export class BackInStockAlertsHandler implements IntegrationEventHandler<BackInStock> {
  constructor(private readonly fanOut: AlertsFanOut) {}

  async handle(envelope: Envelope<BackInStock>): Promise<void> {
    const { meal_id: mealId, name } = envelope.data;
    const { day } = parisDayAndHour(new Date(envelope.occurred_at));
    await this.fanOut.toFavouriters(
      mealId,
      { ...backInStockPush(mealId, name), kind: 'back_in_stock', cause: envelope.id, about: mealId },
      (userId, channel, deviceId) => `${mealId}|${userId}|${day}|${channel}${deviceId ? `|${deviceId}` : ''}`,
    );
  }
}
