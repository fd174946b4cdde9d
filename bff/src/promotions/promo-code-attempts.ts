import { Injectable } from '@nestjs/common';
import { PROMOTION_MESSAGES, type Actor } from '@popote/contracts';
import type { GqlContext } from '../auth/gql-context';
import { clientAddress } from '../security/client-address';
import { RateLimitedError, RateLimitService } from '../security/rate-limit.service';

/**
 * Promo codes tried (ADR 0045): each attempt, a preview or a checkout with codes, counts per buyer
 * and per client address (RATE_LIMIT_PROMO_CODE); past the limit, refused in French with the wait.
 */
@Injectable()
export class PromoCodeAttempts {
  constructor(private readonly limits: RateLimitService) {}

  async count(actor: Actor, ctx: GqlContext): Promise<void> {
    try {
      await this.limits.consume('promoCode', `user:${actor.user_id}`);
      await this.limits.consume('promoCode', `ip:${clientAddress(ctx.req)}`);
    } catch (err) {
      if (err instanceof RateLimitedError) throw new RateLimitedError(err.retryAfterS, PROMOTION_MESSAGES.tooManyAttempts);
      throw err;
    }
  }
}
