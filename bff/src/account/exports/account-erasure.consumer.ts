import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager, type ConsumerMessages } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { AccountEvents, STREAMS, type Envelope } from '@popote/contracts';
import { ensureStreams, NATS_CONNECTION, PLATFORM_CONFIG } from '@popote/platform';
import { DataExportsService } from './data-exports.service';

const DURABLE = 'bff-AccountErasure';

/**
 * An erased account's export jobs and archives are deleted. The BFF that served
 * 'Supprimer mon compte' does it at once; this durable consumer, shared by the BFF replicas, is the
 * backstop if that replica stopped first. Deleting twice is harmless, so no processed-events record.
 */
@Injectable()
export class ExportErasureConsumer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('ExportErasure');
  private messages?: ConsumerMessages;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(PLATFORM_CONFIG) private readonly platform: { EVENTS_STREAM_REPLICAS: number },
    private readonly exports: DataExportsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await ensureStreams(this.nc, this.platform.EVENTS_STREAM_REPLICAS);
    const jsm = await jetstreamManager(this.nc);
    await jsm.consumers
      .add(STREAMS.events.name, {
        durable_name: DURABLE,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        filter_subject: AccountEvents.erasureRequested.subject,
        ack_wait: 30_000_000_000,
      })
      .catch((err: Error) => {
        if (!/already in use|exists/i.test(err.message)) throw err;
      });
    this.messages = await (await jetstream(this.nc).consumers.get(STREAMS.events.name, DURABLE)).consume({ max_messages: 4 });
    void (async () => {
      for await (const m of this.messages!) {
        try {
          const e = m.json<Envelope<{ user_id: string }>>();
          await this.exports.eraseUser(e.data.user_id);
          m.ack();
        } catch (err) {
          this.log.warn(`erasure of export archives failed (retried): ${(err as Error).message}`);
          m.nak(10_000);
        }
      }
    })();
  }

  onApplicationShutdown(): void {
    this.messages?.stop();
  }
}
