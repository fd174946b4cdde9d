import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { UsersModule } from '../users/users.module';
import { Operator, OperatorAudit, OperatorAuditSchema, OperatorSchema } from './operator.schema';
import { OperatorsRpcController } from './operators.rpc.controller';
import { OperatorsService } from './operators.service';

/** The people who run the marketplace: their accounts, second factors and audit log (ADR 0041). */
@Module({
  imports: [
    UsersModule,
    MongooseModule.forFeature([
      { name: Operator.name, schema: OperatorSchema },
      { name: OperatorAudit.name, schema: OperatorAuditSchema },
    ]),
  ],
  controllers: [OperatorsRpcController],
  providers: [OperatorsService],
  exports: [OperatorsService],
})
export class OperatorsModule {}
