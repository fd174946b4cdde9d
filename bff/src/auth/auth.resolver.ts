import { UseGuards } from '@nestjs/common';
import { Args, Context, Mutation, Query, Resolver } from '@nestjs/graphql';
import { IdentityRpc, USER_TYPES, type Actor, type UserType, type VatRegime } from '@popote/contracts';
import { RpcClient } from '@popote/platform';
import { REFRESH_COOKIE } from './auth.constants';
import { AuthGuard, CookOnly } from './auth.guard';
import { CurrentActor } from './current-actor.decorator';
import type { GqlContext } from './gql-context';
import { ChangePasswordInput, CookProfileInput, MeModel, ProfileInput, SignUpInput } from './account.model';
import { SessionRevocations } from './session-revocations.service';
import { SessionService } from './session.service';
import { PublicReadCache } from '../read-cache/public-read-cache.service';
import { UserTypeEnum } from '../graphql-enums';

@Resolver(() => MeModel)
export class AuthResolver {
  constructor(
    private readonly rpc: RpcClient,
    private readonly session: SessionService,
    private readonly revocations: SessionRevocations,
    /** A change to a public profile is seen at once on this replica (the others drop theirs on the event). */
    private readonly reads: PublicReadCache,
  ) {}

  @Query(() => MeModel, { nullable: true, description: 'The signed-in user, or null' })
  async me(@Context() ctx: GqlContext): Promise<MeModel | null> {
    if (!ctx.actor) return null;
    return this.rpc.call(IdentityRpc.getMe, { actor: ctx.actor });
  }

  @Mutation(() => MeModel)
  async signUp(@Args('input') input: SignUpInput, @Context() ctx: GqlContext): Promise<MeModel> {
    const { user, tokens } = await this.rpc.call(IdentityRpc.signUp, {
      ...input,
      user_type: input.user_type,
      client: { ip: ctx.req.ip ?? 'unknown' },
    });
    this.session.set(ctx.res, tokens);
    return this.rpc.call(IdentityRpc.getMe, { actor: { user_id: user.user_id, user_type: user.user_type } });
  }

  @Mutation(() => MeModel)
  async signIn(@Args('email') email: string, @Args('password') password: string, @Context() ctx: GqlContext): Promise<MeModel> {
    const { user, tokens } = await this.rpc.call(IdentityRpc.signIn, { email, password, client: { ip: ctx.req.ip ?? 'unknown' } });
    this.session.set(ctx.res, tokens);
    return this.rpc.call(IdentityRpc.getMe, { actor: { user_id: user.user_id, user_type: user.user_type } });
  }

  @Mutation(() => Boolean)
  async signOut(@Context() ctx: GqlContext): Promise<boolean> {
    const refresh = ctx.req.cookies?.[REFRESH_COOKIE] as string | undefined;
    if (refresh) await this.rpc.call(IdentityRpc.signOut, { refresh_token: refresh });
    // Here at once (live subscriptions close); identity's announcement reaches the other replicas.
    if (ctx.actor?.session_id) this.revocations.revoke([ctx.actor.session_id]);
    this.session.clear(ctx.res);
    return true;
  }

  @Mutation(() => MeModel)
  @UseGuards(AuthGuard)
  async updateProfile(@CurrentActor() actor: Actor, @Args('input') input: ProfileInput, @Context() ctx: GqlContext): Promise<MeModel> {
    const me = await this.rpc.call(IdentityRpc.updateProfile, { actor, profile: input });
    this.reads.invalidate('profile updated');
    // The session's token carries the name (the buyer's name on the next order): issued again at once.
    if (me.user.name !== ctx.actor?.name) await this.session.reissue(ctx.req, ctx.res);
    return me;
  }

  @Mutation(() => Boolean)
  @UseGuards(AuthGuard)
  async changePassword(@Args('input') input: ChangePasswordInput, @Context() ctx: GqlContext): Promise<boolean> {
    // This session stays open; every other one of the user is closed (and told to the replicas).
    const actor = ctx.actor!;
    return (await this.rpc.call(IdentityRpc.changePassword, { actor, input, session_id: actor.session_id })).ok;
  }

  @Mutation(() => MeModel)
  @CookOnly()
  async updateCookProfile(@CurrentActor() actor: Actor, @Args('input') input: CookProfileInput): Promise<MeModel> {
    const me = await this.rpc.call(IdentityRpc.updateCookProfile, {
      actor,
      profile: { ...input, vat_regime: input.vat_regime as VatRegime | undefined },
    });
    this.reads.invalidate('cook profile updated');
    return me;
  }

  @Mutation(() => MeModel, { description: `Switches between ${USER_TYPES.join(' and ')}; the session is reissued with the new role` })
  @UseGuards(AuthGuard)
  async switchRole(
    @CurrentActor() actor: Actor,
    @Args('to', { type: () => UserTypeEnum }) to: UserType,
    @Context() ctx: GqlContext,
  ): Promise<MeModel> {
    const { user, cook_profile, tokens } = await this.rpc.call(IdentityRpc.switchRole, { actor, to });
    // The role travels in the access token: the old session is closed, a new one opened.
    const old = ctx.req.cookies?.[REFRESH_COOKIE] as string | undefined;
    if (old) await this.rpc.call(IdentityRpc.signOut, { refresh_token: old }).catch(() => undefined);
    this.session.set(ctx.res, tokens);
    this.reads.invalidate('role changed');
    return { user, cook_profile };
  }
}
