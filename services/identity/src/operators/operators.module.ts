import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { UsersModule } from '../users/users.module';
import { AuditModelProvider } from './audit-model.provider';
import { Operator, OperatorSchema } from './operator.schema';
import { OperatorsRpcController } from './operators.rpc.controller';
import { OperatorsService } from './operators.service';

/** The people who run the marketplace: their accounts, second factors and audit log (ADR 0041). */
@Module({
  imports: [UsersModule, MongooseModule.forFeature([{ name: Operator.name, schema: OperatorSchema }])],
  controllers: [OperatorsRpcController],
  providers: [OperatorsService, AuditModelProvider],
  exports: [OperatorsService, AuditModelProvider, MongooseModule],
})
export class OperatorsModule {}
