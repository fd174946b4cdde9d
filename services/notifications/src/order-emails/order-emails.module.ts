import { Module } from '@nestjs/common';
import { AlertsModule } from '../alerts/alerts.module';
import { MailModule } from '../mail/mail.module';
import { OrderPlacedHandler } from './order-placed.handler';
import { OrderStatusChangedHandler } from './order-status-changed.handler';
import { PickupReminderHandler, PickupSlotMovedHandler } from './pickup.handlers';
import { RefundIssuedHandler } from './refund-issued.handler';

/** The emails an order's events send its buyer and its cook (queued for the account, addressed when sent). */
@Module({
  imports: [MailModule, AlertsModule],
  providers: [OrderPlacedHandler, OrderStatusChangedHandler, PickupReminderHandler, PickupSlotMovedHandler, RefundIssuedHandler],
})
export class OrderEmailsModule {}
