import { UseGuards } from '@nestjs/common';
import { Args, Context, ID, Int, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import {
  isId,
  PICKUP_ADDRESS_VISIBLE_STATUSES,
  PickupRpc,
  type Actor,
  type PickupSettingsInput as PickupSettingsContract,
} from '@popote/contracts';
import { RpcClient } from '@popote/platform';
import { AuthGuard, CookOnly } from '../auth/auth.guard';
import { CurrentActor } from '../auth/current-actor.decorator';
import type { GqlContext } from '../auth/gql-context';
import { IdArg } from '../errors/id-arguments';
import { OrderModel } from '../orders/orders.model';
import { PublicReadCache } from '../read-cache/public-read-cache.service';
import { PickupAddressModel, PickupSettingsInput, PickupSettingsModel, PickupSlotListModel } from './pickup.model';

/** Pick-up windows (the cook's) and the slots offered at checkout. */
@Resolver()
export class PickupResolver {
  constructor(
    private readonly rpc: RpcClient,
    private readonly reads: PublicReadCache,
  ) {}

  @Query(() => PickupSettingsModel, { nullable: true, description: "The signed-in cook's pick-up rules (null before the first save)" })
  @CookOnly()
  async pickupSettings(@CurrentActor() actor: Actor): Promise<PickupSettingsModel | null> {
    return (await this.rpc.call(PickupRpc.pickupSettings, { actor })).settings;
  }

  @Mutation(() => PickupSettingsModel, { description: 'Checked by the catalogue (French messages per field)' })
  @CookOnly()
  async updatePickupSettings(@CurrentActor() actor: Actor, @Args('input') input: PickupSettingsInput): Promise<PickupSettingsModel> {
    const { settings } = await this.rpc.call(PickupRpc.updatePickupSettings, { actor, input: input as PickupSettingsContract });
    // The public lists show the cook's commune and distance: this replica drops its reads at once
    // (the others on the catalogue's meals-changed hint).
    this.reads.invalidate('pickup settings updated');
    return settings;
  }

  @Query(() => PickupSlotListModel, {
    description: "A cook's next open slots for some of their dishes (available_date, cutoff and capacity applied)",
  })
  @UseGuards(AuthGuard)
  pickupSlots(
    @IdArg('cook_id') cookId: string,
    @Args('meal_ids', { type: () => [ID], defaultValue: [] }) mealIds: string[],
    @Args('portions', { type: () => Int, defaultValue: 1 }) portions: number,
    @Args('mode', { type: () => String, defaultValue: 'pickup', description: 'pickup | delivery (ADR 0044)' }) mode: string,
    @Args('commune_code', { type: () => String, nullable: true, description: "The buyer's commune: within the cook's delivery radius?" })
    communeCode: string | null,
  ): Promise<PickupSlotListModel> {
    // Ids of no possible shape name nothing (contracts/src/shared/ids.ts): no such cook has windows, and
    // meals that do not exist set no date.
    if (!isId(cookId)) return Promise.resolve({ has_windows: false, slots: [], delivery: null });
    return this.rpc.call(PickupRpc.pickupSlots, {
      cook_id: cookId,
      meal_ids: mealIds.filter(isId),
      portions,
      mode: mode === 'delivery' ? 'delivery' : 'pickup',
      commune_code: communeCode && /^(\d{5}|2[AB]\d{3})$/.test(communeCode) ? communeCode : null,
    });
  }
}

/** Statuses in which the buyer sees the cook's pick-up address (the cook has accepted the order). */
const ADDRESS_VISIBLE = new Set(PICKUP_ADDRESS_VISIBLE_STATUSES);

/** The pick-up address on an order: hidden from the buyer until the cook confirmed it. */
@Resolver(() => OrderModel)
export class OrderPickupResolver {
  constructor(private readonly rpc: RpcClient) {}

  @ResolveField(() => PickupAddressModel, { nullable: true, description: 'Shown to the buyer once the order is confirmed' })
  async pickup_address(@Parent() order: OrderModel, @Context() ctx: GqlContext): Promise<PickupAddressModel | null> {
    const mine = ctx.actor?.user_id === order.cook_id;
    if (!mine && !(ctx.actor?.user_id === order.consumer_id && ADDRESS_VISIBLE.has(order.order_status))) return null;
    const { items } = await this.rpc.call(PickupRpc.pickupAddresses, { cook_ids: [order.cook_id] });
    return items[0]?.address ?? null;
  }
}
