import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { stringify } from 'csv-stringify/sync';
import { InjectModel } from '@nestjs/mongoose';
import {
  ACTIONS_BY_TARGET,
  APPEAL_WINDOW_DAYS,
  DomainError,
  EFFECT_OF,
  REVERSAL_OF,
  MODERATION_ACTION_LABELS,
  MODERATION_ACTIONS,
  MODERATION_LIMITS,
  MODERATION_MESSAGES,
  ModerationEvents,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  REPORT_TARGET_LABELS,
  REPORT_TARGETS,
  type AppealOutcome,
  type DecisionDto,
  type ModerationAction,
  type ReportDto,
  type ReportedItem,
  type ReportInput,
  type ReportReason,
  type ReportTarget,
  type TransparencyDto,
} from '@popote/contracts';
import { DistributedLocks, isDuplicateKey, OutboxRelay, recordEvent } from '@popote/platform';
import type { Model } from 'mongoose';
import { OperatorsService } from '../operators/operators.service';
import { ModerationDecision, Report, type Reporter } from './moderation.schema';

const DAY_MS = 86_400_000;
/** How long reports and decisions are kept after the decision (evidence, appeals, the transparency report): the privacy page says so. */
export const MODERATION_RETENTION_DAYS = 730;
/** Report ids sort by time (the queue is oldest first): the instant in base 36, then randomness. */
const reportId = (at: Date) => `${at.getTime().toString(36).padStart(9, '0')}-${randomBytes(6).toString('hex')}`;
/** The report as CSV rows (section, item, value), French labels: what the public page shows. */
export function transparencyCsv(t: Omit<TransparencyDto, 'csv'>): string {
  const hours = (h: number | null) => (h === null ? '' : String(h).replace('.', ','));
  const rows: (string | number)[][] = [
    ['Rubrique', 'Élément', 'Valeur'],
    ['Année', '', t.year],
    ['Signalements', 'Total', t.notices],
    ...t.notices_by_reason.map((r) => ['Signalements par motif', REPORT_REASON_LABELS[r.key], r.count]),
    ...t.notices_by_target.map((r) => ['Signalements par contenu', REPORT_TARGET_LABELS[r.key], r.count]),
    ['Signalements', 'Par des personnes connectées', t.notices_from_accounts],
    ['Décisions', 'Total', t.decisions],
    ...t.decisions_by_action.map((r) => ['Décisions par mesure', MODERATION_ACTION_LABELS[r.key], r.count]),
    ['Décisions', 'Délai médian (heures)', hours(t.median_hours_to_decide)],
    ['Décisions', 'Par des moyens automatisés', t.automated_decisions],
    ['Recours', 'Formés', t.appeals],
    ['Recours', 'Acceptés (mesure levée)', t.appeals_reversed],
    ['Recours', 'Rejetés (mesure maintenue)', t.appeals_upheld],
    ['Recours', 'En cours', t.appeals_open],
    ['Recours', 'Délai médian (heures)', hours(t.median_hours_to_decide_appeal)],
    ['Suspensions', 'Comptes cuisinier suspendus', t.suspensions],
  ];
  return stringify(rows, { delimiter: ';', bom: true });
}

/** The median, rounded to a tenth; null for none. */
export const median = (values: number[]): number | null => {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const m = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return Math.round(m * 10) / 10;
};
const targetKey = (kind: ReportTarget, id: string) => `${kind}:${id}`;
const reporterKey = (userId: string | null, email: string | null) => (userId ? `user:${userId}` : `email:${email}`);

export const toReportDto = (r: Report): ReportDto => ({
  report_id: r._id,
  created_at: r.created_at.toISOString(),
  target_kind: r.target_kind,
  target_id: r.target_id,
  item: r.item,
  reason: r.reason,
  explanation: r.explanation,
  reporter_user_id: r.reporter_user_id,
  contact_email: r.contact_email,
  status: r.status,
  decision_id: r.decision_id,
});

export const toDecisionDto = (d: ModerationDecision): DecisionDto => ({
  decision_id: d._id,
  decided_at: d.decided_at.toISOString(),
  operator_id: d.operator_id,
  target_kind: d.target_kind,
  target_id: d.target_id,
  item: d.item,
  action: d.action,
  reason: d.reason,
  statement: d.statement,
  report_ids: d.report_ids,
  appeal_until: d.appeal_until?.toISOString() ?? null,
  appeal: d.appeal
    ? {
        text: d.appeal.text,
        at: d.appeal.at.toISOString(),
        status: d.appeal.status,
        operator_id: d.appeal.operator_id,
        statement: d.appeal.statement,
        decided_at: d.appeal.decided_at?.toISOString() ?? null,
      }
    : null,
});

/**
 * Notice and action (ADR 0042): reports, decisions with their statement of reasons, appeals decided by
 * another operator. Each decision is one document whose id derives from the report decided (inserted
 * once), written under the item's lease (FerretDB's conditional updates are not atomic), with its
 * event in the same write (outbox): the catalogue applies the effect, notifications sends the
 * statement and tells the reporters. Every operator step is a line of the audit log.
 */
@Injectable()
export class ModerationService {
  constructor(
    @InjectModel(Report.name) private readonly reports: Model<Report>,
    @InjectModel(ModerationDecision.name) private readonly decisions: Model<ModerationDecision>,
    private readonly operators: OperatorsService,
    private readonly locks: DistributedLocks,
    private readonly relay: OutboxRelay,
  ) {}

  /** A notice: anyone's, once per reporter and item while it is open, a bounded number open per reporter. */
  async report(input: ReportInput & { reporter_user_id: string | null; item: ReportedItem }): Promise<{ report_id: string }> {
    const email = input.reporter_user_id ? null : (input.contact_email ?? null);
    if (!input.reporter_user_id && !email)
      throw new DomainError('VALIDATION_FAILED', MODERATION_MESSAGES.emailRequired, { contact_email: MODERATION_MESSAGES.emailRequired });
    const reporter = reporterKey(input.reporter_user_id, email);
    const key = targetKey(input.target_kind, input.target_id);
    return this.locks.run(`report:${reporter}`, async () => {
      const open = await this.reports
        .find({ reporter_key: reporter, status: 'open' }, { target_key: 1 })
        .limit(MODERATION_LIMITS.openPerReporter + 1)
        .lean<Pick<Report, 'target_key'>[]>();
      if (open.some((r) => r.target_key === key)) throw new DomainError('CONFLICT', MODERATION_MESSAGES.alreadyReported);
      if (open.length >= MODERATION_LIMITS.openPerReporter) throw new DomainError('RATE_LIMITED', MODERATION_MESSAGES.tooManyOpen);
      const at = new Date();
      const report = new this.reports({
        _id: reportId(at),
        created_at: at,
        target_kind: input.target_kind,
        target_id: input.target_id,
        target_key: key,
        item: input.item,
        reason: input.reason,
        explanation: input.explanation,
        reporter_user_id: input.reporter_user_id,
        contact_email: email,
        reporter_key: reporter,
        status: 'open',
        decision_id: null,
        decided_at: null,
        outcome: null,
      });
      recordEvent(report, ModerationEvents.reportReceived, {
        report_id: report._id,
        target_kind: input.target_kind,
        label: input.item.label,
        reason: input.reason,
        reporter: { user_id: input.reporter_user_id, email },
      });
      await this.relay.save(this.reports, report);
      return { report_id: report._id };
    });
  }

  /** Open reports, oldest first. */
  async queue(
    operatorId: string,
    filter: { reason?: ReportReason; target_kind?: ReportTarget; after?: string; limit: number },
  ): Promise<{ items: ReportDto[]; next_after: string | null }> {
    await this.operators.acting(operatorId);
    const query: Record<string, unknown> = { status: 'open' };
    if (filter.reason) query.reason = filter.reason;
    if (filter.target_kind) query.target_kind = filter.target_kind;
    if (filter.after) query._id = { $gt: filter.after };
    const docs = await this.reports
      .find(query)
      .sort({ _id: 1 })
      .limit(filter.limit + 1)
      .lean<Report[]>();
    const page = docs.slice(0, filter.limit);
    return { items: page.map(toReportDto), next_after: docs.length > filter.limit ? page[page.length - 1]!._id : null };
  }

  async detail(operatorId: string, id: string) {
    await this.operators.acting(operatorId);
    const report = await this.reports.findById(id).lean<Report>();
    if (!report) throw new DomainError('NOT_FOUND', MODERATION_MESSAGES.reportNotFound);
    const [sameItem, byReporter, owner, decision] = await Promise.all([
      this.reports.find({ target_key: report.target_key }).limit(100).lean<Report[]>(),
      this.reports.find({ reporter_key: report.reporter_key }, { outcome: 1 }).limit(1000).lean<Pick<Report, 'outcome'>[]>(),
      this.decisions.find({ owner_id: report.item.owner_id }).limit(200).lean<ModerationDecision[]>(),
      report.decision_id ? this.decisions.findById(report.decision_id).lean<ModerationDecision>() : null,
    ]);
    return {
      report: toReportDto(report),
      same_item: sameItem
        .filter((r) => r._id !== report._id)
        .sort((a, b) => a._id.localeCompare(b._id))
        .map(toReportDto),
      reporter_history: {
        reports: byReporter.length,
        actioned: byReporter.filter((r) => r.outcome && r.outcome !== 'no_action').length,
      },
      owner_history: owner.sort((a, b) => b.decided_at.getTime() - a.decided_at.getTime()).map(toDecisionDto),
      decision: decision ? toDecisionDto(decision) : null,
    };
  }

  /**
   * Decides the report and every other open report of the same item, once: the decision's id is the
   * report's, so a retry or a second operator finds it decided. A restriction opens the appeal window.
   */
  async decide(operatorId: string, id: string, action: ModerationAction, statement: string): Promise<{ decision: DecisionDto }> {
    const operator = await this.operators.acting(operatorId);
    const first = await this.reports.findById(id, { target_key: 1, target_kind: 1 }).lean<Pick<Report, 'target_key' | 'target_kind'>>();
    if (!first) throw new DomainError('NOT_FOUND', MODERATION_MESSAGES.reportNotFound);
    if (!ACTIONS_BY_TARGET[first.target_kind].includes(action))
      throw new DomainError('VALIDATION_FAILED', MODERATION_MESSAGES.actionNotAllowed);
    return this.locks.run(`moderation:${first.target_key}`, async () => {
      const report = await this.reports.findById(id).lean<Report>();
      if (!report) throw new DomainError('NOT_FOUND', MODERATION_MESSAGES.reportNotFound);
      if (report.status === 'decided') throw new DomainError('CONFLICT', MODERATION_MESSAGES.alreadyDecided);
      const open = await this.reports.find({ target_key: report.target_key, status: 'open' }).lean<Report[]>();
      const decidedAt = new Date();
      const restricts = action !== 'no_action';
      const reporters: Reporter[] = open.map((r) => ({ user_id: r.reporter_user_id, email: r.contact_email }));
      const decision = new this.decisions({
        _id: `d-${report._id}`,
        decided_at: decidedAt,
        operator_id: operator._id,
        target_kind: report.target_kind,
        target_id: report.target_id,
        item: report.item,
        owner_id: report.item.owner_id,
        action,
        reason: report.reason,
        statement,
        report_ids: open.map((r) => r._id),
        reporters,
        appeal_until: restricts ? new Date(decidedAt.getTime() + APPEAL_WINDOW_DAYS * DAY_MS) : null,
        appeal: null,
        appeal_status: null,
      });
      recordEvent(decision, ModerationEvents.decided, {
        decision_id: decision._id,
        stage: 'decision',
        action,
        outcome: null,
        effect: EFFECT_OF[action],
        target_kind: report.target_kind,
        target_id: report.target_id,
        label: report.item.label,
        owner_id: report.item.owner_id,
        reason: report.reason,
        statement,
        appeal_until: decision.appeal_until?.toISOString() ?? null,
        reporters,
      });
      try {
        await this.relay.save(this.decisions, decision);
      } catch (err) {
        // Decided before a crash left its reports open: finish marking them below.
        if (!isDuplicateKey(err)) throw err;
      }
      const saved = (await this.decisions.findById(decision._id).lean<ModerationDecision>())!;
      for (const reportId of saved.report_ids)
        await this.relay.change(this.reports, reportId, () =>
          this.reports.updateOne(
            { _id: reportId },
            { $set: { status: 'decided', decision_id: saved._id, decided_at: saved.decided_at, outcome: saved.action } },
          ),
        );
      await this.operators.record({
        operator,
        action: `moderation.decided.${saved.action}`,
        target: targetKey(saved.target_kind, saved.target_id),
        reason: saved.statement,
      });
      return { decision: toDecisionDto(saved) };
    });
  }

  /** The decisions about a person's items, newest first. */
  async decisionsFor(userId: string): Promise<{ items: DecisionDto[] }> {
    const docs = await this.decisions.find({ owner_id: userId }).limit(200).lean<ModerationDecision[]>();
    return { items: docs.sort((a, b) => b.decided_at.getTime() - a.decided_at.getTime()).map(toDecisionDto) };
  }

  /** The person affected appeals a restriction, once, within the window. */
  async appeal(userId: string, decisionId: string, text: string): Promise<{ decision: DecisionDto }> {
    return this.relay.change(this.decisions, decisionId, async () => {
      const decision = await this.decisions.findById(decisionId).lean<ModerationDecision>();
      if (!decision) throw new DomainError('NOT_FOUND', MODERATION_MESSAGES.decisionNotFound);
      if (decision.owner_id !== userId) throw new DomainError('FORBIDDEN', MODERATION_MESSAGES.notYours);
      if (!decision.appeal_until) throw new DomainError('VALIDATION_FAILED', MODERATION_MESSAGES.noAppeal);
      if (decision.appeal) throw new DomainError('CONFLICT', MODERATION_MESSAGES.appealOnce);
      if (decision.appeal_until.getTime() < Date.now()) throw new DomainError('VALIDATION_FAILED', MODERATION_MESSAGES.appealTooLate);
      const appeal = { text, at: new Date(), status: 'open' as const, operator_id: null, statement: null, decided_at: null };
      await this.decisions.updateOne({ _id: decisionId }, { $set: { appeal, appeal_status: 'open' } });
      return { decision: toDecisionDto({ ...decision, appeal, appeal_status: 'open' }) };
    });
  }

  /** Appeals waiting, oldest first. */
  async appeals(operatorId: string, limit: number): Promise<{ items: DecisionDto[] }> {
    await this.operators.acting(operatorId);
    const docs = await this.decisions.find({ appeal_status: 'open' }).limit(500).lean<ModerationDecision[]>();
    return {
      items: docs
        .sort((a, b) => a.appeal!.at.getTime() - b.appeal!.at.getTime())
        .slice(0, limit)
        .map(toDecisionDto),
    };
  }

  /** The person's part of the export: the reports they made, the decisions about their content. */
  async exportOf(userId: string) {
    const [made, about] = await Promise.all([
      this.reports.find({ reporter_user_id: userId }, { _outbox: 0 }).limit(1000).lean<Report[]>(),
      this.decisions.find({ owner_id: userId }, { _outbox: 0, reporters: 0, operator_id: 0 }).limit(1000).lean<ModerationDecision[]>(),
    ]);
    return {
      'reports-made': made.map((r) => ({
        report_id: r._id,
        created_at: r.created_at.toISOString(),
        target_kind: r.target_kind,
        item: r.item.label,
        reason: r.reason,
        explanation: r.explanation,
        status: r.status,
        outcome: r.outcome,
      })),
      'moderation-decisions': about.map(toDecisionDto).map(({ operator_id: _op, report_ids: _r, ...d }) => d),
    };
  }

  /**
   * An account erased: its reports and the decisions about its content are kept (the evidence of each
   * decision and the transparency report need them, MODERATION_RETENTION_DAYS) without an address to
   * reach it — the address it gave signed out, the address copied on decisions for the outcome.
   */
  async eraseContactsOf(email: string): Promise<void> {
    const address = email.trim().toLowerCase();
    const given = await this.reports.find({ contact_email: address }, { _id: 1 }).lean<Pick<Report, '_id'>[]>();
    for (const { _id } of given)
      await this.relay.change(this.reports, _id, () => this.reports.updateOne({ _id }, { $set: { contact_email: null } }));
    const copied = await this.decisions.find({ 'reporters.email': address }, { _id: 1 }).lean<Pick<ModerationDecision, '_id'>[]>();
    for (const { _id } of copied)
      await this.relay.change(this.decisions, _id, async () => {
        const d = await this.decisions.findById(_id, { reporters: 1 }).lean<ModerationDecision>();
        if (!d) return;
        const reporters = d.reporters.map((r) => (r.email === address ? { ...r, email: null } : r));
        await this.decisions.updateOne({ _id }, { $set: { reporters } });
      });
  }

  /**
   * Reports and decisions are kept MODERATION_RETENTION_DAYS after the decision (or after the appeal's
   * outcome), then deleted; an open report or an appeal waiting is never deleted.
   */
  async purgeExpired(now = new Date()): Promise<number> {
    const before = new Date(now.getTime() - MODERATION_RETENTION_DAYS * DAY_MS);
    const old = (await this.decisions.find({}, { decided_at: 1, appeal: 1, report_ids: 1 }).lean<ModerationDecision[]>()).filter(
      (d) => d.appeal?.status !== 'open' && (d.appeal?.decided_at ?? d.decided_at) < before,
    );
    // Each under its document's lock (a document whose event is still to be published is not deleted under it).
    for (const d of old) {
      for (const id of d.report_ids) await this.relay.change(this.reports, id, () => this.reports.deleteOne({ _id: id }));
      await this.relay.change(this.decisions, d._id, () => this.decisions.deleteOne({ _id: d._id }));
    }
    return old.length;
  }

  /**
   * The year's transparency report (DSA Art. 15, 24) from the records: notices received that year,
   * decisions and appeals decided that year, medians in hours. Reads the two collections whole (a
   * range on dates is not pushed down by FerretDB; a year's notices are thousands, not millions).
   */
  async transparency(year: number): Promise<TransparencyDto> {
    const from = new Date(Date.UTC(year, 0, 1));
    const to = new Date(Date.UTC(year + 1, 0, 1));
    const within = (d: Date | null | undefined) => !!d && d >= from && d < to;
    const [reports, decisions] = await Promise.all([
      this.reports.find({}, { created_at: 1, reason: 1, target_kind: 1, reporter_user_id: 1, decided_at: 1 }).lean<Report[]>(),
      this.decisions.find({}, { decided_at: 1, action: 1, appeal: 1, report_ids: 1 }).lean<ModerationDecision[]>(),
    ]);
    const notices = reports.filter((r) => within(r.created_at));
    const decided = decisions.filter((d) => within(d.decided_at));
    const reportsById = new Map(reports.map((r) => [r._id, r]));
    const hours = (a: Date, b: Date) => (b.getTime() - a.getTime()) / 3_600_000;
    const toDecide = decided.flatMap((d) =>
      d.report_ids
        .map((id) => reportsById.get(id))
        .filter((r): r is Report => !!r)
        .map((r) => hours(r.created_at, d.decided_at)),
    );
    const appealed = decisions.filter((d) => d.appeal && within(d.appeal.at));
    const appealDecided = decisions.filter((d) => d.appeal?.decided_at && within(d.appeal.decided_at));
    const count = <K extends string>(keys: readonly K[], of: (k: K) => number) => keys.map((key) => ({ key, count: of(key) }));
    const figures = {
      year,
      notices: notices.length,
      notices_by_reason: count(REPORT_REASONS, (k) => notices.filter((r) => r.reason === k).length),
      notices_by_target: count(REPORT_TARGETS, (k) => notices.filter((r) => r.target_kind === k).length),
      notices_from_accounts: notices.filter((r) => r.reporter_user_id).length,
      decisions: decided.length,
      decisions_by_action: count(MODERATION_ACTIONS, (k) => decided.filter((d) => d.action === k).length),
      median_hours_to_decide: median(toDecide),
      appeals: appealed.length,
      appeals_reversed: appealDecided.filter((d) => d.appeal!.status === 'reversed').length,
      appeals_upheld: appealDecided.filter((d) => d.appeal!.status === 'upheld').length,
      appeals_open: appealed.filter((d) => d.appeal!.status === 'open').length,
      median_hours_to_decide_appeal: median(appealDecided.map((d) => hours(d.appeal!.at, d.appeal!.decided_at!))),
      suspensions: decided.filter((d) => d.action === 'suspend_cook').length,
      automated_decisions: 0,
    };
    return { ...figures, csv: transparencyCsv(figures) };
  }

  /** Another operator than the decision's upholds or reverses it; reversing lifts the restriction (the catalogue's handler). */
  async decideAppeal(
    operatorId: string,
    decisionId: string,
    outcome: AppealOutcome,
    statement: string,
  ): Promise<{ decision: DecisionDto }> {
    const operator = await this.operators.acting(operatorId);
    return this.relay.change(this.decisions, decisionId, async () => {
      const decision = await this.decisions.findById(decisionId);
      if (!decision) throw new DomainError('NOT_FOUND', MODERATION_MESSAGES.decisionNotFound);
      if (!decision.appeal || decision.appeal.status !== 'open') throw new DomainError('CONFLICT', MODERATION_MESSAGES.appealNotOpen);
      if (decision.operator_id === operator._id) throw new DomainError('FORBIDDEN', MODERATION_MESSAGES.appealSameOperator);
      decision.appeal = { ...decision.appeal, status: outcome, operator_id: operator._id, statement, decided_at: new Date() };
      decision.appeal_status = null;
      decision.markModified('appeal');
      recordEvent(decision, ModerationEvents.decided, {
        decision_id: decision._id,
        stage: 'appeal',
        action: decision.action,
        outcome,
        effect: outcome === 'reversed' ? REVERSAL_OF[decision.action] : 'none',
        target_kind: decision.target_kind,
        target_id: decision.target_id,
        label: decision.item.label,
        owner_id: decision.owner_id,
        reason: decision.reason,
        statement,
        appeal_until: null,
        reporters: [],
      });
      await decision.save(); // under relay.change: its event is published when the step ends
      await this.operators.record({
        operator,
        action: `moderation.appeal.${outcome}`,
        target: targetKey(decision.target_kind, decision.target_id),
        reason: statement,
      });
      return { decision: toDecisionDto(decision.toObject()) };
    });
  }
}
