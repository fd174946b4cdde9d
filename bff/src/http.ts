import type { INestApplication } from '@nestjs/common';
import { json, urlencoded, type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import type { BffConfig } from './config';
import { trustProxySetting } from './security/client-address';

/**
 * HTTP settings of the BFF's Express app, shared by main.ts and the tests:
 * - behind the shell's proxy and the ingress, the client address is X-Forwarded-For's read back
 *   through the configured proxies only (a browser's own X-Forwarded-For is not believed);
 * - helmet's headers on every answer (GraphQL JSON, /media pictures): a CSP that lets nothing run
 *   (the BFF serves no page; GraphiQL's page, a local opt-in, is the exception), no framing, nosniff,
 *   no referrer across origins, HSTS in production.
 */
export function configureHttp(app: INestApplication, config: BffConfig): void {
  const express = app as unknown as { set(k: string, v: unknown): void };
  express.set('trust proxy', trustProxySetting(config.TRUST_PROXY));
  // No entity tag on `res.send`: GraphQL answers are `no-store` (nothing could revalidate one), and
  // Express hashed every answer (SHA-1 of the body) to make it — ~1.5 % of the BFF's CPU serving
  // cache hits. /media sets its own, the object store's.
  express.set('etag', false);
  const options = (csp: boolean) =>
    helmet({
      contentSecurityPolicy: csp
        ? {
            useDefaults: false,
            directives: {
              defaultSrc: ["'none'"],
              imgSrc: ["'self'"],
              frameAncestors: ["'none'"],
              baseUri: ["'none'"],
              formAction: ["'none'"],
            },
          }
        : false,
      strictTransportSecurity: config.NODE_ENV === 'production' ? { maxAge: 63072000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginResourcePolicy: { policy: 'same-site' },
      frameguard: { action: 'deny' },
    });
  const strict = options(true);
  // GraphiQL (a local opt-in, refused in production) is a page with scripts: its GET alone goes without the CSP.
  const ide = options(false);
  const isIde = (req: Request) => config.GRAPHIQL === 'true' && req.method === 'GET' && req.path === '/graphql' && !!req.accepts('html');
  app.use((req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    // No GraphQL answer is kept by a browser or a proxy: someone's own data never, and the public
    // reads are cached in the BFF, where an event can drop them (ADR 0006). Apollo's cache-control
    // plugin, which used to send this, is off (it wrapped every field's resolver, for hints we never give).
    if (req.path === '/graphql') res.setHeader('Cache-Control', 'no-store');
    (isIde(req) ? ide : strict)(req, res, next);
  });
  // The body parsers Nest would add, here so that what they refuse (too large, not JSON) is answered
  // in French, in the shape the caller reads (GraphQL errors on /graphql).
  app.use(json({ limit: BODY_LIMIT }));
  app.use(urlencoded({ extended: true, limit: BODY_LIMIT }));
  app.use(bodyErrors);
}

/** Largest JSON body: far above any operation the frontends send. */
const BODY_LIMIT = '100kb';

function bodyErrors(err: unknown, req: Request, res: Response, next: NextFunction): void {
  const status = (err as { status?: number; statusCode?: number }).status ?? (err as { statusCode?: number }).statusCode;
  if (!status || status >= 500 || res.headersSent) return next(err);
  const message = status === 413 ? 'Requête trop volumineuse' : 'Requête invalide';
  const code = 'VALIDATION_FAILED';
  res.status(status).json(req.path.startsWith('/graphql') ? { errors: [{ message, extensions: { code } }] } : { code, message });
}
