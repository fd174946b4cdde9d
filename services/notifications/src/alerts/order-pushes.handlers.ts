import { Injectable, Logger } from '@nestjs/common';
import { OrderingEvents, OrderingRpc, PickupRpc, type Envelope, type PickupAddress } from '@popote/contracts';
import { EventHandler, RpcClient, type IntegrationEventHandler } from '@popote/platform';
import type { z } from 'zod';
import { orderStatusPush } from './alert-texts';
import { AlertsFanOut, keyByCause } from './fan-out.service';

type StatusChanged = z.infer<typeof OrderingEvents.orderStatusChanged.schema>;

/**
 * The buyer's pushes for their order (the emails are OrderStatusChangedHandler's): confirmed, ready
 * — 'Votre commande est prête à être retirée !' with the slot (ordering) and the place (the
 * catalogue: the address a confirmed order shows) — and cancelled. On the devices they allowed,
 * if their `order_updates` push is on. A service that does not answer leaves that detail out rather
 * than hold the push back.
 */
@Injectable()
@EventHandler(OrderingEvents.orderStatusChanged)
export class OrderStatusPushHandler implements IntegrationEventHandler<StatusChanged> {
  private readonly log = new Logger('OrderPushes');

  constructor(
    private readonly rpc: RpcClient,
    private readonly fanOut: AlertsFanOut,
  ) {}

  async handle(envelope: Envelope<StatusChanged>): Promise<void> {
    const { order_id: orderId, consumer_id: consumerId, cook_id: cookId, to } = envelope.data;
    if (!['confirmed', 'ready', 'cancelled'].includes(to) || !(await this.fanOut.reachesByPush(consumerId, 'order_updates'))) return;
    const delivery = envelope.data.delivery_option === 'delivery';
    // A delivery's push names no place (the buyer's own address never goes in a push, ADR 0044).
    const [slot, address] =
      to === 'cancelled'
        ? [null, null]
        : await Promise.all([this.slotOf(orderId), to === 'ready' && !delivery ? this.placeOf(cookId) : null]);
    const push = orderStatusPush(orderId, to, slot, address, envelope.data.delivery_option);
    if (push)
      await this.fanOut.toPeople(
        [consumerId],
        { ...push, kind: 'order_updates', cause: envelope.id, about: orderId },
        keyByCause(envelope.id),
      );
  }

  /** The order's pick-up slot as it stands (the cook may have moved it). */
  private async slotOf(orderId: string): Promise<{ start: string; end: string } | null> {
    try {
      const { items } = await this.rpc.call(OrderingRpc.ordersById, { order_ids: [orderId] }, { timeoutMs: 3_000 });
      const o = items[0];
      return o?.pickup_start && o.pickup_end ? { start: o.pickup_start, end: o.pickup_end } : null;
    } catch (err) {
      this.log.warn(`order ${orderId}: slot unknown for its push (${(err as Error).message})`);
      return null;
    }
  }

  private async placeOf(cookId: string): Promise<PickupAddress | null> {
    try {
      const { items } = await this.rpc.call(PickupRpc.pickupAddresses, { cook_ids: [cookId] }, { timeoutMs: 3_000 });
      return items[0]?.address ?? null;
    } catch (err) {
      this.log.warn(`cook ${cookId}: pick-up place unknown for a push (${(err as Error).message})`);
      return null;
    }
  }
}
