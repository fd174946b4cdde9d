import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { Meal, MealSchema, StockApplication, StockApplicationSchema } from './meal.schema';
import { StockService } from '../stock/stock.service';
import { OrderPlacedHandler } from '../events/order-placed.handler';
import { OrderCancelledHandler } from '../events/order-cancelled.handler';
import { MealsRpcController } from './meals.rpc.controller';
import { MealsService } from './meals.service';
import { ProfileUpdatedHandler } from '../events/profile-updated.handler';
import { ReviewSubmittedHandler } from '../events/review-submitted.handler';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: Meal.name, schema: MealSchema },
      { name: StockApplication.name, schema: StockApplicationSchema },
    ]),
  ],
  controllers: [MealsRpcController],
  providers: [MealsService, StockService, ProfileUpdatedHandler, OrderPlacedHandler, OrderCancelledHandler, ReviewSubmittedHandler],
  exports: [MealsService, MongooseModule],
})
export class MealsModule {}
