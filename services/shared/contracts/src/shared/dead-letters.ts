import { z } from 'zod';
import { defineRpc, SERVICE_NAMES, type ServiceName } from './envelope';

/**
 * The dead letters of a service's own durable consumers, for the operators' console:
 * every service answers them, from @popote/platform (DeadLetterReplays), with the checks of
 * `./popote dlq` (infra/local/src/dlq.ts) and the same code.
 *
 * - `rpc.<service>.dead-letters` — the letters waiting under the service's durables
 *   (`dlq.<service>-…`), oldest first, at most DEAD_LETTERS_LIST_LIMIT (`more`: others wait after them).
 * - `rpc.<service>.replay-dead-letter` — the service's own consumer of that durable handles the
 *   original again (read from EVENTS at the sequence the letter names, refused when it is not there
 *   or does not match the letter), as a delivery would, and only that consumer; then the letter is
 *   removed. Nothing is published: the BFF, which asks, may publish no event. A letter refused, or
 *   whose handling fails again, stays in the queue; `why` says why, in French.
 *
 * Only the BFF asks (the console, operators only, each replay written to the audit log first).
 */
export const DEAD_LETTERS_LIST_LIMIT = 200;

/** A JetStream stream sequence (an integer JavaScript keeps exactly). */
const streamSeq = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

export const deadLetterSchema = z.object({
  /** Its sequence in DEAD_LETTERS. */
  seq: streamSeq,
  /** The durable consumer that gave up (`<service>-<handler>`, `…-p<k>`), from its subject `dlq.<durable>`. */
  durable: z.string(),
  /** The original's subject, as the letter claims it (null: it names none, it will be refused). */
  subject: z.string().nullable(),
  /** The original's sequence in EVENTS, as the letter claims it (null: it names none, it will be refused). */
  original_seq: streamSeq.nullable(),
  /** The envelope's type and id (null: the letter is not an envelope). */
  type: z.string().nullable(),
  event_id: z.string().nullable(),
  /** Why the consumer gave up (the handler's last error, or why the message was invalid). */
  reason: z.string(),
  /** When it was dead-lettered. */
  at: z.iso.datetime(),
});
export type DeadLetterDto = z.infer<typeof deadLetterSchema>;

export const DEAD_LETTER_OUTCOMES = ['replayed', 'refused'] as const;
export type DeadLetterOutcome = (typeof DEAD_LETTER_OUTCOMES)[number];

export const deadLettersRpc = (service: ServiceName) =>
  defineRpc(`rpc.${service}.dead-letters`, z.object({}), z.object({ letters: z.array(deadLetterSchema), more: z.boolean() }), {
    callers: ['bff'],
  });

export const replayDeadLetterRpc = (service: ServiceName) =>
  defineRpc(
    `rpc.${service}.replay-dead-letter`,
    z.object({ seq: streamSeq }),
    z.object({
      outcome: z.enum(DEAD_LETTER_OUTCOMES),
      /** Refused: why, in French. Replayed: null, or what went wrong after (the letter could not be removed). */
      why: z.string().nullable(),
    }),
    { callers: ['bff'] },
  );

/** Every RPC of this contract, by subject (the NATS permission table is checked against them). */
export const DEAD_LETTER_RPCS = SERVICE_NAMES.flatMap((s) => [deadLettersRpc(s), replayDeadLetterRpc(s)]);
