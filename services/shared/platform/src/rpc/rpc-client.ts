import { Logger } from '@nestjs/common';
import { ClientNats, NatsRecordBuilder, type ReadPacket, type WritePacket } from '@nestjs/microservices';
import { headers as natsHeaders, type Msg, type NatsConnection } from '@nats-io/transport-node';
import { DomainError, type Actor, type RpcContract } from '@popote/contracts';
import { ACTOR_HEADER, actorAssertionContext, sameActor, type ActorSigner } from '../actor-assertion';
import { natsOptions, type NatsConfig } from '../nats';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import { injectTraceHeaders, inSpan, SpanKind, context } from '../telemetry';
import { validationPayload } from './rpc-server';

const UNAVAILABLE_MESSAGE = 'Service momentanément indisponible, veuillez réessayer';

export interface RpcCallOptions {
  timeoutMs?: number;
}

/** The caller's own timeout when it gives none. */
const DEFAULT_TIMEOUT_MS = 5000;
/**
 * How long NATS keeps waiting for a reply: a little past the call's own timeout (which answers the
 * caller first), so that a request whose caller gave up does not stay pending in nats.js — with its
 * payload and timer — long after, when a service receives requests but no longer answers them.
 */
const REPLY_GRACE_MS = 1000;
/** Each record's reply wait, from `RpcClient.call` to the client's `publish`. */
const replyWaits = new WeakMap<object, number>();

/**
 * Nest's NATS client, but each request goes through nats.js's own `request()`: its replies come in
 * on the connection's one shared ("muxed") inbox subscription. Nest's client subscribes a new inbox
 * for every request and unsubscribes it after the reply — SUB with the request, then UNSUB: a
 * second socket write per call and two interest changes on the NATS server, a measurable part of a
 * call on a 2-core machine (ADR 0019). Packets are serialized, and replies decoded and
 * matched, by Nest's own serializer and handler as before.
 */
class MuxedNatsClient extends ClientNats {
  protected override publish(partialPacket: ReadPacket, callback: (packet: WritePacket) => unknown): () => void {
    const packet = this.assignPacketId(partialPacket);
    let waiting = true;
    const handle = this.createSubscriptionHandler(packet, (reply) => (waiting ? callback(reply) : undefined));
    // A reply that cannot be decoded (not JSON) is this call's error, not an unhandled rejection.
    const settle = (err: Error | null, msg: Msg | object) => {
      if (!waiting) return; // the caller gave up: a late reply is not even decoded
      Promise.resolve(handle(err, msg)).catch((failure: unknown) => (waiting ? callback({ err: failure }) : undefined));
    };
    try {
      const serialized = this.serializer.serialize(packet) as { data: Uint8Array | string; headers?: unknown };
      (this.natsClient as NatsConnection)
        .request(this.normalizePattern(partialPacket.pattern), serialized.data, {
          headers: this.mergeHeaders(serialized.headers),
          timeout: (replyWaits.get(partialPacket.data as object) ?? DEFAULT_TIMEOUT_MS) + REPLY_GRACE_MS,
        })
        .then(
          (msg: Msg) => settle(null, msg),
          (err: Error) => settle(err, {}),
        );
    } catch (err) {
      callback({ err });
    }
    // The caller gave up (its timeout) or has its answer: a late reply is dropped.
    return () => {
      waiting = false;
    };
  }
}

/**
 * Request/reply over NATS through @nestjs/microservices' NATS transport. Requests and replies are
 * validated against the shared contract; failures come back as `DomainError` with the service's code;
 * the trace context travels in the NATS headers.
 */
export class RpcClient {
  private readonly proxy: ClientNats;
  private readonly log = new Logger('RpcClient');

  /**
   * @param signer the BFF's: signs the `actor` of each request. Without it (a service), a request
   *   with an `actor` carries the assertion of the request being handled, when it names the same user.
   */
  constructor(
    nats: NatsConfig,
    name: string,
    private readonly signer?: ActorSigner,
  ) {
    this.proxy = new MuxedNatsClient(natsOptions(nats, `${name}-rpc-client`));
  }

  private async assertionFor(payload: unknown): Promise<string | undefined> {
    const actor = (payload as { actor?: Actor } | null)?.actor;
    if (!actor || typeof actor !== 'object') return undefined;
    if (this.signer) return this.signer.sign(actor);
    const current = actorAssertionContext.getStore();
    return current && sameActor(current.actor, actor) ? current.token : undefined;
  }

  async connect(): Promise<void> {
    await this.proxy.connect();
  }

  async close(): Promise<void> {
    await this.proxy.close();
  }

  async call<Req, Res, ReqIn>(contract: RpcContract<Req, Res, ReqIn>, request: ReqIn, options: RpcCallOptions = {}): Promise<Res> {
    const parsed = contract.request.safeParse(request);
    if (!parsed.success) {
      // Refused before it leaves: same coded error as the service would answer.
      const p = validationPayload(parsed.error);
      throw new DomainError(p.code, p.message, p.fields);
    }
    const payload = parsed.data;
    return inSpan(
      contract.subject,
      SpanKind.CLIENT,
      context.active(),
      { 'messaging.system': 'nats', 'messaging.destination.name': contract.subject },
      async () => {
        const headers = injectTraceHeaders(natsHeaders());
        const assertion = await this.assertionFor(payload);
        if (assertion) headers.set(ACTOR_HEADER, assertion);
        const record = new NatsRecordBuilder(payload).setHeaders(headers).build();
        const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
        replyWaits.set(record, timeoutMs);
        try {
          const reply = await firstValueFrom(this.proxy.send(contract.subject, record).pipe(timeout(timeoutMs)));
          return contract.response.parse(reply);
        } catch (err) {
          throw toDomainError(contract.subject, err, this.log);
        }
      },
    );
  }
}

function toDomainError(subject: string, err: unknown, log: Logger): DomainError {
  if (err instanceof DomainError) return err;
  if (DomainError.isPayload(err)) return new DomainError(err.code, err.message, err.fields, err.details);
  // Subject names are internal: they are logged, never put in a message that may reach a browser.
  if (err instanceof TimeoutError) {
    log.warn(`${subject}: no answer in time`);
    return new DomainError('UNAVAILABLE', UNAVAILABLE_MESSAGE);
  }
  const message = (err as { message?: string })?.message ?? String(err);
  // NATS' no-responders status, or Nest's "There are no subscribers listening to that message".
  if (/no responders|no subscribers|503/i.test(message)) {
    log.warn(`${subject}: no service answers`);
    return new DomainError('UNAVAILABLE', UNAVAILABLE_MESSAGE);
  }
  if (/permission/i.test(message)) log.error(`${subject}: refused by NATS (${message})`);
  else log.error(`${subject} failed: ${message}`);
  return new DomainError('INTERNAL', 'Une erreur est survenue');
}
