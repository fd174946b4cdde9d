import { DomainError, type Actor } from '@popote/contracts';

/**
 * The request of an RPC that acts on the calling cook's own data (payouts, campaigns): another
 * actor is refused with `message` (French, the capability's own words).
 */
export const cooksOnly =
  (message: string) =>
  <T extends { actor: Actor }>(req: T): T => {
    if (req.actor.user_type !== 'cook') throw new DomainError('FORBIDDEN', message);
    return req;
  };
