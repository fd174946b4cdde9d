import { UseGuards } from '@nestjs/common';
import { Args, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { DomainError, TRADER_MESSAGES, TraderRpc, type Actor, type TraderDecision, type TraderStatus } from '@popote/contracts';
import { RpcClient, type OperatorActor } from '@popote/platform';
import { CookOnly } from '../auth/auth.guard';
import { CurrentActor } from '../auth/current-actor.decorator';
import { IdArg, IdArgument } from '../errors/id-arguments';
import { TraderDecisionEnum, TraderStatusEnum } from '../graphql-enums';
import { CurrentOperator, OperatorGuard } from '../operators/operator.guard';
import { PublicReadCache } from '../read-cache/public-read-cache.service';
import { TraderDecisionResultModel, TraderDetailsInput, TraderFileModel, TraderVerificationPageModel } from './trader.model';
import { TraderDocuments, toTraderFileModel } from './trader-documents';

/** A cook's id, as identity answers an unknown one. */
const COOK_ID = new IdArgument(() => new DomainError('NOT_FOUND', TRADER_MESSAGES.cookNotFound));

/**
 * Traders' traceability (EU Digital Services Act): the cook's trader details ('Vendeur' tab), and the
 * operators' queue and decisions (the console). A cook's public page shows the verified seller
 * (`Cook.verified_seller`, `Cook.seller`, read with the page).
 */
@Resolver()
export class TradersResolver {
  constructor(
    private readonly rpc: RpcClient,
    private readonly documents: TraderDocuments,
    private readonly reads: PublicReadCache,
  ) {}

  @Query(() => TraderFileModel, { description: "The signed-in cook's trader details and where their verification stands" })
  @CookOnly()
  async myTraderDetails(@CurrentActor() actor: Actor): Promise<TraderFileModel> {
    const { file } = await this.rpc.call(TraderRpc.get, { cook_id: actor.user_id, actor });
    return toTraderFileModel(file);
  }

  @Mutation(() => TraderFileModel, {
    description: 'The cook submits their trader details for verification (changed details after a verification are verified again)',
  })
  @CookOnly()
  async saveTraderDetails(@CurrentActor() actor: Actor, @Args('input') input: TraderDetailsInput): Promise<TraderFileModel> {
    await this.documents.assertOwned(actor.user_id, {
      ddpp_receipt_key: input.ddpp_receipt_key,
      hygiene_certificate_key: input.hygiene_certificate_key,
    });
    const { file } = await this.rpc.call(TraderRpc.save, { actor, details: { ...input, address: { ...input.address } } });
    // The badge and seller block leave the cook's page at once when verified details change.
    this.reads.invalidate('trader details saved');
    return toTraderFileModel(file);
  }

  @Query(() => TraderVerificationPageModel, { description: "Operators: cooks' trader details waiting (submitted: oldest first)" })
  @UseGuards(OperatorGuard)
  async traderVerifications(
    @CurrentOperator() operator: OperatorActor,
    @Args('status', { type: () => TraderStatusEnum, defaultValue: 'submitted' }) status: TraderStatus,
    @Args('after', { type: () => String, nullable: true }) after: string | null,
    @Args('limit', { type: () => Int, defaultValue: 20 }) limit: number,
  ): Promise<TraderVerificationPageModel> {
    const page = await this.rpc.call(TraderRpc.queue, {
      operator_id: operator.operator_id,
      status: status as 'submitted' | 'more_info_requested',
      after,
      limit,
    });
    return {
      items: page.items.map(({ cook_name, cook_username, ...file }) => ({
        cook_id: file.cook_id,
        cook_name,
        cook_username,
        file: toTraderFileModel(file),
      })),
      next_cursor: page.next_cursor,
    };
  }

  @Query(() => TraderFileModel, { description: "Operators: one cook's trader details" })
  @UseGuards(OperatorGuard)
  async traderFile(@CurrentOperator() operator: OperatorActor, @IdArg('cook_id', COOK_ID) cookId: string): Promise<TraderFileModel> {
    const { file } = await this.rpc.call(TraderRpc.get, { cook_id: cookId, operator_id: operator.operator_id });
    return toTraderFileModel(file);
  }

  @Mutation(() => TraderDecisionResultModel, {
    description: 'Operators: verify the revision read, or ask for more (message required, sent to the cook); audited, written once',
  })
  @UseGuards(OperatorGuard)
  async decideTraderVerification(
    @CurrentOperator() operator: OperatorActor,
    @IdArg('cook_id', COOK_ID) cookId: string,
    @Args('revision', { type: () => Int }) revision: number,
    @Args('decision', { type: () => TraderDecisionEnum }) decision: TraderDecision,
    @Args('message', { type: () => String, nullable: true }) message: string | null,
  ): Promise<TraderDecisionResultModel> {
    const result = await this.rpc.call(TraderRpc.decide, {
      operator_id: operator.operator_id,
      cook_id: cookId,
      revision,
      decision,
      message,
    });
    if (result.applied) this.reads.invalidate('trader decision');
    return { applied: result.applied, file: toTraderFileModel(result.file) };
  }
}
