import { z } from 'zod';

/** Every integration event travels in this envelope (architecture §4). */
export const envelopeSchema = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  occurred_at: z.string().datetime(),
  correlation_id: z.string().min(1),
  causation_id: z.string().nullable(),
  data: z.unknown(),
});
export type Envelope<T = unknown> = Omit<z.infer<typeof envelopeSchema>, 'data'> & { data: T };

export interface EventContract<T> {
  /** NATS subject, `evt.<service>.<aggregate>-<past-verb>.v<N>`. */
  readonly subject: string;
  readonly schema: z.ZodType<T, any>;
}

/** `Req` is what a handler receives (defaults applied), `ReqIn` what a caller may send. */
export interface RpcContract<Req, Res, ReqIn = Req> {
  /** NATS subject, `rpc.<service>.<verb-noun>`. */
  readonly subject: string;
  readonly request: z.ZodType<Req, ReqIn>;
  readonly response: z.ZodType<Res, any>;
}
export type RpcRequest<C> = C extends RpcContract<infer Req, any, any> ? Req : never;
export type RpcResponse<C> = C extends RpcContract<any, infer Res, any> ? Res : never;

export function defineEvent<S extends z.ZodType>(subject: string, schema: S): EventContract<z.output<S>> {
  if (!/^evt\.[a-z]+\.[a-z-]+\.v\d+$/.test(subject)) throw new Error(`bad event subject ${subject}`);
  return { subject, schema: schema as unknown as z.ZodType<z.output<S>, any> };
}

export function defineRpc<Q extends z.ZodType, R extends z.ZodType>(
  subject: string,
  request: Q,
  response: R,
): RpcContract<z.output<Q>, z.output<R>, z.input<Q>> {
  if (!/^rpc\.[a-z]+\.[a-z-]+$/.test(subject)) throw new Error(`bad rpc subject ${subject}`);
  return {
    subject,
    request: request as unknown as z.ZodType<z.output<Q>, z.input<Q>>,
    response: response as unknown as z.ZodType<z.output<R>, any>,
  };
}

/** Who asks: set by the BFF from the verified session, never by the browser. */
export const actorSchema = z.object({
  user_id: z.string().min(1),
  user_type: z.enum(['consumer', 'cook']),
});
export type Actor = z.infer<typeof actorSchema>;

/** JetStream layout shared by producers and consumers. */
export const STREAMS = {
  events: { name: 'EVENTS', subjects: ['evt.>'] },
  deadLetters: { name: 'DEAD_LETTERS', subjects: ['dlq.>'] },
} as const;
