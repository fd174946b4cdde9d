import { join } from 'node:path';
import { Module, type DynamicModule } from '@nestjs/common';
import { serviceModule } from '@popote/platform';
import { AccountEmailsModule } from './account/account-emails.module';
import { NotificationsPersonalData } from './account/personal-data';
import { AlertsModule } from './alerts/alerts.module';
import { AudienceModule } from './audience/audience.module';
import type { NotificationsConfig } from './config';
import { ContactModule } from './contact/contact.module';
import { MailModule } from './mail/mail.module';
import { ModerationEmailsModule } from './moderation/moderation-emails.module';
import { OrderEmailsModule } from './order-emails/order-emails.module';
import { SupportModule } from './support/support.module';
import { TraderEmailsModule } from './traders/trader-emails.module';

@Module({})
export class AppModule {
  static forRoot(config: NotificationsConfig): DynamicModule {
    return serviceModule(AppModule, {
      service: 'notifications',
      config,
      features: [
        MailModule,
        AudienceModule,
        AlertsModule,
        ContactModule,
        AccountEmailsModule,
        OrderEmailsModule,
        ModerationEmailsModule,
        TraderEmailsModule,
        SupportModule,
      ],
      personalData: NotificationsPersonalData,
      migrations: join(__dirname, 'migrations'),
    });
  }
}
