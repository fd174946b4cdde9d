import { AsyncLocalStorage } from 'node:async_hooks';
import { importPKCS8, importSPKI, jwtVerify, SignJWT, type CryptoKey } from 'jose';
import { actorSchema, type Actor } from '@popote/contracts';
import { z } from 'zod';

/**
 * The acting user travels from the BFF to the services as a short-lived signed assertion (a JWT,
 * Ed25519) in a NATS header, not as a field anyone could write: the BFF signs the actor of the
 * verified session; a service verifies the assertion against the BFF's public key and that it names
 * the `actor` of the request. A service that calls another on the user's behalf passes the assertion
 * it received along (it cannot make one).
 */
export const ACTOR_HEADER = 'Popote-Actor';
const ISSUER = 'popote-bff';
const AUDIENCE = 'popote-services';
/** Long enough for one request and the calls it makes, short enough that a copy is soon worthless. */
export const ACTOR_ASSERTION_TTL_S = 60;

/** Local development and tests only (this key is public: production refuses it). */
export const DEV_ACTOR_SIGNING_KEY = `-----BEGIN PRIVATE KEY-----
MC4CAQAwBQYDK2VwBCIEIHz1Lo9J93dtZzjgHaHJIdbnZdb/0f1JnJW3zqj0XcGG
-----END PRIVATE KEY-----`;
export const DEV_ACTOR_VERIFY_KEY = `-----BEGIN PUBLIC KEY-----
MCowBQYDK2VwAyEAS1ZHlvoo3eVOuX7D89J9LLWgdyZJLvSnV+H1mRBk2oE=
-----END PUBLIC KEY-----`;

/** PEM from an environment variable, where newlines are often written `\n`. */
const pem = (value: string) => value.replace(/\\n/g, '\n').trim();

export const actorVerifyConfigSchema = z.object({ ACTOR_VERIFY_KEY: z.string().default(DEV_ACTOR_VERIFY_KEY) });
export const actorSigningConfigSchema = z.object({ ACTOR_SIGNING_KEY: z.string().default(DEV_ACTOR_SIGNING_KEY) });

export class ActorSigner {
  private readonly key: Promise<CryptoKey>;
  constructor(privateKeyPem: string) {
    this.key = importPKCS8(pem(privateKeyPem), 'EdDSA');
  }

  async sign(actor: Actor): Promise<string> {
    return new SignJWT({ user_type: actor.user_type })
      .setProtectedHeader({ alg: 'EdDSA' })
      .setSubject(actor.user_id)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${ACTOR_ASSERTION_TTL_S}s`)
      .sign(await this.key);
  }
}

export class ActorVerifier {
  private readonly key: Promise<CryptoKey>;
  constructor(publicKeyPem: string) {
    this.key = importSPKI(pem(publicKeyPem), 'EdDSA');
  }

  /** The actor a valid assertion names, or null (missing, forged, expired, for someone else). */
  async verify(token: string | undefined): Promise<Actor | null> {
    if (!token) return null;
    try {
      const { payload } = await jwtVerify(token, await this.key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['EdDSA'] });
      const parsed = actorSchema.safeParse({ user_id: payload.sub, user_type: payload.user_type });
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }
}

/** The assertion of the request being handled, for the calls it makes on the same user's behalf. */
export const actorAssertionContext = new AsyncLocalStorage<{ token: string; actor: Actor }>();

export const sameActor = (a: Actor, b: { user_id?: unknown; user_type?: unknown } | null | undefined) =>
  !!b && a.user_id === b.user_id && a.user_type === b.user_type;
