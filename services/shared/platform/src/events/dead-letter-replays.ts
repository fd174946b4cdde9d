import { Controller, Inject, Injectable, Logger, type Type } from '@nestjs/common';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  DEAD_LETTERS_LIST_LIMIT,
  deadLettersRpc,
  replayDeadLetterRpc,
  STREAMS,
  type DeadLetterDto,
  type DeadLetterOutcome,
  type RpcRequest,
  type ServiceName,
} from '@popote/contracts';
import { RpcHandler } from '../rpc/rpc-handler';
import { NATS_CONNECTION, SERVICE_NAME } from '../tokens';
import { EventConsumerHost } from './consumer';
import { listDeadLetters, originalOf, readDeadLetter, refusalFrench, type DeadLetter } from './dead-letters';
import { DistributedLocks } from './locks';

/** The console's French answers besides the checks' own (dead-letters.ts refusalFrench). */
export const DEAD_LETTER_MESSAGES = {
  gone: 'Cette lettre morte n’est plus dans la file (déjà rejouée ou retirée) : rechargez la liste.',
  notOurs: (durable: string, service: string) => `Cette lettre morte est celle de ${durable}, pas d’un consommateur de ${service}.`,
  failedAgain: (error: string) => `Le traitement a encore échoué : ${error}. La lettre reste dans la file.`,
  notRemoved: (error: string) => `Rejouée, mais la lettre n’a pas pu être retirée de la file : ${error}`,
} as const;

export interface ReplayAnswer {
  outcome: DeadLetterOutcome;
  why: string | null;
}

const refused = (why: string): ReplayAnswer => ({ outcome: 'refused', why });

const toDto = (l: DeadLetter): DeadLetterDto => ({
  seq: l.seq,
  durable: l.durable,
  subject: l.subject ?? null,
  original_seq: l.originalSeq ?? null,
  type: l.type ?? null,
  event_id: l.eventId ?? null,
  reason: l.reason,
  at: l.at.toISOString(),
});

/**
 * A service's own dead letters, for the operators' console (contracts' shared/dead-letters.ts):
 * listed, and replayed by the service's own consumer of the letter's durable — the letter checked
 * as `./popote dlq` checks it (the same code, dead-letters.ts), nothing published (the BFF, which
 * asks, may publish no event), the letter removed once its original is handled.
 */
@Injectable()
export class DeadLetterReplays {
  private readonly log = new Logger('DeadLetters');
  private jsm?: Promise<JetStreamManager>;

  constructor(
    @Inject(SERVICE_NAME) private readonly service: string,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    private readonly consumers: EventConsumerHost,
    private readonly locks: DistributedLocks,
  ) {}

  private manager(): Promise<JetStreamManager> {
    this.jsm ??= jetstreamManager(this.nc).catch((err: unknown) => {
      this.jsm = undefined;
      throw err;
    });
    return this.jsm;
  }

  /** Its durables are `<service>-…`: NATS lets a service dead-letter under those only (`dlq.<own durable>`). */
  private owns(durable: string): boolean {
    return durable.startsWith(`${this.service}-`);
  }

  /** The service's letters, oldest first, at most DEAD_LETTERS_LIST_LIMIT (`more`: others wait after them). */
  async list(): Promise<{ letters: DeadLetterDto[]; more: boolean }> {
    const found = await listDeadLetters(await this.manager(), { durables: (d) => this.owns(d), limit: DEAD_LETTERS_LIST_LIMIT + 1 });
    return { letters: found.slice(0, DEAD_LETTERS_LIST_LIMIT).map(toDto), more: found.length > DEAD_LETTERS_LIST_LIMIT };
  }

  /**
   * Replays the letter `seq` of DEAD_LETTERS: one of this service's durables, one its process
   * replays (not a per-partition one: EventConsumerHost.replayRefusal), its original in EVENTS at
   * the sequence it names with the same subject and bytes; then that durable's consumer handles the
   * original, and the letter is removed. Anything else is refused and leaves the letter where it is.
   * One replay of a letter at a time, across replicas (two operators, two clicks).
   */
  replay(seq: number): Promise<ReplayAnswer> {
    return this.locks.run(`dead-letter:${seq}`, async () => {
      const jsm = await this.manager();
      const letter = await readDeadLetter(jsm, seq);
      if (!letter) return refused(DEAD_LETTER_MESSAGES.gone);
      if (!this.owns(letter.durable)) return refused(DEAD_LETTER_MESSAGES.notOurs(letter.durable, this.service));
      const notHere = this.consumers.replayRefusal(letter.durable);
      if (notHere) return refused(notHere);
      const found = await originalOf(jsm, letter);
      if ('refused' in found) return refused(refusalFrench(found.refused));
      const handled = await this.consumers.replay(letter.durable, found.original, letter.seq);
      if ('failed' in handled) return refused(DEAD_LETTER_MESSAGES.failedAgain(handled.failed));
      try {
        await jsm.streams.deleteMessage(STREAMS.deadLetters.name, letter.seq);
      } catch (err) {
        // Handled: a second replay would find it applied (its mark) and remove it then.
        this.log.error(`${letter.durable}: dead letter ${letter.seq} replayed but not removed: ${(err as Error).message}`);
        return { outcome: 'replayed', why: DEAD_LETTER_MESSAGES.notRemoved((err as Error).message) };
      }
      return { outcome: 'replayed', why: null };
    });
  }
}

/**
 * `rpc.<service>.dead-letters` and `rpc.<service>.replay-dead-letter` (callers: the BFF), in every
 * service with a database (the processes that run event consumers).
 */
export function deadLettersController(service: string): Type<unknown> {
  // The contracts name the six services; the platform's own tests run it as another.
  const list = deadLettersRpc(service as ServiceName);
  const replay = replayDeadLetterRpc(service as ServiceName);
  @Controller()
  class DeadLettersController {
    constructor(private readonly replays: DeadLetterReplays) {}

    @RpcHandler(list)
    deadLetters() {
      return this.replays.list();
    }

    @RpcHandler(replay)
    replayDeadLetter(req: RpcRequest<typeof replay>) {
      return this.replays.replay(req.seq);
    }
  }
  return DeadLettersController;
}
