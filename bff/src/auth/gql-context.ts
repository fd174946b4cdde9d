import type { z } from 'zod';
import type { IdentityRpc } from '@popote/contracts';
import type { SessionActor } from '@popote/platform';
import type { Request, Response } from 'express';

export interface GqlContext {
  req: Request;
  res: Response;
  /** Set from the verified session; null when signed out. Never taken from the request body. */
  actor: SessionActor | null;
  /** Identity's answer about the signed-in user, asked once per request (`meOf`): the guard and the resolver share it. */
  me?: Promise<z.infer<typeof IdentityRpc.getMe.response>>;
}
