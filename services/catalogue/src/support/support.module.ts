import { Module } from '@nestjs/common';
import { MealsModule } from '../meals/meals.module';
import { SupportRpcController } from './support.rpc.controller';
import { SupportService } from './support.service';

/** Support tools for the operator console: an order's reservation of portions and slot, and what became of it. */
@Module({
  imports: [MealsModule],
  controllers: [SupportRpcController],
  providers: [SupportService],
})
export class SupportModule {}
