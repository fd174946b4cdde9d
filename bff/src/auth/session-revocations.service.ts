import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DeliverPolicy, jetstream, type ConsumerMessages } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { IdentityEvents, STREAMS, type Envelope } from '@popote/contracts';
import { ensureStreams, NATS_CONNECTION, PLATFORM_CONFIG } from '@popote/platform';
import type { BffConfig } from '../config';
import { BFF_CONFIG } from '../tokens';

type Revoked = Envelope<{ user_id: string; session_ids: string[] }>;
export interface LiveConnection {
  user_id: string;
  session_id: string | null;
  close(code: number, reason: string): void;
}

/** WebSocket close code of a subscription whose session was closed (4xxx: the application's own). */
export const SESSION_CLOSED = 4403;

/**
 * Closed sessions, as identity announces them (sign-out, password change, stolen refresh token):
 * every BFF replica follows the announcements, refuses the access tokens of those sessions until
 * they expire anyway, and closes the live subscriptions opened with them.
 */
@Injectable()
export class SessionRevocations implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('SessionRevocations');
  /** session id → until when its access tokens could still be presented. */
  private readonly revoked = new Map<string, number>();
  private readonly live = new Set<LiveConnection>();
  private messages?: ConsumerMessages;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(PLATFORM_CONFIG) private readonly platform: { EVENTS_STREAM_REPLICAS: number },
    @Inject(BFF_CONFIG) private readonly config: BffConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await ensureStreams(this.nc, this.platform.EVENTS_STREAM_REPLICAS);
    const js = jetstream(this.nc);
    // Replays the announcements an access token issued before them could still meet.
    const since = new Date(Date.now() - this.config.ACCESS_TOKEN_TTL_S * 1000).toISOString();
    const consumer = await js.consumers.get(STREAMS.events.name, {
      filter_subjects: [IdentityEvents.sessionsRevoked.subject],
      deliver_policy: DeliverPolicy.StartTime,
      opt_start_time: since,
    });
    this.messages = await consumer.consume();
    void (async () => {
      for await (const m of this.messages!) {
        try {
          const e = m.json<Revoked>();
          this.revoke(e.data.session_ids);
        } catch (err) {
          this.log.warn(`bad revocation event: ${(err as Error).message}`);
        }
      }
    })();
  }

  onApplicationShutdown(): void {
    this.messages?.stop();
  }

  isRevoked(sessionId: string | null): boolean {
    if (!sessionId) return false;
    const until = this.revoked.get(sessionId);
    if (until === undefined) return false;
    if (until < Date.now()) {
      this.revoked.delete(sessionId);
      return false;
    }
    return true;
  }

  /** Applies a revocation here at once (the announcement reaches the other replicas). */
  revoke(sessionIds: string[]): void {
    const until = Date.now() + this.config.ACCESS_TOKEN_TTL_S * 1000;
    for (const id of sessionIds) this.revoked.set(id, until);
    for (const conn of [...this.live]) {
      if (conn.session_id && sessionIds.includes(conn.session_id)) {
        this.live.delete(conn);
        conn.close(SESSION_CLOSED, 'Session terminée');
      }
    }
    if (this.revoked.size > 10_000) for (const [id, t] of this.revoked) if (t < Date.now()) this.revoked.delete(id);
  }

  /** A live subscription connection; returns its unregistration. */
  track(conn: LiveConnection): () => void {
    this.live.add(conn);
    return () => this.live.delete(conn);
  }
}
