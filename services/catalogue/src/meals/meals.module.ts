import { forwardRef, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { StockModule } from '../stock/stock.module';
import { MealsRpcController } from './meals.rpc.controller';
import { MealImages } from './meal-images';
import { MealsService } from './meals.service';
import { ModerationDecidedHandler } from '../events/moderation-decided.handler';
import { ProfileUpdatedHandler } from '../events/profile-updated.handler';
import { CookLock } from '../reservations/cook-lock';
import { ReservationsService } from '../reservations/reservations.service';
import { SlotsRpcController } from '../slots/slots.rpc.controller';
import { SlotsService } from '../slots/slots.service';
import { CatalogueStore } from '../store';

@Module({
  imports: [MongooseModule.forFeature(CatalogueStore.definitions), forwardRef(() => StockModule)],
  controllers: [MealsRpcController, SlotsRpcController],
  providers: [
    CatalogueStore,
    MealsService,
    MealImages,
    SlotsService,
    ProfileUpdatedHandler,
    ModerationDecidedHandler,
    CookLock,
    ReservationsService,
  ],
  // The models too (MongooseModule): the stock module and the personal data read them.
  exports: [CatalogueStore, MealsService, MealImages, SlotsService, ReservationsService, CookLock, MongooseModule],
})
export class MealsModule {}
