import { UseGuards } from '@nestjs/common';
import { Args, Context, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { AlertsRpc, type Actor } from '@popote/contracts';
import { RpcClient } from '@popote/platform';
import { AuthGuard } from '../auth/auth.guard';
import { CurrentActor } from '../auth/current-actor.decorator';
import type { GqlContext } from '../auth/gql-context';
import { AlertPreferencesInput, AlertSettingsModel, PushSubscriptionInput } from './follows.model';

/** What the device says it is, as the contract keeps it ('Mes appareils' could name it). */
const USER_AGENT_MAX = 300;

/**
 * The signed-in person's alerts (docs/alerts.md): which kinds reach them by email and by push, and
 * the devices that receive their pushes. The browser asks for the permission, subscribes with the
 * deployment's public key and hands the subscription over here.
 */
@Resolver()
export class AlertsResolver {
  constructor(private readonly rpc: RpcClient) {}

  @Query(() => String, { description: "The deployment's VAPID public key (base64url): the browser subscribes to pushes with it" })
  async pushPublicKey(): Promise<string> {
    return (await this.rpc.call(AlertsRpc.pushKey, {})).public_key;
  }

  @Mutation(() => Int, { description: "This device receives the person's pushes; answers how many devices do" })
  @UseGuards(AuthGuard)
  async subscribePush(
    @CurrentActor() actor: Actor,
    @Context() ctx: GqlContext,
    @Args('subscription') subscription: PushSubscriptionInput,
  ): Promise<number> {
    const agent = ctx.req.headers['user-agent'];
    const user_agent = typeof agent === 'string' && agent ? agent.slice(0, USER_AGENT_MAX) : undefined;
    return (await this.rpc.call(AlertsRpc.subscribePush, { actor, subscription, user_agent })).devices;
  }

  @Mutation(() => Int, { description: "This device (its push endpoint) no longer receives the person's pushes; answers how many still do" })
  @UseGuards(AuthGuard)
  async unsubscribePush(@CurrentActor() actor: Actor, @Args('endpoint') endpoint: string): Promise<number> {
    return (await this.rpc.call(AlertsRpc.unsubscribePush, { actor, endpoint })).devices;
  }

  @Query(() => AlertSettingsModel, { description: "The signed-in person's alert preferences" })
  @UseGuards(AuthGuard)
  alertPreferences(@CurrentActor() actor: Actor): Promise<AlertSettingsModel> {
    return this.rpc.call(AlertsRpc.preferences, { actor });
  }

  @Mutation(() => AlertSettingsModel)
  @UseGuards(AuthGuard)
  updateAlertPreferences(@CurrentActor() actor: Actor, @Args('input') input: AlertPreferencesInput): Promise<AlertSettingsModel> {
    return this.rpc.call(AlertsRpc.updatePreferences, { actor, preferences: input });
  }
}
