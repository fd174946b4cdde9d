import { forwardRef, Module } from '@nestjs/common';
import { StockWorkerHandler } from '../events/stock-worker.handler';
import { MealsModule } from '../meals/meals.module';
import { CardReconciliationService } from './card-reconciliation.service';
import { MealRatingsService } from './meal-ratings.service';
import { StockCardsService } from './stock-cards.service';
import { StockService } from './stock.service';

/**
 * The meals' stock (ADR 0004): its moves (the per-cook worker), its copy on the cards and their
 * reconciliation, the ratings that ride the same partition.
 * The slot side of an order, the cook's lock and the collections (CatalogueStore) come from the meals
 * module (which uses the stock in turn: the two reference each other).
 */
@Module({
  imports: [forwardRef(() => MealsModule)],
  providers: [StockService, StockCardsService, CardReconciliationService, MealRatingsService, StockWorkerHandler],
  exports: [StockService],
})
export class StockModule {}
