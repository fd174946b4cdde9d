import { Controller } from '@nestjs/common';
import { PROMOTION_ERRORS, PromotionsRpc, type RpcRequest } from '@popote/contracts';
import { RpcHandler } from '@popote/platform';
import { cooksOnly } from '../cooks-only';
import { PlatformOffer } from './platform-offer.service';
import { PromotionsService } from './promotions.service';

const cook = cooksOnly(PROMOTION_ERRORS.cooksOnly);

/** Thin: validate against the contract, call the rules. A cook acts on their own promotions only. */
@Controller()
export class PromotionsRpcController {
  constructor(
    private readonly promotions: PromotionsService,
    private readonly offer: PlatformOffer,
  ) {}

  @RpcHandler(PromotionsRpc.platformOffer)
  async platformOffer() {
    return { offer: await this.offer.read(true) };
  }

  /** Operators only: the BFF's operator guard let the call through and wrote the audit log first. */
  @RpcHandler(PromotionsRpc.setPlatformOffer)
  async setPlatformOffer(req: RpcRequest<typeof PromotionsRpc.setPlatformOffer>) {
    return { offer: await this.offer.set(req.input) };
  }

  @RpcHandler(PromotionsRpc.create)
  async create(req: RpcRequest<typeof PromotionsRpc.create>) {
    const { actor, input } = cook(req);
    return { promotion: await this.promotions.create(actor, input) };
  }

  @RpcHandler(PromotionsRpc.setState)
  async setState(req: RpcRequest<typeof PromotionsRpc.setState>) {
    const { actor, promotion_id, state } = cook(req);
    return { promotion: await this.promotions.setState(actor, promotion_id, state) };
  }

  @RpcHandler(PromotionsRpc.mine)
  async mine(req: RpcRequest<typeof PromotionsRpc.mine>) {
    return { items: await this.promotions.mine(cook(req).actor) };
  }

  @RpcHandler(PromotionsRpc.preview)
  async preview(req: RpcRequest<typeof PromotionsRpc.preview>) {
    return { discount: await this.promotions.preview(req.actor, req.cook_id, req.code) };
  }
}
