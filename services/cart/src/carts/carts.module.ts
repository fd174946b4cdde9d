import { Module } from '@nestjs/common';
import { AccountErasureHandler, CartAccountRpcController } from '../account/account';
import { MongooseModule } from '@nestjs/mongoose';
import { MealDeletedHandler } from '../events/meal-deleted.handler';
import { OrderPlacedHandler } from '../events/order-placed.handler';
import { Cart, CartSchema } from './cart.schema';
import { CartsRpcController } from './carts.rpc.controller';
import { CartsService } from './carts.service';

@Module({
  imports: [MongooseModule.forFeature([{ name: Cart.name, schema: CartSchema }])],
  controllers: [CartsRpcController, CartAccountRpcController],
  providers: [CartsService, MealDeletedHandler, OrderPlacedHandler, AccountErasureHandler],
})
export class CartsModule {}
