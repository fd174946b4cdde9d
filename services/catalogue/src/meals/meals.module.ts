import { Module } from '@nestjs/common';
import { CatalogueAccountRpcController } from '../account/account.rpc.controller';
import { CataloguePersonalData } from '../account/personal-data.service';
import { AccountErasureHandler } from '../events/account-erasure.handler';
import { MongooseModule } from '@nestjs/mongoose';
import { Meal, MealSchema, Stock, StockApplication, StockApplicationSchema, StockSchema } from './meal.schema';
import { StockService } from '../stock/stock.service';
import { StockWorkerHandler } from '../events/stock-worker.handler';
import { MealsRpcController } from './meals.rpc.controller';
import { MealsService } from './meals.service';
import { ProfileUpdatedHandler } from '../events/profile-updated.handler';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: Meal.name, schema: MealSchema },
      { name: Stock.name, schema: StockSchema },
      { name: StockApplication.name, schema: StockApplicationSchema },
    ]),
  ],
  controllers: [MealsRpcController, CatalogueAccountRpcController],
  providers: [MealsService, StockService, ProfileUpdatedHandler, StockWorkerHandler, CataloguePersonalData, AccountErasureHandler],
  exports: [MealsService, StockService, MongooseModule],
})
export class MealsModule {}
