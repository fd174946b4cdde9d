import { Module } from '@nestjs/common';
import { ContactResolver } from './contact.resolver';

/** The contact form, sent by notifications. */
@Module({ providers: [ContactResolver] })
export class ContactModule {}
