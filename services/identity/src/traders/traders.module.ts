import { Module } from '@nestjs/common';
import { OperatorsModule } from '../operators/operators.module';
import { UsersModule } from '../users/users.module';
import { TradersJobs } from './traders.jobs';
import { TradersRpcController } from './traders.rpc.controller';
import { TradersService } from './traders.service';

/**
 * Traders' traceability (EU Digital Services Act): a cook's trader details, their verification by
 * operators (each decision in the operators' audit log), the gate on a new dish, and the file's
 * retention after the trading relationship ends. The `traders` collection is in IdentityStore.
 */
@Module({
  imports: [
    UsersModule,
    // The operators' accounts (read: is the operator still one) and their audit log (appended, its own database).
    OperatorsModule,
  ],
  controllers: [TradersRpcController],
  providers: [TradersService, TradersJobs],
  exports: [TradersService],
})
export class TradersModule {}
