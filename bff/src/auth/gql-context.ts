import type { SessionActor } from '@popote/platform';
import type { Request, Response } from 'express';

export interface GqlContext {
  req: Request;
  res: Response;
  /** Set from the verified session; null when signed out. Never taken from the request body. */
  actor: SessionActor | null;
}
