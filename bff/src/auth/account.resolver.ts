import { createHash } from 'node:crypto';
import { Injectable, UseGuards, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { GqlExecutionContext, Args, Context, Mutation, Resolver } from '@nestjs/graphql';
import { ACCOUNT_MESSAGES, DomainError, IDENTITY_MESSAGES, IdentityRpc } from '@popote/contracts';
import { RpcClient } from '@popote/platform';
import { DataExportsService } from '../account/exports/data-exports.service';
import { PublicReadCache } from '../read-cache/public-read-cache.service';
import { RateLimitService } from '../security/rate-limit.service';
import { ChangeEmailInput, EmailVerificationModel, ResetPasswordInput } from './account.model';
import { AuthGuard } from './auth.guard';
import type { GqlContext } from './gql-context';
import { SessionRevocations } from './session-revocations.service';
import { SessionService } from './session.service';

/**
 * Identity's answer about the signed-in user, asked once per request: a guard and the resolver
 * after it (the buyer's name on the order, the cook's username on a dish) share one call.
 */
export function meOf(ctx: GqlContext, rpc: RpcClient) {
  const actor = ctx.actor;
  if (!actor) throw new DomainError('UNAUTHENTICATED', IDENTITY_MESSAGES.notSignedIn);
  ctx.me ??= rpc.call(IdentityRpc.getMe, { actor: { user_id: actor.user_id, user_type: actor.user_type } });
  return ctx.me;
}

/**
 * Paying and publishing a dish need a confirmed address. A session whose token was issued after the
 * confirmation says so (a confirmation is never withdrawn: `TokenProfile`); otherwise identity is
 * asked at the moment of the action (one call, shared with the resolver: `meOf`), so a confirmation
 * counts at once in every open session.
 */
@Injectable()
export class VerifiedEmailGuard implements CanActivate {
  constructor(private readonly rpc: RpcClient) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const ctx = GqlExecutionContext.create(context).getContext<GqlContext>();
    if (ctx.actor?.email_verified) return true;
    const { user } = await meOf(ctx, this.rpc);
    if (!user.email_verified)
      throw new DomainError('FORBIDDEN', ACCOUNT_MESSAGES.emailNotVerified, undefined, { reason: 'EMAIL_NOT_VERIFIED' });
    return true;
  }
}

/** Email verification, password reset, email change and erasure. The export: DataExportsResolver. */
@Resolver()
export class AccountResolver {
  constructor(
    private readonly rpc: RpcClient,
    private readonly limits: RateLimitService,
    private readonly session: SessionService,
    private readonly revocations: SessionRevocations,
    private readonly reads: PublicReadCache,
    private readonly exports: DataExportsService,
  ) {}

  @Mutation(() => Boolean, { description: "'Renvoyer l'email': a new verification link (rate-limited per account)" })
  @UseGuards(AuthGuard)
  async resendVerificationEmail(@Context() ctx: GqlContext): Promise<boolean> {
    const actor = ctx.actor!;
    await this.limits.consume('verifyEmail', `user:${actor.user_id}`);
    return (await this.rpc.call(IdentityRpc.resendVerification, { actor: { user_id: actor.user_id, user_type: actor.user_type } })).ok;
  }

  @Mutation(() => EmailVerificationModel, { description: 'Opens a verification or email-change link (single use)' })
  async verifyEmail(@Args('token') token: string, @Context() ctx: GqlContext): Promise<EmailVerificationModel> {
    const { email, purpose } = await this.rpc.call(IdentityRpc.verifyEmail, { token });
    // Opened in a session whose token says "not confirmed": issued again, it says what identity says now.
    if (ctx.actor && !ctx.actor.email_verified) await this.session.reissue(ctx.req, ctx.res);
    return { email, purpose };
  }

  @Mutation(() => Boolean, { description: "'Mot de passe oublié ?': the same answer whether or not the address has an account" })
  async requestPasswordReset(@Args('email') email: string): Promise<boolean> {
    // Per client address (the guard) and per target address: nobody floods one mailbox.
    // Counted under a hash of the address: the counters keep no address in clear (erasure).
    await this.limits.consume('passwordReset', `email:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`);
    return (await this.rpc.call(IdentityRpc.requestPasswordReset, { email })).ok;
  }

  @Mutation(() => Boolean, { description: 'A new password from a reset link; every session of the account is closed' })
  async resetPassword(@Args('input') input: ResetPasswordInput): Promise<boolean> {
    return (await this.rpc.call(IdentityRpc.resetPassword, input)).ok;
  }

  @Mutation(() => Boolean, { description: 'Sends a confirmation link to the new address and a notice to the current one' })
  @UseGuards(AuthGuard)
  async requestEmailChange(@Args('input') input: ChangeEmailInput, @Context() ctx: GqlContext): Promise<boolean> {
    const actor = ctx.actor!;
    await this.limits.consume('verifyEmail', `user:${actor.user_id}`);
    return (await this.rpc.call(IdentityRpc.requestEmailChange, { actor: { user_id: actor.user_id, user_type: actor.user_type }, input }))
      .ok;
  }

  @Mutation(() => Boolean, {
    description: "'Supprimer mon compte' (needs the password); refused with the reason while an order is in progress",
  })
  @UseGuards(AuthGuard)
  async deleteAccount(@Args('password') password: string, @Context() ctx: GqlContext): Promise<boolean> {
    const actor = ctx.actor!;
    await this.rpc.call(IdentityRpc.deleteAccount, { actor: { user_id: actor.user_id, user_type: actor.user_type }, password });
    if (actor.session_id) this.revocations.revoke([actor.session_id]);
    this.session.clear(ctx.res);
    this.reads.invalidate('account erased'); // the other replicas on the erasure event
    // The export archives now; ExportErasureConsumer does it again from the event if this replica stops here.
    await this.exports.eraseUser(actor.user_id).catch(() => undefined);
    return true;
  }
}
