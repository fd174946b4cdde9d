import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { TraderEmailsRpcController } from './trader-emails.rpc.controller';

/** The cook's emails about their trader details (verified, or more asked), asked by identity. */
@Module({
  imports: [MailModule],
  controllers: [TraderEmailsRpcController],
})
export class TraderEmailsModule {}
