import { Module } from '@nestjs/common';
import { OperatorGuard } from '../operators/operator.guard';
import { ModerationResolver } from './moderation.resolver';

/** Notice and action (ADR 0042): 'Signaler', the operators' decisions, the appeals of the people affected. */
@Module({ providers: [ModerationResolver, OperatorGuard] })
export class ModerationModule {}
