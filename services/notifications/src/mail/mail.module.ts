import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ContactMessage, ContactMessageSchema, Email, EmailSchema } from './email.schema';
import { EmailsService } from './emails.service';
import { RetentionService } from '../retention/retention.service';

/**
 * The emails queue and its sender (one per process), with the models of what notifications sends and
 * receives, and their retention.
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: Email.name, schema: EmailSchema },
      { name: ContactMessage.name, schema: ContactMessageSchema },
    ]),
  ],
  providers: [EmailsService, RetentionService],
  exports: [MongooseModule, EmailsService],
})
export class MailModule {}
