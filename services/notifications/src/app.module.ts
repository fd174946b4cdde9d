import { Module, type DynamicModule } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { PersonalDataModule, PlatformModule } from '@popote/platform';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from './config';
import { AccountRpcController } from './account/account.rpc.controller';
import { NotificationsPersonalData } from './account/personal-data';
import { ContactRpcController } from './contact/contact.rpc.controller';
import { ContactService } from './contact/contact.service';
import { OrderPlacedHandler } from './events/order-placed.handler';
import { OrderStatusChangedHandler } from './events/order-status-changed.handler';
import { PickupReminderHandler, PickupSlotMovedHandler } from './events/pickup.handlers';
import { ContactMessage, ContactMessageSchema, Email, EmailSchema } from './mail/email.schema';
import { EmailsService } from './mail/emails.service';
import { RetentionService } from './retention/retention.service';

@Module({})
export class AppModule {
  static forRoot(config: NotificationsConfig): DynamicModule {
    const mail = MongooseModule.forFeature([
      { name: Email.name, schema: EmailSchema },
      { name: ContactMessage.name, schema: ContactMessageSchema },
    ]);
    return {
      module: AppModule,
      imports: [
        PlatformModule.forService({ service: 'notifications', config }),
        mail,
        PersonalDataModule.forService('notifications', NotificationsPersonalData, { imports: [mail] }),
      ],
      controllers: [ContactRpcController, AccountRpcController],
      providers: [
        EmailsService,
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
