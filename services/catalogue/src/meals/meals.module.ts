import { forwardRef, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { Meal, MealSchema, Stock, StockApplication, StockApplicationSchema, StockSchema } from './meal.schema';
import { StockModule } from '../stock/stock.module';
import { MealsRpcController } from './meals.rpc.controller';
import { MealImages } from './meal-images';
import { MealsService } from './meals.service';
import { ProfileUpdatedHandler } from '../events/profile-updated.handler';
import { CookLock } from '../reservations/cook-lock';
import { ReservationsService } from '../reservations/reservations.service';
import { PickupSettings, PickupSettingsSchema, SlotHold, SlotHoldSchema, SlotLoad, SlotLoadSchema } from '../slots/slot.schema';
import { SlotsRpcController } from '../slots/slots.rpc.controller';
import { SlotsService } from '../slots/slots.service';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: Meal.name, schema: MealSchema },
      { name: Stock.name, schema: StockSchema },
      { name: StockApplication.name, schema: StockApplicationSchema },
      { name: PickupSettings.name, schema: PickupSettingsSchema },
      { name: SlotLoad.name, schema: SlotLoadSchema },
      { name: SlotHold.name, schema: SlotHoldSchema },
    ]),
    forwardRef(() => StockModule),
  ],
  controllers: [MealsRpcController, SlotsRpcController],
  providers: [MealsService, MealImages, SlotsService, ProfileUpdatedHandler, CookLock, ReservationsService],
  exports: [MealsService, MealImages, SlotsService, ReservationsService, CookLock, MongooseModule],
})
export class MealsModule {}
