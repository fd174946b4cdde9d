import { UseGuards } from '@nestjs/common';
import { Args, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { CartRpc, type Actor } from '@popote/contracts';
import { RpcClient } from '@popote/platform';
import { AuthGuard } from '../auth/auth.guard';
import { CurrentActor } from '../auth/current-actor.decorator';
import { CART_MEAL_ID, IdArg } from '../errors/id-arguments';
import { CartModel } from './cart.model';

/** The signed-in user's own cart; the user comes from the session, never from arguments. */
@Resolver(() => CartModel)
@UseGuards(AuthGuard)
export class CartResolver {
  constructor(private readonly rpc: RpcClient) {}

  @Query(() => CartModel)
  cart(@CurrentActor() actor: Actor): Promise<CartModel> {
    return this.rpc.call(CartRpc.getCart, { actor });
  }

  @Mutation(() => CartModel)
  addToCart(
    @CurrentActor() actor: Actor,
    @IdArg('meal_id', CART_MEAL_ID) mealId: string,
    @Args('quantity', { type: () => Int, defaultValue: 1 }) quantity: number,
  ): Promise<CartModel> {
    return this.rpc.call(CartRpc.addItem, { actor, meal_id: mealId, quantity });
  }

  @Mutation(() => CartModel, { description: 'A quantity of 0 or less removes the line' })
  setCartQuantity(
    @CurrentActor() actor: Actor,
    @IdArg('meal_id', CART_MEAL_ID) mealId: string,
    @Args('quantity', { type: () => Int }) quantity: number,
  ): Promise<CartModel> {
    return this.rpc.call(CartRpc.setQuantity, { actor, meal_id: mealId, quantity });
  }

  @Mutation(() => CartModel)
  removeFromCart(@CurrentActor() actor: Actor, @IdArg('meal_id') mealId: string): Promise<CartModel> {
    return this.rpc.call(CartRpc.removeItem, { actor, meal_id: mealId });
  }

  @Mutation(() => CartModel)
  clearCart(@CurrentActor() actor: Actor): Promise<CartModel> {
    return this.rpc.call(CartRpc.clear, { actor });
  }

  @Mutation(() => CartModel, { description: '"Procéder au paiement": not empty, every line within stock' })
  startCheckout(@CurrentActor() actor: Actor): Promise<CartModel> {
    return this.rpc.call(CartRpc.checkout, { actor });
  }
}
