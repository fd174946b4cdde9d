import { Controller } from '@nestjs/common';
import { OperatorRpc, type RpcRequest } from '@popote/contracts';
import { RpcHandler } from '@popote/platform';
import { OperatorsService } from './operators.service';

/** Thin: validate against the contract, call the rules. */
@Controller()
export class OperatorsRpcController {
  constructor(private readonly operators: OperatorsService) {}

  @RpcHandler(OperatorRpc.signIn)
  signIn(req: RpcRequest<typeof OperatorRpc.signIn>) {
    return this.operators.signIn(req.email, req.password, req.code || undefined, req.client.ip);
  }

  @RpcHandler(OperatorRpc.confirmEnrolment)
  confirmEnrolment(req: RpcRequest<typeof OperatorRpc.confirmEnrolment>) {
    return this.operators.confirmEnrolment(req.enrolment_token, req.code, req.client.ip);
  }

  @RpcHandler(OperatorRpc.audit)
  audit(req: RpcRequest<typeof OperatorRpc.audit>) {
    return this.operators.auditLog(req.operator_id, req.before, req.limit);
  }

  @RpcHandler(OperatorRpc.recordAudit)
  recordAudit(req: RpcRequest<typeof OperatorRpc.recordAudit>) {
    return this.operators.recordFor(req.operator_id, req.action, req.target, req.reason);
  }
}
