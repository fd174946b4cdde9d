import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  ERASED_NAME,
  exportPage,
  newestFirstAfter,
  newestFirstKey,
  type Envelope,
  type ExportSectionSource,
  type PersonalDataExport,
} from '@popote/contracts';
import { PLATFORM_CONFIG, type ErasureRequested, type PersonalDataProvider } from '@popote/platform';
import type { Model } from 'mongoose';
import type { NotificationsConfig } from '../config';
import { Alert } from '../alerts/alert.schema';
import { AudiencePersonalData } from '../audience/audience.personal-data';
import { ContactMessage, Email, RECIPIENT_NAME } from '../mail/email.schema';
import { redactSecrets } from './redact';

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * What notifications holds about a person: the emails sent to them, the contact messages they
 * wrote, the alerts queued or sent to them, and what the alerts know of them
 * (audience.personal-data.ts: follows, favourites, devices, preferences). Both are found by the account id recorded when they were queued, never by address: an
 * address proves nothing (anyone may sign up with the support address, or one nobody registered).
 * Emails queued before the id was recorded are not exported; emails to the support address never
 * are (they are other people's messages); secrets in links are taken out of the texts.
 */
@Injectable()
export class NotificationsPersonalData implements PersonalDataProvider {
  constructor(
    @InjectModel(Email.name) private readonly emails: Model<Email>,
    @InjectModel(ContactMessage.name) private readonly messages: Model<ContactMessage>,
    @InjectModel(Alert.name) private readonly alerts: Model<Alert>,
    @Inject(PLATFORM_CONFIG) private readonly config: NotificationsConfig,
    private readonly audience: AudiencePersonalData,
  ) {}

  /** One page of the person's part of their export (page by page: a year of emails may exceed a NATS message). */
  export(userId: string, cursor: string | null): Promise<PersonalDataExport> {
    // Its spelling as configured and lower-cased (addresses of accounts are stored lower-cased).
    const support = this.config.SUPPORT_EMAIL.trim();
    const sources: ExportSectionSource[] = [
      {
        name: 'emails-sent',
        list: async (after, limit) => {
          const docs = await this.emails
            .find(
              {
                account_id: userId,
                to: { $nin: [...new Set([support, support.toLowerCase()])] },
                ...newestFirstAfter('created_at', after),
              },
              { to: 1, subject: 1, text: 1, status: 1, created_at: 1, sent_at: 1 },
            )
            .sort({ created_at: -1, _id: 1 })
            .limit(limit)
            .lean<Email[]>();
          return {
            next: docs.length < limit ? null : newestFirstKey(docs.at(-1)!.created_at, docs.at(-1)!._id),
            items: docs.map((e) => ({
              key: newestFirstKey(e.created_at, e._id),
              value: {
                // Not sent yet: addressed to the account, its address and name filled in when sent.
                to: e.to,
                subject: e.subject,
                text: redactSecrets(e.text.replaceAll(RECIPIENT_NAME, '(votre nom)')),
                status: e.status,
                created_at: e.created_at,
                sent_at: e.sent_at,
              },
            })),
          };
        },
      },
      {
        name: 'contact-messages',
        list: async (after, limit) => {
          const docs = await this.messages
            .find({ account_id: userId, ...newestFirstAfter('created_at', after) })
            .sort({ created_at: -1, _id: 1 })
            .limit(limit)
            .lean<ContactMessage[]>();
          return {
            next: docs.length < limit ? null : newestFirstKey(docs.at(-1)!.created_at, docs.at(-1)!._id),
            items: docs.map(({ _id, account_id: _account, ...m }) => ({ key: newestFirstKey(m.created_at, _id), value: m })),
          };
        },
      },
      // Follows, favourites, push devices, alert preferences.
      ...this.audience.sources(userId),
      {
        name: 'alerts',
        list: async (after, limit) => {
          const docs = await this.alerts
            .find(
              { user_id: userId, ...newestFirstAfter('created_at', after) },
              { kind: 1, channel: 1, title: 1, body: 1, url: 1, status: 1, created_at: 1, sent_at: 1 },
            )
            .sort({ created_at: -1, _id: 1 })
            .limit(limit)
            .lean<(Alert & { created_at: Date })[]>();
          return {
            next: docs.length < limit ? null : newestFirstKey(docs.at(-1)!.created_at, docs.at(-1)!._id),
            items: docs.map(({ _id, ...a }) => ({ key: newestFirstKey(a.created_at, _id), value: a })),
          };
        },
      },
    ];
    return exportPage(sources, cursor);
  }

  /**
   * Erasure (GDPR art. 17): the person's emails and messages go (by their account id, and by the address they had
   * for those recorded before the id was); other people's emails that name them (a cook's username
   * in a consumer's order confirmation) have the name replaced. Idempotent. The support address is
   * never a person's: an account that had it does not take support's mail with it. Their follows
   * (and the follows of them, when they cooked), favourites, devices, preferences and alerts go too.
   */
  async erase(userId: string, { data: { email, names } }: Envelope<ErasureRequested>): Promise<void> {
    const byAddress = sameAddress(email, this.config.SUPPORT_EMAIL) ? [] : [{ to: email }, { reply_to: email }];
    await this.emails.deleteMany({ $or: [{ account_id: userId }, ...byAddress] });
    await this.messages.deleteMany({ $or: [{ account_id: userId }, ...(byAddress.length ? [{ email }] : [])] });
    await this.audience.erase(userId);
    await this.alerts.deleteMany({ user_id: userId });
    for (const name of names.filter((n) => n.trim().length >= 3)) {
      const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const pattern = new RegExp(escaped, 'g');
      const query = new RegExp(escaped);
      const naming = await this.emails.find({ $or: [{ text: query }, { subject: query }] }, { text: 1, subject: 1 }).lean<Email[]>();
      for (const e of naming) {
        await this.emails.updateOne(
          { _id: e._id },
          { $set: { text: e.text.replace(pattern, ERASED_NAME), subject: e.subject.replace(pattern, ERASED_NAME) } },
        );
      }
    }
  }
}
