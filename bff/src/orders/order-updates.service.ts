import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DeliverPolicy, jetstream, type ConsumerMessages } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { filterOf, OrderingEvents, STREAMS, type Envelope } from '@popote/contracts';
import { ensureStreams, NATS_CONNECTION, PLATFORM_CONFIG } from '@popote/platform';
import { PubSub } from 'graphql-subscriptions';

export interface OrderUpdate {
  order_id: string;
  consumer_id: string;
  cook_id: string;
  from: string | null;
  order_status: string;
}

export const ORDER_UPDATES = 'order-updates';

/**
 * Live order updates for the browser: each BFF instance follows new order events on an ordered
 * (ephemeral) JetStream consumer and hands them to the GraphQL subscriptions it serves, which keep
 * only the orders of the subscribed user.
 */
@Injectable()
export class OrderUpdatesService implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly pubsub = new PubSub();
  private messages?: ConsumerMessages;
  private readonly log = new Logger('OrderUpdates');

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(PLATFORM_CONFIG) private readonly platform: { EVENTS_STREAM_REPLICAS: number },
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await ensureStreams(this.nc, this.platform.EVENTS_STREAM_REPLICAS); // the BFF may start before any service created them
    const js = jetstream(this.nc);
    const consumer = await js.consumers.get(STREAMS.events.name, {
      filter_subjects: [filterOf(OrderingEvents.orderStatusChanged), filterOf(OrderingEvents.orderPlaced)],
      deliver_policy: DeliverPolicy.New,
    });
    this.messages = await consumer.consume();
    void (async () => {
      for await (const m of this.messages!) {
        try {
          const e = m.json<Envelope<{ order_id: string; consumer_id: string; cook_id: string; from?: string; to?: string }>>();
          const update: OrderUpdate = {
            order_id: e.data.order_id,
            consumer_id: e.data.consumer_id,
            cook_id: e.data.cook_id,
            from: e.data.from ?? null,
            order_status: e.data.to ?? 'pending',
          };
          await this.pubsub.publish(ORDER_UPDATES, update);
        } catch (err) {
          this.log.warn(`bad order event: ${(err as Error).message}`);
        }
      }
    })();
  }

  onApplicationShutdown(): void {
    this.messages?.stop();
  }
}
