import { Field, InputType, Int, ObjectType } from '@nestjs/graphql';
import type { ModerationAction, ReportReason, ReportTarget } from '@popote/contracts';
import { ModerationActionEnum, ReportReasonEnum, ReportTargetEnum } from '../graphql-enums';

@InputType('ReportContentInput')
export class ReportContentInput {
  @Field(() => ReportTargetEnum) target_kind!: ReportTarget;
  /** A dish's, a review's or a cook's id. */
  @Field() target_id!: string;
  @Field(() => ReportReasonEnum) reason!: ReportReason;
  @Field() explanation!: string;
  @Field(() => String, { nullable: true, description: 'Required signed out: the acknowledgement and the outcome are sent there' })
  contact_email?: string | null;
  @Field(() => String, { nullable: true, description: 'A review: the cook whose page shows it' })
  cook_id?: string | null;
}

@ObjectType('ReportReceipt', { description: 'A report recorded: an acknowledgement is on its way by email' })
export class ReportReceiptModel {
  @Field() report_id!: string;
}

@ObjectType('ReportedItem', { description: 'The item as it was when reported (kept as evidence)' })
export class ReportedItemModel {
  @Field() owner_id!: string;
  @Field() label!: string;
  @Field() text!: string;
  @Field() path!: string;
}

@ObjectType('Report', { description: 'A notice (DSA Art. 16), as operators see it' })
export class ReportModel {
  @Field() report_id!: string;
  @Field() created_at!: string;
  @Field(() => ReportTargetEnum) target_kind!: ReportTarget;
  @Field() target_id!: string;
  @Field(() => ReportedItemModel) item!: ReportedItemModel;
  @Field(() => ReportReasonEnum) reason!: ReportReason;
  @Field() explanation!: string;
  @Field(() => String, { nullable: true }) reporter_user_id!: string | null;
  @Field(() => String, { nullable: true }) contact_email!: string | null;
  @Field() status!: string;
  @Field(() => String, { nullable: true }) decision_id!: string | null;
}

@ObjectType('ReportPage')
export class ReportPageModel {
  @Field(() => [ReportModel]) items!: ReportModel[];
  @Field(() => String, { nullable: true }) next_after!: string | null;
}

@ObjectType('Appeal', { description: 'The appeal of the person affected (DSA Art. 20)' })
export class AppealModel {
  @Field() text!: string;
  @Field() at!: string;
  @Field({ description: 'open, upheld or reversed' }) status!: string;
  @Field(() => String, { nullable: true }) statement!: string | null;
  @Field(() => String, { nullable: true }) decided_at!: string | null;
}

@ObjectType('ModerationDecision', { description: 'A decision and its statement of reasons (DSA Art. 17)' })
export class DecisionModel {
  @Field() decision_id!: string;
  @Field() decided_at!: string;
  @Field(() => ReportTargetEnum) target_kind!: ReportTarget;
  @Field() target_id!: string;
  @Field(() => ReportedItemModel) item!: ReportedItemModel;
  @Field(() => ModerationActionEnum) action!: ModerationAction;
  @Field(() => ReportReasonEnum) reason!: ReportReason;
  @Field() statement!: string;
  @Field(() => String, { nullable: true, description: 'Until when an appeal is possible; null: nothing was restricted' })
  appeal_until!: string | null;
  @Field(() => AppealModel, { nullable: true }) appeal!: AppealModel | null;
}

@ObjectType('OperatorDecision', { description: 'A decision as operators see it: with who decided' })
export class OperatorDecisionModel extends DecisionModel {
  @Field() operator_id!: string;
  @Field(() => [String]) report_ids!: string[];
  @Field(() => String, { nullable: true, description: 'Who decided the appeal' })
  appeal_operator_id!: string | null;
}

@ObjectType('ReporterHistory')
export class ReporterHistoryModel {
  @Field(() => Int) reports!: number;
  @Field(() => Int, { description: 'How many of their reports led to a measure' }) actioned!: number;
}

@ObjectType('ReportDetail', { description: 'A report with what an operator weighs' })
export class ReportDetailModel {
  @Field(() => ReportModel) report!: ReportModel;
  @Field(() => [ReportModel], { description: 'Other reports of the same item' }) same_item!: ReportModel[];
  @Field(() => ReporterHistoryModel) reporter_history!: ReporterHistoryModel;
  @Field(() => [OperatorDecisionModel], { description: "Decisions about the owner's items, newest first" })
  owner_history!: OperatorDecisionModel[];
  @Field(() => OperatorDecisionModel, { nullable: true }) decision!: OperatorDecisionModel | null;
  @Field({ description: 'The item as it is now: its text, or that it is withdrawn' }) current_text!: string;
  @Field(() => [ModerationActionEnum], { description: 'The decisions possible on this kind of item' })
  actions!: ModerationAction[];
}

@ObjectType('CountByKey', { description: 'A count for one value of a vocabulary (a reason, a kind, a measure)' })
export class CountByKeyModel {
  @Field() key!: string;
  @Field(() => Int) count!: number;
}

@ObjectType('TransparencyReport', { description: 'The yearly transparency report (DSA Art. 15 and 24): public figures from the records' })
export class TransparencyReportModel {
  @Field(() => Int) year!: number;
  @Field(() => Int) notices!: number;
  @Field(() => [CountByKeyModel]) notices_by_reason!: CountByKeyModel[];
  @Field(() => [CountByKeyModel]) notices_by_target!: CountByKeyModel[];
  @Field(() => Int) notices_from_accounts!: number;
  @Field(() => Int) decisions!: number;
  @Field(() => [CountByKeyModel]) decisions_by_action!: CountByKeyModel[];
  @Field(() => Number, { nullable: true, description: 'Median hours from a notice to its decision' }) median_hours_to_decide!:
    number | null;
  @Field(() => Int) appeals!: number;
  @Field(() => Int) appeals_reversed!: number;
  @Field(() => Int) appeals_upheld!: number;
  @Field(() => Int) appeals_open!: number;
  @Field(() => Number, { nullable: true }) median_hours_to_decide_appeal!: number | null;
  @Field(() => Int) suspensions!: number;
  @Field(() => Int) automated_decisions!: number;
  @Field({ description: 'The same figures as CSV (semicolons, French headers)' }) csv!: string;
}
