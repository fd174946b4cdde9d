import { Args, Context, Field, InputType, Mutation, Resolver } from '@nestjs/graphql';
import { NotificationsRpc } from '@popote/contracts';
import { RpcClient } from '@popote/platform';
import type { GqlContext } from '../auth/gql-context';

@InputType()
export class ContactInput {
  @Field() name!: string;
  @Field() email!: string;
  @Field() subject!: string;
  @Field() message!: string;
}

/**
 * The contact form (open to visitors): stored and emailed to support by the notifications service.
 * A signed-in sender's account is recorded with the message (from the session, never the form), so
 * their data export holds it; a visitor's message belongs to no account and is never exported.
 */
@Resolver()
export class ContactResolver {
  constructor(private readonly rpc: RpcClient) {}

  @Mutation(() => Boolean)
  async sendContactMessage(@Args('input') input: ContactInput, @Context() ctx: GqlContext): Promise<boolean> {
    const actor = ctx.actor ? { user_id: ctx.actor.user_id, user_type: ctx.actor.user_type } : undefined;
    return (await this.rpc.call(NotificationsRpc.sendContact, { ...input, ...(actor ? { actor } : {}) })).ok;
  }
}
