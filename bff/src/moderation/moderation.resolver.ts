import { UseGuards } from '@nestjs/common';
import { Args, Context, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import {
  ACTIONS_BY_TARGET,
  CatalogueRpc,
  DomainError,
  IdentityRpc,
  isId,
  MODERATION_MESSAGES,
  ModerationRpc,
  OrderingRpc,
  type Actor,
  type AppealOutcome,
  type DecisionDto,
  type ModerationAction,
  type ReportedItem,
  type ReportReason,
  type ReportTarget,
} from '@popote/contracts';
import { RpcClient, type OperatorActor } from '@popote/platform';
import { AuthGuard } from '../auth/auth.guard';
import { CurrentActor } from '../auth/current-actor.decorator';
import type { GqlContext } from '../auth/gql-context';
import { AppealOutcomeEnum, ModerationActionEnum, ReportReasonEnum, ReportTargetEnum } from '../graphql-enums';
import { CurrentOperator, OperatorGuard } from '../operators/operator.guard';
import {
  DecisionModel,
  OperatorDecisionModel,
  ReportContentInput,
  ReportDetailModel,
  ReportPageModel,
  ReportReceiptModel,
  TransparencyReportModel,
} from './moderation.model';

const notFound = () => new DomainError('NOT_FOUND', MODERATION_MESSAGES.targetNotFound);
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

const forOperators = (d: DecisionDto): OperatorDecisionModel => ({ ...d, appeal_operator_id: d.appeal?.operator_id ?? null });

/**
 * Notice and action (ADR 0042). 'Signaler' is open to everyone (signed in: the account is the
 * reporter; signed out: an address is required), limited per client address (RATE_LIMIT_REPORT,
 * the guard) and per reporter (identity: one open report per item, a bounded number open). The item
 * is read here, as it is now, and kept with the report. Operators decide in the console (their
 * cookie); the person affected reads the decisions about their items and appeals from their profile.
 */
@Resolver()
export class ModerationResolver {
  constructor(private readonly rpc: RpcClient) {}

  /** The item reported, as it is now (null: gone), and who it belongs to. */
  private async itemOf(kind: ReportTarget, id: string, cookId?: string | null): Promise<ReportedItem | null> {
    if (!isId(id)) return null;
    if (kind === 'meal') {
      const { meal } = await this.rpc.call(CatalogueRpc.getMeal, { meal_id: id });
      if (!meal) return null;
      return { owner_id: meal.cook_id, label: clip(meal.name, 300), text: clip(meal.description, 6000), path: `/meals/${meal.meal_id}` };
    }
    if (kind === 'cook') {
      const { cook } = await this.rpc.call(IdentityRpc.getCook, { cook_id: id });
      if (!cook) return null;
      return { owner_id: cook.cook_id, label: clip(cook.username, 300), text: clip(cook.bio, 6000), path: `/cook/${cook.cook_id}` };
    }
    if (!cookId || !isId(cookId)) return null;
    const { items } = await this.rpc.call(OrderingRpc.cookReviews, { cook_id: cookId });
    const review = items.find((r) => r.review_id === id);
    if (!review) return null;
    return {
      owner_id: review.consumer_id,
      label: clip(`Avis de ${review.consumer_name || 'un client'} (${review.rating}/5)`, 300),
      text: clip(review.comment, 6000),
      path: `/cook/${review.cook_id}`,
    };
  }

  @Mutation(() => ReportReceiptModel, {
    description: "'Signaler': a dish, a review or a cook; anyone, limited per address and per reporter",
  })
  async reportContent(@Args('input') input: ReportContentInput, @Context() ctx: GqlContext): Promise<ReportReceiptModel> {
    const item = await this.itemOf(input.target_kind, input.target_id, input.cook_id);
    if (!item) throw notFound();
    const signedIn = ctx.actor?.user_id ?? null;
    return this.rpc.call(ModerationRpc.report, {
      target_kind: input.target_kind,
      target_id: input.target_id,
      reason: input.reason,
      explanation: input.explanation,
      ...(signedIn || !input.contact_email ? {} : { contact_email: input.contact_email }),
      reporter_user_id: signedIn,
      item,
    });
  }

  @Query(() => ReportPageModel, { description: 'Open reports, oldest first (operators)' })
  @UseGuards(OperatorGuard)
  moderationQueue(
    @CurrentOperator() operator: OperatorActor,
    @Args('reason', { type: () => ReportReasonEnum, nullable: true }) reason: ReportReason | null,
    @Args('target_kind', { type: () => ReportTargetEnum, nullable: true }) targetKind: ReportTarget | null,
    @Args('after', { type: () => String, nullable: true }) after: string | null,
    @Args('limit', { type: () => Int, defaultValue: 30 }) limit: number,
  ): Promise<ReportPageModel> {
    return this.rpc.call(ModerationRpc.queue, {
      operator_id: operator.operator_id,
      ...(reason ? { reason } : {}),
      ...(targetKind ? { target_kind: targetKind } : {}),
      ...(after ? { after } : {}),
      limit,
    });
  }

  @Query(() => ReportDetailModel, { description: 'A report with the item now, the other reports of it and the histories (operators)' })
  @UseGuards(OperatorGuard)
  async moderationReport(@CurrentOperator() operator: OperatorActor, @Args('report_id') reportId: string): Promise<ReportDetailModel> {
    const detail = await this.rpc.call(ModerationRpc.reportDetail, { operator_id: operator.operator_id, report_id: reportId });
    const { report } = detail;
    const cookId = report.target_kind === 'review' ? report.item.path.split('/').pop() : null;
    const now = await this.itemOf(report.target_kind, report.target_id, cookId);
    return {
      ...detail,
      owner_history: detail.owner_history.map(forOperators),
      decision: detail.decision ? forOperators(detail.decision) : null,
      current_text: now ? now.text : 'Ce contenu n’est plus visible (retiré ou supprimé).',
      actions: [...ACTIONS_BY_TARGET[report.target_kind]],
    };
  }

  @Mutation(() => OperatorDecisionModel, {
    description: 'Decides a report (and every open report of the same item), with its statement of reasons',
  })
  @UseGuards(OperatorGuard)
  async decideReport(
    @CurrentOperator() operator: OperatorActor,
    @Args('report_id') reportId: string,
    @Args('action', { type: () => ModerationActionEnum }) action: ModerationAction,
    @Args('statement') statement: string,
  ): Promise<OperatorDecisionModel> {
    const { decision } = await this.rpc.call(ModerationRpc.decide, {
      operator_id: operator.operator_id,
      report_id: reportId,
      action,
      statement,
    });
    return forOperators(decision);
  }

  @Query(() => [OperatorDecisionModel], { description: 'Appeals waiting, oldest first (operators)' })
  @UseGuards(OperatorGuard)
  async moderationAppeals(@CurrentOperator() operator: OperatorActor): Promise<OperatorDecisionModel[]> {
    return (await this.rpc.call(ModerationRpc.appeals, { operator_id: operator.operator_id, limit: 50 })).items.map(forOperators);
  }

  @Mutation(() => OperatorDecisionModel, { description: 'Decides an appeal: another operator than the one who decided' })
  @UseGuards(OperatorGuard)
  async decideAppeal(
    @CurrentOperator() operator: OperatorActor,
    @Args('decision_id') decisionId: string,
    @Args('outcome', { type: () => AppealOutcomeEnum }) outcome: AppealOutcome,
    @Args('statement') statement: string,
  ): Promise<OperatorDecisionModel> {
    const { decision } = await this.rpc.call(ModerationRpc.decideAppeal, {
      operator_id: operator.operator_id,
      decision_id: decisionId,
      outcome,
      statement,
    });
    return forOperators(decision);
  }

  @Query(() => TransparencyReportModel, { description: "A year's transparency report (public: figures only, DSA Art. 15/24)" })
  async transparencyReport(@Args('year', { type: () => Int }) year: number): Promise<TransparencyReportModel> {
    const thisYear = new Date().getUTCFullYear();
    if (!Number.isInteger(year) || year < 2024 || year > thisYear)
      throw new DomainError('VALIDATION_FAILED', `Choisissez une année entre 2024 et ${thisYear}`);
    return this.rpc.call(ModerationRpc.transparency, { year });
  }

  @Query(() => [DecisionModel], { description: "Moderation decisions about the signed-in person's content, newest first" })
  @UseGuards(AuthGuard)
  async myModerationDecisions(@CurrentActor() actor: Actor): Promise<DecisionModel[]> {
    return (await this.rpc.call(ModerationRpc.decisionsFor, { user_id: actor.user_id })).items;
  }

  @Mutation(() => DecisionModel, { description: 'The person affected appeals a decision, once, within six months' })
  @UseGuards(AuthGuard)
  async appealDecision(
    @CurrentActor() actor: Actor,
    @Args('decision_id') decisionId: string,
    @Args('text') text: string,
  ): Promise<DecisionModel> {
    return (await this.rpc.call(ModerationRpc.appeal, { user_id: actor.user_id, decision_id: decisionId, text })).decision;
  }
}
