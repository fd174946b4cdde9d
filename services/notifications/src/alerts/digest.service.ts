import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { IdentityRpc, PICKUP_TIME_ZONE } from '@popote/contracts';
import { DistributedLocks, findByIds, PeriodicJob, PLATFORM_CONFIG, RpcClient } from '@popote/platform';
import type { Model } from 'mongoose';
import type { NotificationsConfig } from '../config';
import { effectivePreferences } from '../audience/alert-preferences.service';
import { AlertPreferencesDoc } from '../audience/audience.schema';
import { Email } from '../mail/email.schema';
import { EmailsService } from '../mail/emails.service';
import { Alert } from './alert.schema';
import { digestEmail, EMAIL_KINDS, type EmailKind } from './alert-texts';
import { UNSUBSCRIBE_PATH, unsubscribeKey, unsubscribeToken } from './unsubscribe-token';

/** Lines waiting for a digest, read per page (their people are then done one by one). */
const PAGE = 1_000;
/** Alerts done with (sent, dropped, given up, digested) are deleted after this many days. */
export const ALERT_RETENTION_DAYS = 30;

const parisClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: PICKUP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  hourCycle: 'h23',
});
/** The Paris date (YYYY-MM-DD) and hour of an instant. */
export function parisDayAndHour(at: Date): { day: string; hour: number } {
  const p = Object.fromEntries(parisClock.formatToParts(at).map((x) => [x.type, x.value]));
  return { day: `${p.year}-${p.month}-${p.day}`, hour: Number(p.hour) };
}

/** The id of a person's digest of a Paris day: at most one a day, whichever replica makes it. */
export const digestId = (userId: string, day: string) => `alert-digest|${userId}|${day}`;

/**
 * The day's email of alerts (docs/alerts.md): from ALERT_DIGEST_HOUR (Paris), each buyer with lines
 * waiting gets one email listing them — unless they already had that day's (`alert-digest|<user>|<day>`
 * in the emails queue; lines that came after it wait for the next day). Per person under a lock: the
 * lines are first marked with the digest's id, then the email is queued (a crash in between is
 * finished by the next pass, which finds the marked lines). The email carries the one-click
 * unsubscribe of the kinds it lists (List-Unsubscribe, List-Unsubscribe-Post: RFC 8058) and a link
 * per kind in its text. Lines of a kind whose emails were turned off meanwhile are dropped.
 */
@Injectable()
export class DigestService {
  private readonly log = new Logger('AlertDigest');
  private readonly key: Buffer;

  constructor(
    @InjectModel(Alert.name) private readonly alerts: Model<Alert>,
    @InjectModel(Email.name) private readonly emails: Model<Email>,
    @InjectModel(AlertPreferencesDoc.name) private readonly preferences: Model<AlertPreferencesDoc>,
    @Inject(PLATFORM_CONFIG) private readonly config: NotificationsConfig,
    private readonly queue: EmailsService,
    private readonly rpc: RpcClient,
    private readonly locks: DistributedLocks,
  ) {
    this.key = unsubscribeKey(config);
  }

  /** Every ALERT_DIGEST_CHECK_MS on every replica: the digests due at `now` (tests pass their clock). Returns how many were queued. */
  @PeriodicJob<NotificationsConfig>({ name: 'alert-digest', everyMs: (c) => c.ALERT_DIGEST_CHECK_MS })
  async run(now: Date = new Date()): Promise<number> {
    const { day, hour } = parisDayAndHour(now);
    if (hour < this.config.ALERT_DIGEST_HOUR) return 0;
    let queued = 0;
    let after: string | null = null;
    for (;;) {
      const page: Pick<Alert, '_id' | 'user_id'>[] = await this.alerts
        .find({ status: 'waiting', ...(after === null ? {} : { _id: { $gt: after } }) }, { user_id: 1 })
        .sort({ _id: 1 })
        .limit(PAGE)
        .lean<Pick<Alert, '_id' | 'user_id'>[]>();
      if (!page.length) break;
      const people = [...new Set(page.map((a) => a.user_id))];
      for (let i = 0; i < people.length; i += 100) {
        const batch = people.slice(i, i + 100);
        const { users } = await this.rpc.call(IdentityRpc.getUsers, { user_ids: batch });
        const known = new Map(users.map((u) => [u.user_id, u]));
        for (const userId of batch) {
          try {
            if (await this.digestOf(userId, known.get(userId) ?? null, day, now)) queued++;
          } catch (err) {
            this.log.warn(`digest of ${userId} failed, next pass retries: ${(err as Error).message}`);
          }
        }
      }
      if (page.length < PAGE) break;
      after = page.at(-1)!._id;
    }
    if (queued) this.log.log(`${queued} alert digest(s) queued for ${day}`);
    return queued;
  }

  /** One person's digest of `day`, if due; true when it was queued now. */
  private digestOf(userId: string, user: { email: string; name: string } | null, day: string, now: Date): Promise<boolean> {
    const id = digestId(userId, day);
    return this.locks.run(`alert-digest:${userId}`, async () => {
      if (await this.emails.exists({ _id: id })) return false;
      const waiting = await this.alerts.find({ user_id: userId, status: 'waiting' }).lean<Alert[]>();
      const [stored] = await findByIds<AlertPreferencesDoc>(this.preferences, [userId], { preferences: 1 });
      const prefs = effectivePreferences(stored?.preferences);
      for (const line of waiting.filter((l) => l.created_at <= now)) {
        // No account any more, or that kind's emails turned off since the line was queued: not sent.
        const wanted = user && (EMAIL_KINDS as string[]).includes(line.kind) && prefs[line.kind as EmailKind].email;
        await this.alerts.updateOne(
          { _id: line._id, status: 'waiting' },
          { $set: wanted ? { status: 'digested', digest_id: id } : { status: 'dropped', last_error: 'emails of this kind off' } },
        );
      }
      if (!user) return false;
      const lines = (await this.alerts.find({ digest_id: id }).lean<Alert[]>()).sort((a, b) => +a.created_at - +b.created_at);
      if (!lines.length) return false;
      const kinds = EMAIL_KINDS.filter((k) => lines.some((l) => l.kind === k));
      const link = (k: readonly EmailKind[]) =>
        `${this.config.PUBLIC_URL}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(unsubscribeToken(this.key, userId, k))}`;
      const all = link(kinds);
      const mail = digestEmail(
        user.name,
        lines.map((l) => ({ kind: l.kind as EmailKind, title: l.title, body: l.body, url: `${this.config.PUBLIC_URL}${l.url}` })),
        { unsubscribe: Object.fromEntries(kinds.map((k) => [k, link([k])])), profile: `${this.config.PUBLIC_URL}/profile` },
      );
      const mailto = `mailto:${this.config.SUPPORT_EMAIL}?subject=${encodeURIComponent(`desabonnement ${unsubscribeToken(this.key, userId, kinds)}`)}`;
      await this.queue.enqueue(id, {
        to: user.email,
        account_id: userId,
        ...mail,
        headers: { 'List-Unsubscribe': `<${all}>, <${mailto}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
      return true;
    });
  }

  /** Hourly on every replica (idempotent): alerts done with for ALERT_RETENTION_DAYS are deleted. */
  @PeriodicJob({ name: 'alerts-purge', everyMs: 3_600_000, atStart: true })
  async purge(now: Date = new Date()): Promise<number> {
    const before = new Date(now.getTime() - ALERT_RETENTION_DAYS * 86_400_000);
    try {
      const res = await this.alerts.deleteMany({ created_at: { $lt: before }, status: { $in: ['sent', 'dropped', 'failed', 'digested'] } });
      return res.deletedCount;
    } catch (err) {
      this.log.warn(`alerts purge failed: ${(err as Error).message}`);
      return 0;
    }
  }
}
