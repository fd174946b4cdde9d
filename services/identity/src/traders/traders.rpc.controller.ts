import { Controller } from '@nestjs/common';
import { TraderRpc, type RpcRequest } from '@popote/contracts';
import { RpcHandler } from '@popote/platform';
import { TradersService } from './traders.service';

/** Thin: the contract's request to the service. */
@Controller()
export class TradersRpcController {
  constructor(private readonly traders: TradersService) {}

  @RpcHandler(TraderRpc.save)
  async save(req: RpcRequest<typeof TraderRpc.save>) {
    return { file: await this.traders.save(req.actor, { ...req.details }) };
  }

  @RpcHandler(TraderRpc.get)
  async get(req: RpcRequest<typeof TraderRpc.get>) {
    return { file: await this.traders.read(req.cook_id, { actor: req.actor, operator_id: req.operator_id }) };
  }

  @RpcHandler(TraderRpc.queue)
  queue(req: RpcRequest<typeof TraderRpc.queue>) {
    return this.traders.queue(req.operator_id, req.status, req.after, req.limit);
  }

  @RpcHandler(TraderRpc.decide)
  decide(req: RpcRequest<typeof TraderRpc.decide>) {
    return this.traders.decide(req.operator_id, req.cook_id, req.revision, req.decision, req.message ?? null);
  }

  @RpcHandler(TraderRpc.verifiedSeller)
  async verifiedSeller(req: RpcRequest<typeof TraderRpc.verifiedSeller>) {
    const [verified, suspended] = await Promise.all([this.traders.isVerifiedSeller(req.cook_id), this.traders.isSuspended(req.cook_id)]);
    return { verified, suspended };
  }

  @RpcHandler(TraderRpc.documentsKept)
  async documentsKept(req: RpcRequest<typeof TraderRpc.documentsKept>) {
    return { keys: await this.traders.documentsKept(req.cook_ids) };
  }
}
