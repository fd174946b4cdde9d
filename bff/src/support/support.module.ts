import { Module } from '@nestjs/common';
import { OperatorGuard } from '../operators/operator.guard';
import { SupportResolver } from './support.resolver';

/** Support tools of the operator console: orders and their story, refunds, emails sent again, failed payouts. */
@Module({ providers: [SupportResolver, OperatorGuard] })
export class SupportModule {}
