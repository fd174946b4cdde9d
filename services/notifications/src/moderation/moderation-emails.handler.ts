import { Inject, Injectable } from '@nestjs/common';
import { ModerationEvents, type Envelope } from '@popote/contracts';
import { EventHandler, PLATFORM_CONFIG, type IntegrationEventHandler } from '@popote/platform';
import type { z } from 'zod';
import type { NotificationsConfig } from '../config';
import { EmailsService, RECIPIENT_NAME } from '../mail/emails.service';
import { DECISIONS_PATH, reportOutcomeEmail, reportReceivedEmail, statementEmail } from './moderation-emails';

type ReportReceived = z.infer<typeof ModerationEvents.reportReceived.schema>;
type Decided = z.infer<typeof ModerationEvents.decided.schema>;
type Reporter = ReportReceived['reporter'];

/** Queues an email to a reporter: their account's address when signed in, else the address they gave; once per id. */
async function toReporter(
  emails: EmailsService,
  id: string,
  reporter: Reporter,
  mail: (name: string | null) => { subject: string; text: string },
) {
  if (reporter.user_id) await emails.enqueueFor(id, reporter.user_id, mail(RECIPIENT_NAME));
  else if (reporter.email) await emails.enqueue(id, { to: reporter.email, ...mail(null) });
}

/** The reporter's acknowledgement (queued once per event). */
@Injectable()
@EventHandler(ModerationEvents.reportReceived, { idempotent: true })
export class ReportReceivedHandler implements IntegrationEventHandler<ReportReceived> {
  constructor(private readonly emails: EmailsService) {}

  async handle(envelope: Envelope<ReportReceived>): Promise<void> {
    const d = envelope.data;
    await toReporter(this.emails, `report-${d.report_id}`, d.reporter, (name) =>
      reportReceivedEmail(name, d.target_kind, d.label, d.reason),
    );
  }
}

/** The statement of reasons to the person affected, and the outcome to each reporter (queued once per event and person). */
@Injectable()
@EventHandler(ModerationEvents.decided, { idempotent: true })
export class ModerationDecidedHandler implements IntegrationEventHandler<Decided> {
  constructor(
    private readonly emails: EmailsService,
    @Inject(PLATFORM_CONFIG) private readonly config: NotificationsConfig,
  ) {}

  async handle(envelope: Envelope<Decided>): Promise<void> {
    const d = envelope.data;
    await this.emails.enqueueFor(
      `${envelope.id}:${d.owner_id}`,
      d.owner_id,
      statementEmail(RECIPIENT_NAME, d, `${this.config.PUBLIC_URL}${DECISIONS_PATH}`),
    );
    for (const [i, reporter] of d.reporters.entries())
      await toReporter(this.emails, `${envelope.id}:r${i}`, reporter, (name) => reportOutcomeEmail(name, d));
  }
}
