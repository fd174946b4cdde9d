import { jwtVerify, SignJWT } from 'jose';
import type { Actor } from '@popote/contracts';
import { z } from 'zod';

/**
 * Access tokens: short-lived JWTs signed by identity and verified by the BFF on every request.
 * The secret is shared by the two (a local default; production must set AUTH_JWT_SECRET).
 */
export const authConfigSchema = z.object({
  AUTH_JWT_SECRET: z.string().min(32).default('popote-local-development-secret-change-me-0123456789'),
  ACCESS_TOKEN_TTL_S: z.coerce
    .number()
    .int()
    .min(30)
    .default(15 * 60),
  REFRESH_TOKEN_TTL_S: z.coerce
    .number()
    .int()
    .min(60)
    .default(30 * 24 * 3600),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;

const ISSUER = 'popote-identity';
const AUDIENCE = 'popote';

/**
 * What the token says of its user when it was issued, so a request need not ask identity again:
 * the display name (the buyer's name on an order) and whether the email was confirmed. A confirmation
 * only ever turns `email_verified` on (an email change is confirmed before it is applied; an erasure
 * closes every session), so a token that says true stays right; one that says false is checked with
 * identity at the moment of the action.
 */
export interface TokenProfile {
  name: string;
  email_verified: boolean;
}

export async function signAccessToken(
  actor: Actor,
  sessionFamily: string,
  config: AuthConfig,
  profile?: TokenProfile,
): Promise<{ token: string; expiresAt: Date }> {
  const expiresAt = new Date(Date.now() + config.ACCESS_TOKEN_TTL_S * 1000);
  const claims = profile ? { name: profile.name, ev: profile.email_verified } : {};
  const token = await new SignJWT({ user_type: actor.user_type, sid: sessionFamily, ...claims })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(actor.user_id)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(new TextEncoder().encode(config.AUTH_JWT_SECRET));
  return { token, expiresAt };
}

/**
 * The actor of a session, with the session (refresh-token family) it signed in with and what its
 * token says of the user (`TokenProfile`; null/false when the token carries none).
 */
export type SessionActor = Actor & { session_id: string | null; name: string | null; email_verified: boolean };

/** The actor of a valid token, or null (expired, forged, malformed). */
export async function verifyAccessToken(token: string, config: AuthConfig): Promise<SessionActor | null> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(config.AUTH_JWT_SECRET), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
    });
    const type = payload.user_type;
    if (typeof payload.sub !== 'string' || (type !== 'consumer' && type !== 'cook')) return null;
    return {
      user_id: payload.sub,
      user_type: type,
      session_id: typeof payload.sid === 'string' ? payload.sid : null,
      name: typeof payload.name === 'string' ? payload.name : null,
      email_verified: payload.ev === true,
    };
  } catch {
    return null;
  }
}
