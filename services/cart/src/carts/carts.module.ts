import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { MealDeletedHandler } from '../events/meal-deleted.handler';
import { OrderPlacedHandler } from '../events/order-placed.handler';
import { Cart, CartSchema } from './cart.schema';
import { CartsRpcController } from './carts.rpc.controller';
import { CartsService } from './carts.service';

@Module({
  imports: [MongooseModule.forFeature([{ name: Cart.name, schema: CartSchema }])],
  controllers: [CartsRpcController],
  providers: [CartsService, MealDeletedHandler, OrderPlacedHandler],
  exports: [MongooseModule],
})
export class CartsModule {}
