import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { AccountRpcController } from './account.rpc.controller';

/** The account's emails (confirmation, password reset, export ready, erasure) that identity and the BFF ask for. */
@Module({
  imports: [MailModule],
  controllers: [AccountRpcController],
})
export class AccountEmailsModule {}
