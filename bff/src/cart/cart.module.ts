import { Module } from '@nestjs/common';
import { CartResolver } from './cart.resolver';

/** The buyer's cart, kept by the cart service. */
@Module({ providers: [CartResolver] })
export class CartModule {}
