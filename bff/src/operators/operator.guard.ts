import { createParamDecorator, Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { GqlExecutionContext } from '@nestjs/graphql';
import { DomainError, OPERATOR_MESSAGES } from '@popote/contracts';
import { verifyOperatorToken, type OperatorActor } from '@popote/platform';
import type { Request } from 'express';
import type { BffConfig } from '../config';
import { BFF_CONFIG } from '../tokens';

/** The console's session cookie: an operator token (its own audience), never a buyer's or cook's. */
export const OPERATOR_COOKIE = 'popote_ops';

type WithOperator = Request & { operator?: OperatorActor };

/** Operators only: the console's cookie, verified on every request (buyers' and cooks' sessions open nothing here). */
@Injectable()
export class OperatorGuard implements CanActivate {
  constructor(@Inject(BFF_CONFIG) private readonly config: BffConfig) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = GqlExecutionContext.create(context).getContext<{ req: WithOperator }>().req;
    const token = req.cookies?.[OPERATOR_COOKIE] as string | undefined;
    const operator = token ? await verifyOperatorToken(token, 'session', this.config) : null;
    if (!operator) throw new DomainError('UNAUTHENTICATED', OPERATOR_MESSAGES.sessionExpired);
    req.operator = operator;
    return true;
  }
}

/** The operator the guard verified. */
export const CurrentOperator = createParamDecorator(
  (_: unknown, context: ExecutionContext): OperatorActor =>
    GqlExecutionContext.create(context).getContext<{ req: WithOperator }>().req.operator!,
);
