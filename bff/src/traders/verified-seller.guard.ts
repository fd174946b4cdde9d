import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { GqlExecutionContext } from '@nestjs/graphql';
import { DomainError, IDENTITY_MESSAGES, MODERATION_MESSAGES, TRADER_MESSAGES, TraderRpc } from '@popote/contracts';
import { RpcClient } from '@popote/platform';
import type { GqlContext } from '../auth/gql-context';

/**
 * A new dish goes on sale only from a verified seller (EU Digital Services Act, traceability of
 * traders): identity is asked at the moment of the action, and an answer that does not come refuses
 * (fail closed). Refused in French, pointing to the dashboard's 'Vendeur' tab. Dishes already on sale
 * are not taken down, and editing them is not gated. A cook suspended by a moderation decision is
 * refused too (ADR 0042).
 */
@Injectable()
export class VerifiedSellerGuard implements CanActivate {
  constructor(private readonly rpc: RpcClient) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const actor = GqlExecutionContext.create(context).getContext<GqlContext>().actor;
    if (!actor) throw new DomainError('UNAUTHENTICATED', IDENTITY_MESSAGES.notSignedIn);
    let verified: boolean;
    let suspended: boolean;
    try {
      ({ verified, suspended } = await this.rpc.call(TraderRpc.verifiedSeller, { cook_id: actor.user_id }));
    } catch {
      throw new DomainError('UNAVAILABLE', TRADER_MESSAGES.notVerified);
    }
    if (suspended) throw new DomainError('FORBIDDEN', MODERATION_MESSAGES.suspended, undefined, { reason: 'COOK_SUSPENDED' });
    if (!verified) throw new DomainError('FORBIDDEN', TRADER_MESSAGES.notVerified, undefined, { reason: 'SELLER_NOT_VERIFIED' });
    return true;
  }
}
