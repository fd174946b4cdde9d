import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { Meal, MealSchema } from './meal.schema';
import { MealsRpcController } from './meals.rpc.controller';
import { MealsService } from './meals.service';
import { ProfileUpdatedHandler } from '../events/profile-updated.handler';

@Module({
  imports: [MongooseModule.forFeature([{ name: Meal.name, schema: MealSchema }])],
  controllers: [MealsRpcController],
  providers: [MealsService, ProfileUpdatedHandler],
  exports: [MealsService, MongooseModule],
})
export class MealsModule {}
