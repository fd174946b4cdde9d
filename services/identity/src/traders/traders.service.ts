import { Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  DomainError,
  IDENTITY_MESSAGES,
  IdentityEvents,
  OPERATOR_MESSAGES,
  TRADER_MESSAGES,
  TraderEmailsRpc,
  type Actor,
  type TraderDecision,
  type TraderDetailsDto,
  type TraderFileDto,
} from '@popote/contracts';
import { DistributedLocks, EventPublisher, findByIds, OutboxRelay, RpcClient } from '@popote/platform';
import type { Model } from 'mongoose';
import { appendAudit } from '../operators/operators.service';
import { Operator, OperatorAudit } from '../operators/operator.schema';
import { IdentityStore } from '../store';
import type { User } from '../users/user.schema';
import { toPublicSeller, toTraderFile } from './traders.mapper';
import { decide, documentKeysOf, onSave, retentionEnd } from './traders.rules';
import type { Trader } from './trader.schema';

type QueueStatus = 'submitted' | 'more_info_requested';
type QueueItem = TraderFileDto & { cook_name: string; cook_username: string };

/** The queue's cursor: the last item's submission instant and id (keyset: stable while cooks submit). */
const cursorOf = (t: Pick<Trader, '_id' | 'submitted_at'>) =>
  Buffer.from(JSON.stringify([t.submitted_at ? new Date(t.submitted_at).toISOString() : null, t._id])).toString('base64url');
function readCursor(cursor: string): { at: Date; id: string } | null {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [unknown, unknown];
    if (typeof at !== 'string' || typeof id !== 'string' || Number.isNaN(Date.parse(at))) return null;
    return { at: new Date(at), id };
  } catch {
    return null;
  }
}

/**
 * Traders' traceability (EU Digital Services Act): a cook's details and documents, submitted, then
 * verified by an operator or completed on request. Every write to a file holds its lease
 * (`traders:<cook id>`) and reads, decides and writes it whole; the verified copy on the cook profile
 * (the public page's badge and seller block) is written under the same lease, then the read cache is
 * told. Each operator decision is written to the audit log before it takes effect.
 */
@Injectable()
export class TradersService {
  private readonly log = new Logger('Traders');

  constructor(
    private readonly store: IdentityStore,
    private readonly locks: DistributedLocks,
    private readonly relay: OutboxRelay,
    private readonly publisher: EventPublisher,
    private readonly rpc: RpcClient,
    @InjectModel(Operator.name) private readonly operators: Model<Operator>,
    @InjectModel(OperatorAudit.name) private readonly audit: Model<OperatorAudit>,
  ) {}

  private file(cookId: string): Promise<Trader | null> {
    return this.store.traders.findById(cookId).lean<Trader>();
  }

  /** A cook who is still one (an erased account or a buyer has no trader file to write). */
  private async cook(userId: string): Promise<User> {
    const user = await this.store.users.findById(userId, { user_type: 1, erased_at: 1 }).lean<User>();
    if (!user || user.erased_at) throw new DomainError('UNAUTHENTICATED', IDENTITY_MESSAGES.sessionExpired);
    if (user.user_type !== 'cook') throw new DomainError('FORBIDDEN', IDENTITY_MESSAGES.cookOnly);
    return user;
  }

  /** The operator acting, still one (a disabled operator's session is refused). */
  private async operator(operatorId: string): Promise<Operator> {
    const operator = await this.operators.findById(operatorId).lean<Operator>();
    if (!operator || operator.disabled_at) throw new DomainError('FORBIDDEN', OPERATOR_MESSAGES.sessionExpired);
    return operator;
  }

  /** A cook's file: their own, or any cook's for an operator (an unknown cook: not found). */
  async read(cookId: string, reader: { actor?: Actor; operator_id?: string }): Promise<TraderFileDto> {
    if (reader.actor) {
      if (reader.actor.user_id !== cookId) throw new DomainError('FORBIDDEN', TRADER_MESSAGES.documentForbidden);
      await this.cook(cookId);
      return toTraderFile(cookId, await this.file(cookId));
    }
    await this.operator(reader.operator_id ?? '');
    const file = await this.file(cookId);
    if (!file && !(await this.store.users.exists({ _id: cookId, user_type: 'cook' })))
      throw new DomainError('NOT_FOUND', TRADER_MESSAGES.cookNotFound);
    return toTraderFile(cookId, file);
  }

  /**
   * The cook saves their details (checked by the contract; the BFF checked that the documents are
   * theirs and stored). Changed details are a new submission: back to `submitted`, and the public
   * badge and seller block go until an operator verifies them again.
   */
  async save(actor: Actor, details: TraderDetailsDto): Promise<TraderFileDto> {
    const cookId = actor.user_id;
    await this.cook(cookId);
    for (const key of documentKeysOf(details))
      if (!key.startsWith(`traders/${cookId}/`)) throw new DomainError('VALIDATION_FAILED', TRADER_MESSAGES.documentInvalid);
    const { file, unverified } = await this.locks.run(`traders:${cookId}`, async () => {
      const current = await this.file(cookId);
      const outcome = onSave(current, details);
      if (outcome.kind === 'unchanged') return { file: current!, unverified: false };
      const now = new Date();
      await this.store.traders.updateOne(
        { _id: cookId },
        { $set: { status: 'submitted', revision: outcome.revision, details, submitted_at: now } },
        { upsert: true },
      );
      const wasVerified = current?.status === 'verified';
      if (wasVerified) await this.copyToProfile(cookId, null);
      return { file: (await this.file(cookId))!, unverified: wasVerified };
    });
    if (unverified) await this.publisher.announce(IdentityEvents.cookProfileChanged, { cook_id: cookId, cause: 'profile' });
    return toTraderFile(cookId, file);
  }

  /** The operators' queue: files in `status`, oldest submission first, a page at a time. */
  async queue(
    operatorId: string,
    status: QueueStatus,
    after: string | null | undefined,
    limit: number,
  ): Promise<{ items: QueueItem[]; next_cursor: string | null }> {
    await this.operator(operatorId);
    const from = after ? readCursor(after) : null;
    const docs = await this.store.traders
      .find({
        status,
        relationship_ended_at: null,
        ...(from ? { $or: [{ submitted_at: { $gt: from.at } }, { submitted_at: from.at, _id: { $gt: from.id } }] } : {}),
      })
      .sort({ submitted_at: 1, _id: 1 })
      .limit(limit + 1)
      .lean<Trader[]>();
    const page = docs.slice(0, limit);
    const users = await findByIds<User>(
      this.store.users,
      page.map((t) => t._id),
      { name: 1, username: 1 },
    );
    const byId = new Map(users.map((u) => [u._id, u]));
    return {
      items: page.map((t) => ({
        ...toTraderFile(t._id, t),
        cook_name: byId.get(t._id)?.name ?? '',
        cook_username: byId.get(t._id)?.username ?? '',
      })),
      next_cursor: docs.length > limit ? cursorOf(page[page.length - 1]!) : null,
    };
  }

  /**
   * An operator's decision on the revision they read, once: under the file's lease, the audit line
   * (who, what, on whom, why), then the file and the profile's copy. The same decision again changes
   * nothing and writes no line (`applied: false`). The cook is emailed the decision.
   */
  async decide(
    operatorId: string,
    cookId: string,
    revision: number,
    decision: TraderDecision,
    message: string | null,
  ): Promise<{ file: TraderFileDto; applied: boolean }> {
    const operator = await this.operator(operatorId);
    // A cook who is still one (an account being erased is no one's seller, its profile is gone).
    if (!(await this.store.users.exists({ _id: cookId, user_type: 'cook', erased_at: null })))
      throw new DomainError('NOT_FOUND', TRADER_MESSAGES.cookNotFound);
    const result = await this.locks.run(`traders:${cookId}`, async () => {
      const current = await this.file(cookId);
      const outcome = decide(current, revision, decision);
      if (outcome.kind === 'refuse') throw new DomainError(outcome.code, outcome.message);
      if (outcome.kind === 'already') return { file: current!, applied: false };
      const verified = outcome.status === 'verified';
      await appendAudit(this.audit, {
        operator,
        action: verified ? 'trader.verified' : 'trader.more-info-requested',
        target: `cook:${cookId}`,
        reason: verified ? `Révision ${revision} vérifiée${message ? ` : ${message}` : ''}` : message,
      });
      const now = new Date();
      await this.store.traders.updateOne(
        { _id: cookId },
        {
          $set: {
            status: outcome.status,
            decided_at: now,
            decided_by: operator._id,
            ...(verified ? { verified_at: now } : { message }),
          },
        },
      );
      if (verified) await this.copyToProfile(cookId, current!.details);
      return { file: (await this.file(cookId))!, applied: true };
    });
    if (result.applied) {
      if (result.file.status === 'verified')
        await this.publisher.announce(IdentityEvents.cookProfileChanged, { cook_id: cookId, cause: 'profile' });
      this.tellCook(cookId, result.file);
    }
    return { file: toTraderFile(cookId, result.file), applied: result.applied };
  }

  /** The gate on a new dish: a verified file of a relationship still going on (the source, not the profile's copy). */
  async isVerifiedSeller(cookId: string): Promise<boolean> {
    const file = await this.store.traders.findById(cookId, { status: 1, relationship_ended_at: 1 }).lean<Trader>();
    return file?.status === 'verified' && !file.relationship_ended_at;
  }

  /** Suspended by a moderation decision (ADR 0042): no new dish until an appeal reverses it. */
  async isSuspended(cookId: string): Promise<boolean> {
    const profile = await this.store.cookProfiles.findById(cookId, { suspended_at: 1 }).lean<{ suspended_at?: Date | null }>();
    return !!profile?.suspended_at;
  }

  /** The document keys still kept for these cooks (the BFF's sweep deletes the others). */
  async documentsKept(cookIds: string[]): Promise<string[]> {
    const files = await findByIds<Trader>(this.store.traders, cookIds, { details: 1 });
    return files.flatMap((t) => documentKeysOf(t.details));
  }

  /** The person's file, for their data export (null: none). */
  async exportOf(cookId: string): Promise<(TraderFileDto & { documents: string[] }) | null> {
    const file = await this.file(cookId);
    if (!file) return null;
    return { ...toTraderFile(cookId, file), documents: documentKeysOf(file.details).map((k) => k.slice(k.lastIndexOf('/') + 1)) };
  }

  /**
   * The account is erased: the trading relationship ends. What the law requires to be kept is kept —
   * the file (and its documents) six more months, for the authorities and whoever has a claim against
   * the trader — out of the queue and of every page (the cook profile goes with the account). Idempotent.
   */
  async endRelationship(cookId: string, endedAt = new Date()): Promise<void> {
    await this.locks.run(`traders:${cookId}`, async () => {
      const file = await this.file(cookId);
      if (!file || file.relationship_ended_at) return;
      await this.store.traders.updateOne(
        { _id: cookId },
        { $set: { relationship_ended_at: endedAt, delete_after: retentionEnd(endedAt) } },
      );
    });
  }

  /** Files six months past their relationship, deleted (a delete by date: idempotent). */
  async purgeExpired(now = new Date()): Promise<number> {
    const { deletedCount } = await this.store.traders.deleteMany({ delete_after: { $ne: null, $lte: now } });
    if (deletedCount) this.log.log(`${deletedCount} trader file(s) deleted six months after the relationship ended`);
    return deletedCount;
  }

  /** The public copy on the cook profile, under the profile's lease (the rating writes it too): a seller, or none. */
  private async copyToProfile(cookId: string, details: TraderDetailsDto | null): Promise<void> {
    await this.relay.change(this.store.cookProfiles, cookId, () =>
      this.store.cookProfiles.updateOne(
        { _id: cookId },
        { $set: { verified_seller: !!details, seller: details ? toPublicSeller(details) : null } },
        { upsert: true },
      ),
    );
  }

  /** The cook's email about the decision (addressed when sent); a failure is logged, the dashboard says it anyway. */
  private tellCook(cookId: string, file: Trader): void {
    const decision = file.status === 'verified' ? 'verified' : 'more_info_requested';
    this.rpc
      .call(TraderEmailsRpc.sendDecision, {
        user_id: cookId,
        decision,
        message: decision === 'verified' ? null : file.message,
        dedupe_key: `${cookId}-r${file.revision}-${decision}`,
      })
      .catch((err: Error) => this.log.warn(`trader decision email for ${cookId} not asked: ${err.message}`));
  }
}
