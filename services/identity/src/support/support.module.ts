import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { SupportRpcController } from './support.rpc.controller';
import { SupportService } from './support.service';

/** Support tools for the operator console: a person found by their address. */
@Module({
  imports: [UsersModule],
  controllers: [SupportRpcController],
  providers: [SupportService],
})
export class SupportModule {}
