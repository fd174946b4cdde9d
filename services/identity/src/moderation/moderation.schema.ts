import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { AppealOutcome, ModerationAction, ReportedItem, ReportReason, ReportTarget } from '@popote/contracts';
import { outboxPlugin, type OutboxEntry } from '@popote/platform';

/**
 * A notice (DSA Art. 16): what was reported, why, by whom, and the item as it was then. `_id` sorts by
 * time (the queue is oldest first). `target_key` (`<kind>:<id>`) gathers the reports of one item:
 * one decision answers them all. `reporter_key` (`user:<id>` or `email:<address>`) counts a reporter's
 * open reports (mass reporting) and refuses a second open report of the same item.
 */
@Schema({ collection: 'reports', versionKey: false })
export class Report {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ required: true }) created_at!: Date;
  @Prop({ type: String, required: true }) target_kind!: ReportTarget;
  @Prop({ required: true }) target_id!: string;
  @Prop({ required: true, index: true }) target_key!: string;
  @Prop({ type: Object, required: true }) item!: ReportedItem;
  @Prop({ type: String, required: true }) reason!: ReportReason;
  @Prop({ required: true }) explanation!: string;
  @Prop({ type: String, default: null }) reporter_user_id!: string | null;
  @Prop({ type: String, default: null }) contact_email!: string | null;
  @Prop({ required: true, index: true }) reporter_key!: string;
  @Prop({ type: String, required: true, index: true }) status!: 'open' | 'decided';
  @Prop({ type: String, default: null }) decision_id!: string | null;
  @Prop({ type: Date, default: null }) decided_at!: Date | null;
  /** The action decided on it (the reporter's history: how many of their reports led to a measure). */
  @Prop({ type: String, default: null }) outcome!: ModerationAction | null;
  _outbox!: OutboxEntry[];
  _outbox_pending!: boolean;
}
export const ReportSchema = SchemaFactory.createForClass(Report).plugin(outboxPlugin);

export interface Appeal {
  text: string;
  at: Date;
  status: 'open' | AppealOutcome;
  operator_id: string | null;
  statement: string | null;
  decided_at: Date | null;
}

export interface Reporter {
  user_id: string | null;
  email: string | null;
}

/**
 * A decision and its statement of reasons (Art. 17), with the appeal against it (Art. 20). `_id` is
 * `d-<the report decided>`: deciding the same report twice inserts it once. `owner_id` is the person
 * affected (the cook of a dish); `appeal_until` is null when nothing was restricted.
 */
@Schema({ collection: 'moderationDecisions', versionKey: false })
export class ModerationDecision {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ required: true }) decided_at!: Date;
  @Prop({ required: true }) operator_id!: string;
  @Prop({ type: String, required: true }) target_kind!: ReportTarget;
  @Prop({ required: true }) target_id!: string;
  @Prop({ type: Object, required: true }) item!: ReportedItem;
  @Prop({ required: true, index: true }) owner_id!: string;
  @Prop({ type: String, required: true }) action!: ModerationAction;
  @Prop({ type: String, required: true }) reason!: ReportReason;
  @Prop({ required: true }) statement!: string;
  @Prop({ type: [String], required: true }) report_ids!: string[];
  @Prop({ type: [Object], default: [] }) reporters!: Reporter[];
  @Prop({ type: Date, default: null }) appeal_until!: Date | null;
  @Prop({ type: Object, default: null }) appeal!: Appeal | null;
  /** `open` while an appeal waits (the appeals queue reads it by equality), else null. */
  @Prop({ type: String, default: null, index: true }) appeal_status!: 'open' | null;
  _outbox!: OutboxEntry[];
  _outbox_pending!: boolean;
}
export const ModerationDecisionSchema = SchemaFactory.createForClass(ModerationDecision).plugin(outboxPlugin);
