import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import type { ProviderEvent } from './provider';
import { PaymentEvent } from './providers.schema';

/** The record of the provider events applied, shared by the checkouts' and Connect's events (one id space at the provider). */
@Injectable()
export class ProviderEvents {
  constructor(@InjectModel(PaymentEvent.name) private readonly events: Model<PaymentEvent>) {}

  /**
   * Applies a provider event once, by its id (webhooks are delivered at least once). Apply, then
   * record: the id is stored only once `apply` has saved and announced its effect, so a failure
   * half-way makes the provider's retry (Stripe retries for days) apply it again — `apply` itself must
   * be idempotent.
   */
  async applyOnce(
    event: ProviderEvent,
    apply: (event: ProviderEvent) => Promise<'applied' | 'ignored'>,
  ): Promise<'applied' | 'duplicate' | 'ignored'> {
    if (await this.events.exists({ _id: event.id })) return 'duplicate';
    const outcome = await apply(event);
    await this.events.updateOne({ _id: event.id }, { $setOnInsert: { type: event.type, received_at: new Date() } }, { upsert: true });
    return outcome;
  }
}
