import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { GqlExecutionContext } from '@nestjs/graphql';
import type { GraphQLResolveInfo } from 'graphql';
import type { GqlContext } from '../auth/gql-context';
import { clientAddress } from './client-address';
import { RateLimitService, type RateBucket } from './rate-limit.service';

/** Mutations with a bucket of their own, counted per client address (nobody is signed in yet, or anyone may call them). */
const BY_ADDRESS: Record<string, RateBucket> = {
  signUp: 'signUp',
  signIn: 'signIn',
  operatorSignIn: 'signIn',
  confirmOperatorEnrolment: 'signIn',
  reportContent: 'report',
  sendContactMessage: 'contact',
  requestPasswordReset: 'passwordReset',
};

/**
 * Every GraphQL mutation is counted before it runs: sign-up, sign-in and the contact form per client
 * address, the others per signed-in user (or address). Queries are bounded by the operation limits.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(private readonly limits: RateLimitService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType<'graphql' | 'http'>() !== 'graphql') return true;
    const gql = GqlExecutionContext.create(context);
    const info = gql.getInfo<GraphQLResolveInfo>();
    if (info.parentType.name !== 'Mutation') return true;
    const ctx = gql.getContext<GqlContext>();
    const address = `ip:${clientAddress(ctx.req)}`;
    const bucket = BY_ADDRESS[info.fieldName];
    if (bucket) await this.limits.consume(bucket, address);
    else await this.limits.consume('mutation', ctx.actor ? `user:${ctx.actor.user_id}` : address);
    return true;
  }
}
