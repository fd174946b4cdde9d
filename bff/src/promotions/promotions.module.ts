import { Module } from '@nestjs/common';
import { SecurityModule } from '../security/security.module';
import { PromoCodeAttempts } from './promo-code-attempts';
import { PromotionsResolver } from './promotions.resolver';

/** Promotions (ADR 0045): the cooks' own, and the codes buyers try (counted: PromoCodeAttempts, used by the checkout too). */
@Module({
  imports: [SecurityModule],
  providers: [PromotionsResolver, PromoCodeAttempts],
  exports: [PromoCodeAttempts],
})
export class PromotionsModule {}
