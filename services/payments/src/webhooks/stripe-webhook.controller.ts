import {
  BadRequestException,
  Controller,
  Headers,
  HttpCode,
  Inject,
  NotFoundException,
  Post,
  Req,
  type RawBodyRequest,
} from '@nestjs/common';
import type { Request } from 'express';
import { CheckoutsService } from '../checkouts/checkouts.service';
import { CONNECT_EVENT_TYPES, PayoutsService } from '../payouts/payouts.service';
import { PAYMENT_PROVIDER, type PaymentProvider, type ProviderEvent } from '../providers/provider';
import { StripeProvider } from '../providers/stripe.provider';

/**
 * Stripe's webhook: the signature is verified over the raw body, each event id is applied once,
 * and the answer is a fast 2xx (the work is a couple of local writes; events go out via the outbox).
 */
@Controller('webhooks')
export class StripeWebhookController {
  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly checkouts: CheckoutsService,
    private readonly payouts: PayoutsService,
  ) {}

  @Post('stripe')
  @HttpCode(200)
  receive(@Req() req: RawBodyRequest<Request>, @Headers('stripe-signature') signature?: string) {
    return this.apply(req, signature, 'platform');
  }

  /** Stripe Connect's endpoint: events of the connected accounts (account.updated, payout.failed), their own secret. */
  @Post('stripe/connect')
  @HttpCode(200)
  receiveConnect(@Req() req: RawBodyRequest<Request>, @Headers('stripe-signature') signature?: string) {
    return this.apply(req, signature, 'connect');
  }

  private async apply(req: RawBodyRequest<Request>, signature: string | undefined, endpoint: 'platform' | 'connect') {
    if (!(this.provider instanceof StripeProvider)) throw new NotFoundException();
    if (!req.rawBody || !signature) throw new BadRequestException('missing signature');
    let event: ProviderEvent;
    try {
      event =
        endpoint === 'connect'
          ? this.provider.verifyConnectWebhook(req.rawBody, signature)
          : this.provider.verifyWebhook(req.rawBody, signature);
    } catch {
      throw new BadRequestException('invalid signature');
    }
    // Transfers are the platform's own objects (its endpoint); accounts and bank payouts come through Connect's.
    const result = CONNECT_EVENT_TYPES.includes(event.type)
      ? await this.payouts.applyProviderEvent(event)
      : await this.checkouts.applyProviderEvent(event);
    return { received: true, result };
  }
}
