import { Module } from '@nestjs/common';
import { PayoutsResolver } from './payouts.resolver';
import { ReceiptsResolver } from './receipts.resolver';

/** The cook's payouts and ledger, and the receipts of an order. */
@Module({ providers: [PayoutsResolver, ReceiptsResolver] })
export class PayoutsModule {}
