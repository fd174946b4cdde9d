import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AudienceModule } from '../audience/audience.module';
import { MailModule } from '../mail/mail.module';
import { Alert, AlertSchema } from './alert.schema';
import { BackInStockAlertsHandler, NewDishAlertsHandler, NewSlotsAlertsHandler } from './catalogue-alerts.handlers';
import { DigestService } from './digest.service';
import { AlertsFanOut } from './fan-out.service';
import { OrderStatusPushHandler } from './order-pushes.handlers';
import { PushSender } from './push-sender.service';
import { UnsubscribeRpcController } from './unsubscribe.rpc.controller';

/**
 * The alerts (docs/alerts.md): events → alerts for the people who asked for them (followers,
 * favourites, an order's buyer or cook), sent as Web Push and as one email digest a day, with the
 * one-click unsubscribe of those emails.
 */
@Module({
  imports: [MongooseModule.forFeature([{ name: Alert.name, schema: AlertSchema }]), AudienceModule, MailModule],
  controllers: [UnsubscribeRpcController],
  providers: [
    AlertsFanOut,
    PushSender,
    DigestService,
    NewDishAlertsHandler,
    NewSlotsAlertsHandler,
    BackInStockAlertsHandler,
    OrderStatusPushHandler,
  ],
  exports: [MongooseModule, AlertsFanOut, PushSender, DigestService],
})
export class AlertsModule {}
