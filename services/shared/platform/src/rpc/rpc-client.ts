import { Logger } from '@nestjs/common';
import { ClientProxyFactory, NatsRecordBuilder, Transport, type ClientProxy } from '@nestjs/microservices';
import { headers as natsHeaders } from '@nats-io/transport-node';
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

/**
 * Request/reply over NATS through @nestjs/microservices' NATS transport. Requests and replies are
 * validated against the shared contract; failures come back as `DomainError` with the service's code;
 * the trace context travels in the NATS headers.
 */
export class RpcClient {
  private readonly proxy: ClientProxy;
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
    this.proxy = ClientProxyFactory.create({
      transport: Transport.NATS,
      options: natsOptions(nats, `${name}-rpc-client`),
    }) as ClientProxy;
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
        try {
          const reply = await firstValueFrom(this.proxy.send(contract.subject, record).pipe(timeout(options.timeoutMs ?? 5000)));
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
