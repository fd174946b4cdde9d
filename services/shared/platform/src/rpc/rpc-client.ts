import { Logger } from '@nestjs/common';
import { ClientProxyFactory, NatsRecordBuilder, Transport, type ClientProxy } from '@nestjs/microservices';
import { headers as natsHeaders } from '@nats-io/transport-node';
import { DomainError, type RpcContract } from '@popote/contracts';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import { injectTraceHeaders, inSpan, SpanKind, context } from '../telemetry';
import { validationPayload } from './rpc-server';

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

  constructor(natsUrl: string, name: string) {
    this.proxy = ClientProxyFactory.create({
      transport: Transport.NATS,
      options: { servers: natsUrl.split(','), name: `${name}-rpc-client`, maxReconnectAttempts: -1 },
    }) as ClientProxy;
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
        const record = new NatsRecordBuilder(payload).setHeaders(injectTraceHeaders(natsHeaders())).build();
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
  if (err instanceof TimeoutError) return new DomainError('UNAVAILABLE', `${subject}: no answer in time`);
  const message = (err as { message?: string })?.message ?? String(err);
  // NATS' no-responders status, or Nest's "There are no subscribers listening to that message".
  if (/no responders|no subscribers|503/i.test(message)) return new DomainError('UNAVAILABLE', `${subject}: no service answers`);
  log.error(`${subject} failed: ${message}`);
  return new DomainError('INTERNAL', `${subject} failed`);
}
