import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ReceiptsRpc } from '@popote/contracts';
import { parseRequest } from '@popote/platform';
import { ReceiptsService } from './receipts.service';

/** Thin: validate against the contract, call the rules (the order's consumer or cook only). */
@Controller()
export class ReceiptsRpcController {
  constructor(private readonly receipts: ReceiptsService) {}

  @MessagePattern(ReceiptsRpc.get.subject)
  async get(@Payload() p: unknown) {
    const req = parseRequest(ReceiptsRpc.get, p);
    return { receipt: await this.receipts.get(req.actor, req.order_id) };
  }

  @MessagePattern(ReceiptsRpc.pdf.subject)
  pdf(@Payload() p: unknown) {
    const req = parseRequest(ReceiptsRpc.pdf, p);
    return this.receipts.pdf(req.actor, req.order_id, req.document);
  }
}
