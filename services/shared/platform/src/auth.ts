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
  /** An operator's console session: short, not refreshed (the operator signs in again with their second factor). */
  OPERATOR_SESSION_TTL_S: z.coerce
    .number()
    .int()
    .min(60)
    .max(8 * 3600)
    .default(30 * 60),
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

/**
 * Operators' tokens are of their own audience: a buyer's or cook's token is never an operator's, and
 * an operator's opens nothing but the console. `enrol`: the few minutes between a right password
 * and the first code of a new second factor.
 */
const OPERATOR_AUDIENCE = { session: 'popote-ops', enrol: 'popote-ops-enrol' } as const;
const ENROLMENT_TTL_S = 10 * 60;

/** Who an operator token names. */
export interface OperatorActor {
  operator_id: string;
  email: string;
  name: string;
}

export async function signOperatorToken(
  operator: OperatorActor,
  kind: keyof typeof OPERATOR_AUDIENCE,
  config: AuthConfig,
): Promise<{ token: string; expiresAt: Date }> {
  const ttl = kind === 'session' ? config.OPERATOR_SESSION_TTL_S : ENROLMENT_TTL_S;
  const expiresAt = new Date(Date.now() + ttl * 1000);
  const token = await new SignJWT({ email: operator.email, name: operator.name })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(operator.operator_id)
    .setIssuer(ISSUER)
    .setAudience(OPERATOR_AUDIENCE[kind])
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(new TextEncoder().encode(config.AUTH_JWT_SECRET));
  return { token, expiresAt };
}

/** The operator of a valid token of that kind, or null (expired, forged, of another audience). */
export async function verifyOperatorToken(
  token: string,
  kind: keyof typeof OPERATOR_AUDIENCE,
  config: AuthConfig,
): Promise<OperatorActor | null> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(config.AUTH_JWT_SECRET), {
      issuer: ISSUER,
      audience: OPERATOR_AUDIENCE[kind],
      algorithms: ['HS256'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.email !== 'string' || typeof payload.name !== 'string') return null;
    return { operator_id: payload.sub, email: payload.email, name: payload.name };
  } catch {
    return null;
  }
}
