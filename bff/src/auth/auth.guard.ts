import { applyDecorators, Injectable, SetMetadata, UseGuards, type CanActivate, type ExecutionContext, type Type } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { GqlExecutionContext } from '@nestjs/graphql';
import { DomainError, IDENTITY_MESSAGES, type UserType } from '@popote/contracts';
import type { GqlContext } from './gql-context';

const ROLES = 'popote:roles';
/** Restricts a resolver to signed-in users of these types (checked on the server). */
export const Roles = (...roles: UserType[]) => SetMetadata(ROLES, roles);

/** Resolvers using it need a signed-in user; with @Roles, one of those types. */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const ctx = GqlExecutionContext.create(context).getContext<GqlContext>();
    if (!ctx.actor) throw new DomainError('UNAUTHENTICATED', IDENTITY_MESSAGES.notSignedIn);
    const roles = this.reflector.getAllAndOverride<UserType[] | undefined>(ROLES, [context.getHandler(), context.getClass()]);
    if (roles?.length && !roles.includes(ctx.actor.user_type)) throw new DomainError('FORBIDDEN', IDENTITY_MESSAGES.cookOnly);
    return true;
  }
}

/**
 * Signed-in cooks only: AuthGuard with @Roles('cook'), then the further guards given, in that order
 * (`@CookOnly(VerifiedEmailGuard)`: a cook whose address is confirmed).
 */
export const CookOnly = (...then: Type<CanActivate>[]) => applyDecorators(UseGuards(AuthGuard, ...then), Roles('cook'));
