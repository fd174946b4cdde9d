import { Module, type DynamicModule } from '@nestjs/common';
import { PersonalDataModule, PlatformModule } from '@popote/platform';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from './config';
import { AccountRpcController } from './account/account.rpc.controller';
import { NotificationsPersonalData } from './account/personal-data';
import { AlertsModule } from './alerts/alerts.module';
import { AudienceModule } from './audience/audience.module';
import { ContactRpcController } from './contact/contact.rpc.controller';
import { ContactService } from './contact/contact.service';
import { OrderPlacedHandler } from './events/order-placed.handler';
import { OrderStatusChangedHandler } from './events/order-status-changed.handler';
import { PickupReminderHandler, PickupSlotMovedHandler } from './events/pickup.handlers';
import { MailModule } from './mail/mail.module';
import { RetentionService } from './retention/retention.service';

@Module({})
export class AppModule {
  static forRoot(config: NotificationsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forService({ service: 'notifications', config }),
        MailModule,
        AudienceModule,
        AlertsModule,
        PersonalDataModule.forService('notifications', NotificationsPersonalData, { imports: [MailModule, AudienceModule, AlertsModule] }),
      ],
      controllers: [ContactRpcController, AccountRpcController],
      providers: [
        ContactService,
        OrderPlacedHandler,
        OrderStatusChangedHandler,
        { provide: NOTIFICATIONS_CONFIG, useValue: config },
        PickupReminderHandler,
        PickupSlotMovedHandler,
        RetentionService,
      ],
    };
  }
}
