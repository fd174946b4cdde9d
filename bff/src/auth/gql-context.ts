import type { Actor } from '@popote/contracts';
import type { Request, Response } from 'express';

export interface GqlContext {
  req: Request;
  res: Response;
  /** Set from the verified session; null when signed out. Never taken from the request body. */
  actor: Actor | null;
}
