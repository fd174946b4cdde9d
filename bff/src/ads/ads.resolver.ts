import { Args, Context, Mutation, Query, Resolver } from '@nestjs/graphql';
import { AdsRpc, type Actor } from '@popote/contracts';
import { RpcClient } from '@popote/platform';
import { isbot } from 'isbot';
import { VerifiedEmailGuard } from '../auth/account.resolver';
import { CookOnly } from '../auth/auth.guard';
import { CurrentActor } from '../auth/current-actor.decorator';
import { CAMPAIGN_ID as CAMPAIGN_ID_ARGUMENT, IdArg } from '../errors/id-arguments';
import type { GqlContext } from '../auth/gql-context';
import { clientAddress } from '../security/client-address';
import { CampaignModel, CampaignOverviewModel, CampaignsCsvModel, SponsoredMealModel, StartCampaignInput } from './ads.model';
import { SponsoredMeals } from './sponsored-meals.service';

/** A campaign id as payments makes them (a UUID); anything else names no campaign and is not sent on. */
const CAMPAIGN_ID = /^[0-9a-f-]{36}$/;

/**
 * Who is measured (ADR 0031): nobody when the request is a robot's (isbot on the User-Agent) or a
 * speculative load (`Sec-Purpose`/`Purpose: prefetch`); otherwise the signed-in user, with their
 * address (the accounts of one network count ADS.perNetworkPerDay times a campaign day at most), or
 * the visitor's address (payments counts a visitor's network once per campaign day and keeps only a
 * hash salted per day). The User-Agent feeds the robot check only: a script changes it at will.
 */
function viewerOf(ctx: GqlContext) {
  const headers = ctx.req.headers;
  const agent = headers['user-agent'] ?? '';
  const purpose = `${headers['sec-purpose'] ?? ''} ${headers['purpose'] ?? ''}`;
  if (!agent || isbot(agent) || /prefetch|prerender/i.test(purpose)) return null;
  const address = clientAddress(ctx.req).slice(0, 100);
  return ctx.actor ? { user_id: ctx.actor.user_id, address } : { address };
}

/** Advertisements: the cooks' campaigns, and the sponsored card shown to everyone with its label. */
@Resolver()
export class AdsResolver {
  constructor(
    private readonly rpc: RpcClient,
    private readonly sponsored: SponsoredMeals,
  ) {}

  @Query(() => SponsoredMealModel, {
    nullable: true,
    description: "The sponsored dish to show among the first six of /meals and of the home page (none: no card). Label it 'Sponsorisé'.",
  })
  sponsoredMeal(): Promise<SponsoredMealModel | null> {
    return this.sponsored.pick();
  }

  @Mutation(() => Boolean, { description: 'Half of the sponsored card was on screen for a second: true when this display counted' })
  async recordSponsoredDisplay(@Context() ctx: GqlContext, @IdArg('campaign_id') campaignId: string): Promise<boolean> {
    const viewer = viewerOf(ctx);
    if (!viewer || !CAMPAIGN_ID.test(campaignId)) return false;
    return (await this.rpc.call(AdsRpc.recordDisplay, { campaign_id: campaignId, viewer })).counted;
  }

  @Mutation(() => Boolean, { description: 'The sponsored card was opened: true when this click counted' })
  async recordSponsoredClick(@Context() ctx: GqlContext, @IdArg('campaign_id') campaignId: string): Promise<boolean> {
    const viewer = viewerOf(ctx);
    if (!viewer || !CAMPAIGN_ID.test(campaignId)) return false;
    return (await this.rpc.call(AdsRpc.recordClick, { campaign_id: campaignId, viewer })).counted;
  }

  @Query(() => CampaignOverviewModel, { description: "The signed-in cook's campaigns with their spend, displays, clicks and orders" })
  @CookOnly()
  cookCampaigns(@CurrentActor() actor: Actor): Promise<CampaignOverviewModel> {
    return this.rpc.call(AdsRpc.campaigns, { actor });
  }

  @Query(() => CampaignsCsvModel, { description: "The signed-in cook's campaigns as CSV" })
  @CookOnly()
  cookCampaignsCsv(@CurrentActor() actor: Actor): Promise<CampaignsCsvModel> {
    return this.rpc.call(AdsRpc.campaignsCsv, { actor });
  }

  @Mutation(() => CampaignModel, { description: "'Mettre en avant': reserves the budget from the available balance and starts now" })
  @CookOnly(VerifiedEmailGuard)
  async startCampaign(@CurrentActor() actor: Actor, @Args('input') input: StartCampaignInput): Promise<CampaignModel> {
    return (await this.rpc.call(AdsRpc.startCampaign, { actor, input })).campaign;
  }

  @Mutation(() => CampaignModel, { description: 'Stops a campaign now; the unspent budget comes back once the day is settled' })
  @CookOnly()
  async stopCampaign(@CurrentActor() actor: Actor, @IdArg('campaign_id', CAMPAIGN_ID_ARGUMENT) campaignId: string): Promise<CampaignModel> {
    return (await this.rpc.call(AdsRpc.stopCampaign, { actor, campaign_id: campaignId })).campaign;
  }
}
