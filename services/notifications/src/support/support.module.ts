import { Module } from '@nestjs/common';
import { AlertsModule } from '../alerts/alerts.module';
import { MailModule } from '../mail/mail.module';
import { SupportRpcController } from './support.rpc.controller';
import { SupportService } from './support.service';

/** Support tools for the operator console: an order's emails and pushes, and an email sent again. */
@Module({
  imports: [MailModule, AlertsModule],
  controllers: [SupportRpcController],
  providers: [SupportService],
})
export class SupportModule {}
