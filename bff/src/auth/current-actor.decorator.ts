import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { GqlExecutionContext } from '@nestjs/graphql';
import type { Actor } from '@popote/contracts';
import type { GqlContext } from './gql-context';

/** The verified actor (use behind AuthGuard, which guarantees it is present). */
export const CurrentActor = createParamDecorator((_: unknown, context: ExecutionContext): Actor => {
  return GqlExecutionContext.create(context).getContext<GqlContext>().actor!;
});
