import { Injectable, Logger } from '@nestjs/common';
import { PeriodicJob } from '@popote/platform';
import { SlotsService } from '../slots/slots.service';
import { StockCardsService } from './stock-cards.service';

/**
 * How often each replica checks that every card shows its stock and its cook's commune (the read
 * model's safety net: cards a crash between two writes, or an older version during a rolling
 * deployment, left behind). Two collection reads; writes only where a card differs.
 */
const RECONCILE_EVERY_MS = 10 * 60_000;

/**
 * The cards' reconciliation (ADR 0016), at start too, in the background: a card a crash left behind
 * its stock or its cook's commune is copied again. Safe with every replica doing it at once.
 */
@Injectable()
export class CardReconciliationService {
  private readonly log = new Logger('Stock');

  constructor(
    private readonly cards: StockCardsService,
    private readonly slots: SlotsService,
  ) {}

  /** Every card made to show its stock and its cook's commune. */
  @PeriodicJob({ name: 'card-reconciliation', everyMs: RECONCILE_EVERY_MS, atStart: true })
  async run(): Promise<void> {
    const portions = await this.cards.reconcile();
    const located = await this.slots.reconcileLocations();
    if (portions || located) this.log.log(`read model: copied the stock onto ${portions} cards, the cook's commune onto ${located}`);
  }
}
