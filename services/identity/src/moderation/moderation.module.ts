import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { OperatorsModule } from '../operators/operators.module';
import { ModerationDecision, ModerationDecisionSchema, Report, ReportSchema } from './moderation.schema';
import { ModerationJobs } from './moderation.jobs';
import { ModerationRpcController } from './moderation.rpc.controller';
import { ModerationService } from './moderation.service';

/** Notice and action (ADR 0042): reports, decisions and their statements, appeals. */
@Module({
  imports: [
    OperatorsModule,
    MongooseModule.forFeature([
      { name: Report.name, schema: ReportSchema },
      { name: ModerationDecision.name, schema: ModerationDecisionSchema },
    ]),
  ],
  controllers: [ModerationRpcController],
  providers: [ModerationService, ModerationJobs],
  exports: [ModerationService],
})
export class ModerationModule {}
