import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { ModerationDecidedHandler, ReportReceivedHandler } from './moderation-emails.handler';

/** The emails of notice and action (ADR 0042): acknowledgements, statements of reasons, outcomes. */
@Module({
  imports: [MailModule],
  providers: [ReportReceivedHandler, ModerationDecidedHandler],
})
export class ModerationEmailsModule {}
