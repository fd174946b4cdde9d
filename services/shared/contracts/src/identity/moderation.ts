import { z } from 'zod';
import { defineEvent, defineRpc } from '../shared/envelope';
import {
  APPEAL_OUTCOMES,
  MODERATION_ACTIONS,
  MODERATION_EFFECTS,
  MODERATION_LIMITS,
  MODERATION_MESSAGES,
  REPORT_REASONS,
  REPORT_TARGETS,
} from '@popote/rules';

export {
  ACTIONS_BY_TARGET,
  APPEAL_OUTCOMES,
  APPEAL_WINDOW_DAYS,
  EFFECT_OF,
  MODERATION_ACTIONS,
  MODERATION_ACTION_LABELS,
  MODERATION_EFFECTS,
  MODERATION_LIMITS,
  MODERATION_MESSAGES,
  REPORT_REASONS,
  REPORT_REASON_LABELS,
  REPORT_TARGETS,
  REPORT_TARGET_LABELS,
  REVERSAL_OF,
  SUSPENDED_COOK_CANCEL_REASON,
  type AppealOutcome,
  type ModerationAction,
  type ModerationEffect,
  type ReportReason,
  type ReportTarget,
} from '@popote/rules';

/**
 * Notice and action (EU Digital Services Act, Art. 16, 17 and 20; ADR 0042): anyone reports a dish, a
 * review or a cook; an operator decides and the person affected gets a statement of reasons; they may
 * appeal once, within APPEAL_WINDOW_DAYS, and a different operator decides the appeal.
 */
const text = (min: number, max: number, minMessage: string, maxMessage: string) =>
  z.string().trim().min(min, minMessage).max(max, maxMessage);

/** A report as the reporter sends it (the BFF adds who they are and the item as it was). */
export const reportInput = z.object({
  target_kind: z.enum(REPORT_TARGETS),
  target_id: z.string().trim().min(1).max(100),
  reason: z.enum(REPORT_REASONS, MODERATION_MESSAGES.reasonRequired),
  explanation: text(
    MODERATION_LIMITS.explanationMin,
    MODERATION_LIMITS.explanationMax,
    MODERATION_MESSAGES.explanationMin,
    MODERATION_MESSAGES.explanationMax,
  ),
  /** Required signed out (the acknowledgement and the outcome go there); signed in, the account's address is used. */
  contact_email: z.string().trim().toLowerCase().max(254).pipe(z.email(MODERATION_MESSAGES.emailInvalid)).optional(),
});
export type ReportInput = z.infer<typeof reportInput>;

/** The item as it was reported: its text kept with the report, so a later edit does not erase the evidence. */
export const reportedItem = z.object({
  /** The person it belongs to (the cook of a dish, the author of a review, the cook): the person affected by a decision. */
  owner_id: z.string().min(1),
  label: z.string().max(300),
  text: z.string().max(6000),
  /** The cook page or dish page it was reported on. */
  path: z.string().max(300),
});
export type ReportedItem = z.infer<typeof reportedItem>;

const operatorRef = z.object({ operator_id: z.string().min(1).max(100) });

export const reportSchema = z.object({
  report_id: z.string(),
  created_at: z.iso.datetime(),
  target_kind: z.enum(REPORT_TARGETS),
  target_id: z.string(),
  item: reportedItem,
  reason: z.enum(REPORT_REASONS),
  explanation: z.string(),
  reporter_user_id: z.string().nullable(),
  contact_email: z.string().nullable(),
  status: z.enum(['open', 'decided']),
  decision_id: z.string().nullable(),
});
export type ReportDto = z.infer<typeof reportSchema>;

export const appealSchema = z.object({
  text: z.string(),
  at: z.iso.datetime(),
  status: z.enum(['open', ...APPEAL_OUTCOMES]),
  operator_id: z.string().nullable(),
  statement: z.string().nullable(),
  decided_at: z.iso.datetime().nullable(),
});

export const decisionSchema = z.object({
  decision_id: z.string(),
  decided_at: z.iso.datetime(),
  operator_id: z.string(),
  target_kind: z.enum(REPORT_TARGETS),
  target_id: z.string(),
  item: reportedItem,
  action: z.enum(MODERATION_ACTIONS),
  reason: z.enum(REPORT_REASONS),
  statement: z.string(),
  report_ids: z.array(z.string()),
  /** Until when the person affected may appeal (null: nothing was restricted, nothing to appeal). */
  appeal_until: z.iso.datetime().nullable(),
  appeal: appealSchema.nullable(),
});
export type DecisionDto = z.infer<typeof decisionSchema>;

const countBy = <K extends readonly [string, ...string[]]>(keys: K) => z.array(z.object({ key: z.enum(keys), count: z.number().int() }));
export const transparencySchema = z.object({
  year: z.number().int(),
  notices: z.number().int(),
  notices_by_reason: countBy(REPORT_REASONS),
  notices_by_target: countBy(REPORT_TARGETS),
  notices_from_accounts: z.number().int(),
  decisions: z.number().int(),
  decisions_by_action: countBy(MODERATION_ACTIONS),
  /** Median hours from a notice to its decision (null: none decided). */
  median_hours_to_decide: z.number().nullable(),
  appeals: z.number().int(),
  appeals_reversed: z.number().int(),
  appeals_upheld: z.number().int(),
  appeals_open: z.number().int(),
  /** Median hours from an appeal to its outcome (null: none decided). */
  median_hours_to_decide_appeal: z.number().nullable(),
  suspensions: z.number().int(),
  /** Decisions taken by automated means: none at Popote (Art. 15(1)(c), (e)). */
  automated_decisions: z.number().int(),
  /** The same figures as CSV (French headers), for download. */
  csv: z.string(),
});
export type TransparencyDto = z.infer<typeof transparencySchema>;

export const pageOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), next_after: z.string().nullable() });

export const ModerationRpc = {
  /** Anyone's report; `reporter_user_id` is the signed-in person, if any (the BFF's verified actor). */
  report: defineRpc(
    'rpc.identity.report-content',
    reportInput.extend({ reporter_user_id: z.string().min(1).nullable(), item: reportedItem }),
    z.object({ report_id: z.string() }),
    { callers: ['bff'] },
  ),
  /** The operators' queue: open reports, oldest first, optionally of one reason or kind. */
  queue: defineRpc(
    'rpc.identity.moderation-queue',
    operatorRef.extend({
      reason: z.enum(REPORT_REASONS).optional(),
      target_kind: z.enum(REPORT_TARGETS).optional(),
      after: z.string().max(64).optional(),
      limit: z.number().int().min(1).max(100).default(30),
    }),
    pageOf(reportSchema),
    { callers: ['bff'] },
  ),
  /** One report, with the other reports of the same item and the histories an operator weighs. */
  reportDetail: defineRpc(
    'rpc.identity.moderation-report',
    operatorRef.extend({ report_id: z.string().min(1).max(100) }),
    z.object({
      report: reportSchema,
      same_item: z.array(reportSchema),
      reporter_history: z.object({ reports: z.number().int(), actioned: z.number().int() }),
      owner_history: z.array(decisionSchema),
      decision: decisionSchema.nullable(),
    }),
    { callers: ['bff'] },
  ),
  /** Decides every open report of the item at once; once (a second decision of the same item finds nothing open). */
  decide: defineRpc(
    'rpc.identity.moderation-decide',
    operatorRef.extend({
      report_id: z.string().min(1).max(100),
      action: z.enum(MODERATION_ACTIONS),
      statement: text(
        MODERATION_LIMITS.statementMin,
        MODERATION_LIMITS.statementMax,
        MODERATION_MESSAGES.statementMin,
        MODERATION_MESSAGES.statementMax,
      ),
    }),
    z.object({ decision: decisionSchema }),
    { callers: ['bff'] },
  ),
  /** The decisions that concern a person (items of theirs), newest first. */
  decisionsFor: defineRpc(
    'rpc.identity.moderation-decisions-for',
    z.object({ user_id: z.string().min(1) }),
    z.object({ items: z.array(decisionSchema) }),
    { callers: ['bff'] },
  ),
  /** The person affected appeals (Art. 20), once, within the window. */
  appeal: defineRpc(
    'rpc.identity.moderation-appeal',
    z.object({
      user_id: z.string().min(1),
      decision_id: z.string().min(1).max(100),
      text: text(MODERATION_LIMITS.appealMin, MODERATION_LIMITS.appealMax, MODERATION_MESSAGES.appealMin, MODERATION_MESSAGES.appealMax),
    }),
    z.object({ decision: decisionSchema }),
    { callers: ['bff'] },
  ),
  /** Appeals waiting, oldest first. */
  appeals: defineRpc(
    'rpc.identity.moderation-appeals',
    operatorRef.extend({ limit: z.number().int().min(1).max(100).default(30) }),
    z.object({ items: z.array(decisionSchema) }),
    { callers: ['bff'] },
  ),
  /** A different operator upholds or reverses the decision; reversing lifts the restriction. */
  decideAppeal: defineRpc(
    'rpc.identity.moderation-decide-appeal',
    operatorRef.extend({
      decision_id: z.string().min(1).max(100),
      outcome: z.enum(APPEAL_OUTCOMES),
      statement: text(
        MODERATION_LIMITS.statementMin,
        MODERATION_LIMITS.statementMax,
        MODERATION_MESSAGES.statementMin,
        MODERATION_MESSAGES.statementMax,
      ),
    }),
    z.object({ decision: decisionSchema }),
    { callers: ['bff'] },
  ),
  /** The yearly transparency report (DSA Art. 15 and 24), from the records: public figures, no personal data. */
  transparency: defineRpc(
    'rpc.identity.moderation-transparency',
    z.object({ year: z.number().int().min(2024).max(2100) }),
    transparencySchema,
    { callers: ['bff'] },
  ),
} as const;

const reporterRef = z.object({ user_id: z.string().nullable(), email: z.string().nullable() });

export const ModerationEvents = {
  /** A report was recorded: its reporter gets an acknowledgement. */
  reportReceived: defineEvent(
    'evt.identity.report-received.v1',
    z.object({
      report_id: z.string(),
      target_kind: z.enum(REPORT_TARGETS),
      label: z.string(),
      reason: z.enum(REPORT_REASONS),
      reporter: reporterRef,
    }),
    { consumers: ['notifications-ReportReceived'] },
  ),
  /**
   * A decision, or the decision on its appeal. `effect`: what changes on the item (`hide_meal`,
   * `restore_meal` when an appeal reverses a hiding, `none`). The person affected gets the statement of
   * reasons; the reporters (first decision only) are told the outcome.
   */
  decided: defineEvent(
    'evt.identity.moderation-decided.v1',
    z.object({
      decision_id: z.string(),
      stage: z.enum(['decision', 'appeal']),
      action: z.enum(MODERATION_ACTIONS),
      outcome: z.enum(APPEAL_OUTCOMES).nullable(),
      effect: z.enum(MODERATION_EFFECTS),
      target_kind: z.enum(REPORT_TARGETS),
      target_id: z.string(),
      label: z.string(),
      owner_id: z.string(),
      reason: z.enum(REPORT_REASONS),
      statement: z.string(),
      appeal_until: z.string().nullable(),
      reporters: z.array(reporterRef),
    }),
    {
      consumers: [
        'catalogue-ModerationDecided',
        'notifications-ModerationDecided',
        'ordering-ModerationDecided',
        'identity-ModerationDecided',
      ],
    },
  ),
} as const;
