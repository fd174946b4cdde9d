import type { Model } from 'mongoose';
import type { PaymentEvent } from '../checkouts/checkout.schema';
import type { ProviderEvent } from './provider';

/**
 * Applies a provider event once, by its id (webhooks are delivered at least once). Apply, then
 * record: the id is stored only once `apply` has saved and announced its effect, so a failure
 * half-way makes the provider's retry (Stripe retries for days) apply it again — `apply` itself must
 * be idempotent.
 */
export async function applyOnce(
  events: Model<PaymentEvent>,
  event: ProviderEvent,
  apply: (event: ProviderEvent) => Promise<'applied' | 'ignored'>,
): Promise<'applied' | 'duplicate' | 'ignored'> {
  if (await events.exists({ _id: event.id })) return 'duplicate';
  const outcome = await apply(event);
  await events.updateOne({ _id: event.id }, { $setOnInsert: { type: event.type, received_at: new Date() } }, { upsert: true });
  return outcome;
}
