import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { ContactRpcController } from './contact.rpc.controller';
import { ContactService } from './contact.service';

/** The contact form: messages stored, forwarded to the team, acknowledged to the sender. */
@Module({
  imports: [MailModule],
  controllers: [ContactRpcController],
  providers: [ContactService],
})
export class ContactModule {}
