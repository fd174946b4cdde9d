import { Module } from '@nestjs/common';
import { OperatorGuard } from './operator.guard';
import { OperatorsResolver } from './operators.resolver';

/** The operators' console: their sign-in and audit log (ADR 0041). */
@Module({ providers: [OperatorsResolver, OperatorGuard] })
export class OperatorsModule {}
