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

export async function signAccessToken(
  actor: Actor,
  sessionFamily: string,
  config: AuthConfig,
): Promise<{ token: string; expiresAt: Date }> {
  const expiresAt = new Date(Date.now() + config.ACCESS_TOKEN_TTL_S * 1000);
  const token = await new SignJWT({ user_type: actor.user_type, sid: sessionFamily })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(actor.user_id)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(new TextEncoder().encode(config.AUTH_JWT_SECRET));
  return { token, expiresAt };
}

/** The actor of a session, with the session (refresh-token family) it signed in with. */
export type SessionActor = Actor & { session_id: string | null };

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
    return { user_id: payload.sub, user_type: type, session_id: typeof payload.sid === 'string' ? payload.sid : null };
  } catch {
    return null;
  }
}
