import { UseGuards } from '@nestjs/common';
import { Args, Query, Resolver } from '@nestjs/graphql';
import { ReceiptsRpc, type Actor } from '@popote/contracts';
import { RpcClient } from '@popote/platform';
import { AuthGuard } from '../auth/auth.guard';
import { CurrentActor } from '../auth/current-actor.decorator';
import { IdArg, RECEIPT_ORDER_ID } from '../errors/id-arguments';
import { ReceiptModel, ReceiptPdfModel } from './payouts.model';

/** Receipts: the order's consumer (and its cook) see them; the commission invoice is the cook's. */
@Resolver()
@UseGuards(AuthGuard)
export class ReceiptsResolver {
  constructor(private readonly rpc: RpcClient) {}

  @Query(() => ReceiptModel, { description: "An order's receipt (its consumer or its cook)" })
  async receipt(@CurrentActor() actor: Actor, @IdArg('order_id', RECEIPT_ORDER_ID) orderId: string): Promise<ReceiptModel> {
    return (await this.rpc.call(ReceiptsRpc.get, { actor, order_id: orderId })).receipt;
  }

  @Query(() => ReceiptPdfModel, {
    description: "The receipt as a PDF made on the server; document: receipt | commission_invoice (the cook's)",
  })
  receiptPdf(
    @CurrentActor() actor: Actor,
    @IdArg('order_id', RECEIPT_ORDER_ID) orderId: string,
    @Args('document', { defaultValue: 'receipt' }) document: string,
  ): Promise<ReceiptPdfModel> {
    return this.rpc.call(
      ReceiptsRpc.pdf,
      { actor, order_id: orderId, document: document === 'commission_invoice' ? 'commission_invoice' : 'receipt' },
      { timeoutMs: 15_000 },
    );
  }
}
