import { Args, Field, InputType, Mutation, Resolver } from '@nestjs/graphql';
import { NotificationsRpc } from '@popote/contracts';
import { RpcClient } from '@popote/platform';

@InputType()
export class ContactInput {
  @Field() name!: string;
  @Field() email!: string;
  @Field() subject!: string;
  @Field() message!: string;
}

/** The contact form (open to visitors): stored and emailed to support by the notifications service. */
@Resolver()
export class ContactResolver {
  constructor(private readonly rpc: RpcClient) {}

  @Mutation(() => Boolean)
  async sendContactMessage(@Args('input') input: ContactInput): Promise<boolean> {
    return (await this.rpc.call(NotificationsRpc.sendContact, input)).ok;
  }
}
