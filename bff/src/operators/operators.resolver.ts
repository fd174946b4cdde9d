import { Inject, UseGuards } from '@nestjs/common';
import { Args, Context, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { OperatorRpc, type OperatorSession } from '@popote/contracts';
import { RpcClient, verifyOperatorToken, type OperatorActor } from '@popote/platform';
import type { CookieOptions, Response } from 'express';
import type { GqlContext } from '../auth/gql-context';
import type { BffConfig } from '../config';
import { BFF_CONFIG } from '../tokens';
import { AuditPageModel, OperatorEnrolmentModel, OperatorModel, OperatorSignInModel } from './operator.model';
import { CurrentOperator, OPERATOR_COOKIE, OperatorGuard } from './operator.guard';

/**
 * The operators' console (ADR 0041): sign-in with a password and a second factor, the session in an
 * httpOnly cookie of its own (SameSite strict, as long as the token), the audit log.
 */
@Resolver()
export class OperatorsResolver {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(BFF_CONFIG) private readonly config: BffConfig,
  ) {}

  /** The console cookie's attributes, the same when it is set and when it is cleared. */
  private cookie(): CookieOptions {
    return { httpOnly: true, secure: this.config.COOKIE_SECURE === 'true', sameSite: 'strict', path: '/' };
  }

  private open(res: Response, session: OperatorSession): OperatorActor {
    res.cookie(OPERATOR_COOKIE, session.access_token, { ...this.cookie(), expires: new Date(session.expires_at) });
    return session.operator;
  }

  @Query(() => OperatorModel, { nullable: true, description: 'The signed-in operator, or null' })
  async operator(@Context() ctx: GqlContext): Promise<OperatorModel | null> {
    const token = ctx.req.cookies?.[OPERATOR_COOKIE] as string | undefined;
    return token ? verifyOperatorToken(token, 'session', this.config) : null;
  }

  @Mutation(() => OperatorSignInModel)
  async operatorSignIn(
    @Args('email') email: string,
    @Args('password') password: string,
    @Args('code', { type: () => String, nullable: true }) code: string | undefined,
    @Context() ctx: GqlContext,
  ): Promise<OperatorSignInModel> {
    const result = await this.rpc.call(OperatorRpc.signIn, {
      email,
      password,
      code: code ?? undefined,
      client: { ip: ctx.req.ip ?? 'unknown' },
    });
    if (result.step === 'signed_in')
      return { step: result.step, operator: this.open(ctx.res, result.session), recovery_code_used: result.recovery_code_used };
    return result;
  }

  @Mutation(() => OperatorEnrolmentModel)
  async confirmOperatorEnrolment(
    @Args('enrolment_token') enrolmentToken: string,
    @Args('code') code: string,
    @Context() ctx: GqlContext,
  ): Promise<OperatorEnrolmentModel> {
    const done = await this.rpc.call(OperatorRpc.confirmEnrolment, {
      enrolment_token: enrolmentToken,
      code,
      client: { ip: ctx.req.ip ?? 'unknown' },
    });
    return { operator: this.open(ctx.res, done.session), recovery_codes: done.recovery_codes };
  }

  @Mutation(() => Boolean)
  operatorSignOut(@Context() ctx: GqlContext): boolean {
    ctx.res.clearCookie(OPERATOR_COOKIE, this.cookie());
    return true;
  }

  @Query(() => AuditPageModel, { description: "The operators' audit log, newest first" })
  @UseGuards(OperatorGuard)
  operatorAudit(
    @CurrentOperator() operator: OperatorActor,
    @Args('before', { type: () => String, nullable: true }) before: string | undefined,
    @Args('limit', { type: () => Int, defaultValue: 50 }) limit: number,
  ): Promise<AuditPageModel> {
    return this.rpc.call(OperatorRpc.audit, { operator_id: operator.operator_id, before: before ?? undefined, limit });
  }
}
