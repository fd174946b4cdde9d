import {
  Catch,
  Injectable,
  Logger,
  type ArgumentsHost,
  type CallHandler,
  type ExceptionFilter,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import { NatsContext } from '@nestjs/microservices';
import { DomainError, type ErrorPayload, type RpcContract } from '@popote/contracts';
import { from, lastValueFrom, throwError, type Observable } from 'rxjs';
import { ZodError } from 'zod';
import { context, extractTraceContext, inSpan, SpanKind } from '../telemetry';
import { ACTOR_HEADER, actorAssertionContext, ActorVerifier, sameActor } from '../actor-assertion';

/** Continues the caller's trace: a SERVER span per handled request, child of the traceparent header. */
@Injectable()
export class RpcTracingInterceptor implements NestInterceptor {
  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (ctx.getType() !== 'rpc') return next.handle();
    const nats = ctx.switchToRpc().getContext<NatsContext>();
    const parent = extractTraceContext(nats.getHeaders());
    const subject = nats.getSubject();
    return from(
      context.with(parent, () =>
        inSpan(subject, SpanKind.SERVER, parent, { 'messaging.system': 'nats', 'messaging.destination.name': subject }, () =>
          lastValueFrom(next.handle(), { defaultValue: null }),
        ),
      ),
    );
  }
}

/**
 * The acting user of a request is the one its signed assertion names (header `Popote-Actor`), not
 * whatever its `actor` field says: a request with an `actor` and no valid assertion for that same
 * user is refused before its handler runs. The handler runs with the assertion at hand, so the calls
 * it makes on that user's behalf carry it on.
 */
@Injectable()
export class ActorAssertionInterceptor implements NestInterceptor {
  private readonly log = new Logger('ActorAssertion');
  constructor(private readonly verifier: ActorVerifier) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (ctx.getType() !== 'rpc') return next.handle();
    const data = ctx.switchToRpc().getData<{ actor?: unknown } | null>();
    if (!data || typeof data !== 'object' || !('actor' in data)) return next.handle();
    const nats = ctx.switchToRpc().getContext<NatsContext>();
    const token = nats.getHeaders()?.get(ACTOR_HEADER) || undefined;
    return from(
      this.verifier.verify(token).then((actor) => {
        if (!actor || !sameActor(actor, data.actor as { user_id?: unknown; user_type?: unknown })) {
          this.log.warn(`${nats.getSubject()}: ${token ? 'assertion does not match the actor' : 'no actor assertion'}; refused`);
          throw new DomainError('UNAUTHENTICATED', 'Votre session a expiré, veuillez vous reconnecter');
        }
        return actorAssertionContext.run({ token: token!, actor }, () => lastValueFrom(next.handle(), { defaultValue: null }));
      }),
    );
  }
}

/**
 * Turns what a handler throws into a coded reply. Expected rule breaks keep their code and French
 * message; anything else becomes INTERNAL with no stack trace leaving the process.
 */
@Catch()
export class RpcErrorFilter extends BaseExceptionFilter implements ExceptionFilter {
  private readonly log = new Logger('RpcErrorFilter');

  override catch(exception: unknown, host: ArgumentsHost): Observable<never> | unknown {
    const type = host.getType<'rpc' | 'http' | 'graphql'>();
    // GraphQL formats its own errors (the BFF's formatError); HTTP keeps Nest's default replies.
    if (type === 'graphql') return exception;
    if (type !== 'rpc') return super.catch(exception, host);
    return throwError(() => this.toPayload(exception, host));
  }

  private toPayload(exception: unknown, host: ArgumentsHost): ErrorPayload {
    if (exception instanceof DomainError) return exception.toPayload();
    if (exception instanceof ZodError) return validationPayload(exception);
    const subject = host.getType() === 'rpc' ? host.switchToRpc().getContext<NatsContext>().getSubject() : 'rpc';
    this.log.error(`${subject}: ${(exception as Error)?.stack ?? String(exception)}`);
    return { code: 'INTERNAL', message: 'Une erreur est survenue' };
  }
}

export function validationPayload(err: ZodError): ErrorPayload {
  const fields: Record<string, string> = {};
  for (const issue of err.issues) {
    // The field a person typed in: the last named segment (`profile.username` → `username`).
    const key =
      [...issue.path]
        .reverse()
        .find((seg) => typeof seg === 'string')
        ?.toString() ?? '_';
    fields[key] ??= issue.message;
  }
  return { code: 'VALIDATION_FAILED', message: 'Données invalides', fields };
}

/** Validates an incoming request against its contract (a thin controller calls this first). */
export function parseRequest<Req, Res, ReqIn>(contract: RpcContract<Req, Res, ReqIn>, payload: unknown): Req {
  return contract.request.parse(payload);
}
