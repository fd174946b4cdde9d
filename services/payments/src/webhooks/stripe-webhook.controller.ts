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
import { PAYMENT_PROVIDER, type PaymentProvider } from '../providers/provider';
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
  ) {}

  @Post('stripe')
  @HttpCode(200)
  async receive(@Req() req: RawBodyRequest<Request>, @Headers('stripe-signature') signature?: string) {
    if (!(this.provider instanceof StripeProvider)) throw new NotFoundException();
    if (!req.rawBody || !signature) throw new BadRequestException('missing signature');
    let event;
    try {
      event = this.provider.verifyWebhook(req.rawBody, signature);
    } catch {
      throw new BadRequestException('invalid signature');
    }
    return { received: true, result: await this.checkouts.applyProviderEvent(event) };
  }
}
