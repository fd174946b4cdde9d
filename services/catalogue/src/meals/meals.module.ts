import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { Meal, MealSchema } from './meal.schema';
import { MealsRpcController } from './meals.rpc.controller';
import { MealsService } from './meals.service';

@Module({
  imports: [MongooseModule.forFeature([{ name: Meal.name, schema: MealSchema }])],
  controllers: [MealsRpcController],
  providers: [MealsService],
  exports: [MealsService, MongooseModule],
})
export class MealsModule {}
