import { Module } from '@nestjs/common';
import { OperatorGuard } from '../operators/operator.guard';
import { DeadLettersResolver } from './dead-letters.resolver';

/** The dead letters of every service in the operators' console: listed, and replayed by their own consumer. */
@Module({ providers: [DeadLettersResolver, OperatorGuard] })
export class DeadLettersModule {}
