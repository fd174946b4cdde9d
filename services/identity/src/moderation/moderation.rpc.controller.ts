import { Controller } from '@nestjs/common';
import { ModerationRpc, type RpcRequest } from '@popote/contracts';
import { RpcHandler } from '@popote/platform';
import { ModerationService } from './moderation.service';

/** Thin: validate against the contract, call the rules. */
@Controller()
export class ModerationRpcController {
  constructor(private readonly moderation: ModerationService) {}

  @RpcHandler(ModerationRpc.report)
  report(req: RpcRequest<typeof ModerationRpc.report>) {
    return this.moderation.report(req);
  }

  @RpcHandler(ModerationRpc.queue)
  queue(req: RpcRequest<typeof ModerationRpc.queue>) {
    return this.moderation.queue(req.operator_id, req);
  }

  @RpcHandler(ModerationRpc.reportDetail)
  reportDetail(req: RpcRequest<typeof ModerationRpc.reportDetail>) {
    return this.moderation.detail(req.operator_id, req.report_id);
  }

  @RpcHandler(ModerationRpc.decide)
  decide(req: RpcRequest<typeof ModerationRpc.decide>) {
    return this.moderation.decide(req.operator_id, req.report_id, req.action, req.statement);
  }

  @RpcHandler(ModerationRpc.decisionsFor)
  decisionsFor(req: RpcRequest<typeof ModerationRpc.decisionsFor>) {
    return this.moderation.decisionsFor(req.user_id);
  }

  @RpcHandler(ModerationRpc.appeal)
  appeal(req: RpcRequest<typeof ModerationRpc.appeal>) {
    return this.moderation.appeal(req.user_id, req.decision_id, req.text);
  }

  @RpcHandler(ModerationRpc.appeals)
  appeals(req: RpcRequest<typeof ModerationRpc.appeals>) {
    return this.moderation.appeals(req.operator_id, req.limit);
  }

  @RpcHandler(ModerationRpc.decideAppeal)
  decideAppeal(req: RpcRequest<typeof ModerationRpc.decideAppeal>) {
    return this.moderation.decideAppeal(req.operator_id, req.decision_id, req.outcome, req.statement);
  }

  @RpcHandler(ModerationRpc.transparency)
  transparency(req: RpcRequest<typeof ModerationRpc.transparency>) {
    return this.moderation.transparency(req.year);
  }
}
