import { Injectable } from '@nestjs/common';
import { OrderingEvents, type Envelope } from '@popote/contracts';
import { EventHandler, type IntegrationEventHandler } from '@popote/platform';
import type { z } from 'zod';
import { AdMeasurementService } from '../advertising/ad-measurement.service';

type OrderPlaced = z.infer<typeof OrderingEvents.orderPlaced.schema>;

/** A placed order counts for the campaigns whose card its buyer clicked within 7 days (ADR 0020); idempotent: one conversion per campaign and order id. */
@Injectable()
@EventHandler(OrderingEvents.orderPlaced, { idempotent: true })
export class AdAttributionHandler implements IntegrationEventHandler<OrderPlaced> {
  constructor(private readonly measurement: AdMeasurementService) {}

  async handle(envelope: Envelope<OrderPlaced>): Promise<void> {
    await this.measurement.attribute(envelope.data, new Date(envelope.occurred_at));
  }
}
