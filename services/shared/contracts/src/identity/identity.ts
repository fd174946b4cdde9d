import { z } from 'zod';
import { actorSchema, defineEvent, defineRpc } from '../shared/envelope';
import { deliveryAddressSchema } from '../catalogue/pickup';
import { publicSellerSchema } from './traders';
import { AVATAR_URL_INVALID, isSafeImageUrl, isValidSiret, LIMITS, TEXT_LIMITS, USER_TYPES, VAT_REGIMES } from '../shared/enums';

/** French validation texts of the spec, shared by the service and the forms. */
export const IDENTITY_MESSAGES = {
  usernameMin: 'Le pseudo doit contenir au moins 3 caractères',
  passwordMin: 'Le mot de passe doit contenir au moins 6 caractères',
  passwordsDiffer: 'Les mots de passe ne correspondent pas',
  emailInvalid: 'Adresse email invalide',
  required: 'Ce champ est obligatoire',
  invalidCredentials: 'Email ou mot de passe invalide',
  authError: "Erreur d'authentification",
  emailTaken: 'Cette adresse email est déjà utilisée',
  usernameTaken: 'Ce pseudo est déjà pris',
  tooManyAttempts: 'Trop de tentatives de connexion. Réessayez dans quelques minutes.',
  currentPasswordWrong: 'Le mot de passe actuel est incorrect',
  sessionExpired: 'Votre session a expiré, veuillez vous reconnecter',
  notSignedIn: 'Veuillez vous connecter pour continuer',
  cookOnly: 'Cette action est réservée aux cuisiniers',
  listItemEmpty: 'Un élément de la liste est vide',
  listItemMax: `Chaque élément ne doit pas dépasser ${TEXT_LIMITS.listItem} caractères`,
  listItemsMax: `Vous pouvez indiquer au plus ${TEXT_LIMITS.listItems} éléments`,
  avatarUrlInvalid: AVATAR_URL_INVALID,
  siretInvalid: 'Le numéro SIRET doit comporter 14 chiffres et être valide (clé de contrôle)',
} as const;

/** The SIRET as typed (spaces allowed), stored as 14 digits, or null when left empty. */
export const siretField = z
  .string()
  .trim()
  .transform((v) => (typeof v === 'string' ? v.replace(/\s/g, '') || null : null))
  .nullable()
  .default(null)
  .refine((v) => v === null || isValidSiret(v), IDENTITY_MESSAGES.siretInvalid);

const required = (max: number) => z.string().trim().min(1, IDENTITY_MESSAGES.required).max(max);
export const emailField = z.string().trim().toLowerCase().pipe(z.email(IDENTITY_MESSAGES.emailInvalid));
export const usernameField = z.string().trim().min(LIMITS.usernameMin, IDENTITY_MESSAGES.usernameMin).max(LIMITS.usernameMax);
export const passwordField = z.string().min(LIMITS.passwordMin, IDENTITY_MESSAGES.passwordMin).max(200);
/** Lists entered as comma-separated text in forms travel as arrays. */
const list = z
  .array(z.string().trim().min(1, IDENTITY_MESSAGES.listItemEmpty).max(TEXT_LIMITS.listItem, IDENTITY_MESSAGES.listItemMax))
  .max(TEXT_LIMITS.listItems, IDENTITY_MESSAGES.listItemsMax);

export const userSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  name: z.string(),
  username: z.string(),
  location: z.string(),
  bio: z.string(),
  avatar_url: z.string().nullable(),
  user_type: z.enum(USER_TYPES),
  specialties: z.array(z.string()),
  dietary_preferences: z.array(z.string()),
  /** Confirmed by the link sent to the address: needed to pay and to publish a dish. */
  email_verified: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type UserDto = z.infer<typeof userSchema>;

export const cookProfileSchema = z.object({
  cook_id: z.string(),
  user_id: z.string(),
  bio: z.string(),
  specialties: z.array(z.string()),
  availability_days: z.array(z.string()),
  cooking_styles: z.array(z.string()),
  experience_years: z.number().int(),
  certifications: z.array(z.string()),
  signature_dishes: z.array(z.string()),
  cuisine_types: z.array(z.string()),
  awards: z.array(z.string()),
  rating_average: z.number(),
  total_reviews: z.number().int(),
  /** Printed on receipts when given. */
  siret: z.string().nullable(),
  vat_regime: z.enum(VAT_REGIMES),
});
export type CookProfileDto = z.infer<typeof cookProfileSchema>;

export const sessionTokensSchema = z.object({
  access_token: z.string(),
  access_expires_at: z.string(),
  refresh_token: z.string(),
  refresh_expires_at: z.string(),
});
export type SessionTokens = z.infer<typeof sessionTokensSchema>;

const authResult = z.object({ user: userSchema, tokens: sessionTokensSchema });
const meResult = z.object({ user: userSchema, cook_profile: cookProfileSchema.nullable() });
/** Where a request came from, for rate limiting (set by the BFF). */
const client = z.object({ ip: z.string().max(64).default('unknown') });

export const signUpInput = z.object({
  email: emailField,
  password: passwordField,
  name: required(TEXT_LIMITS.personName),
  username: usernameField,
  location: required(TEXT_LIMITS.location),
  user_type: z.enum(USER_TYPES),
});
export const profileInput = z.object({
  name: required(TEXT_LIMITS.personName),
  username: usernameField,
  location: required(TEXT_LIMITS.location),
  bio: z.string().trim().max(TEXT_LIMITS.bio).default(''),
  /** A picture on the web (https only: no script, data or plain-http URL, no credentials in it), or none. */
  avatar_url: z
    .string()
    .trim()
    .max(TEXT_LIMITS.avatarUrl, `Ce champ ne doit pas dépasser ${TEXT_LIMITS.avatarUrl} caractères`)
    .transform((v) => v || null)
    .nullable()
    .default(null)
    .refine((v) => v === null || isSafeImageUrl(v), IDENTITY_MESSAGES.avatarUrlInvalid),
});
export const cookProfileInput = z.object({
  bio: z.string().trim().max(TEXT_LIMITS.bio).default(''),
  specialties: list.default([]),
  availability_days: list.default([]),
  cooking_styles: list.default([]),
  experience_years: z.number().int(IDENTITY_MESSAGES.required).min(0).max(LIMITS.experienceYearsMax).default(0),
  certifications: list.default([]),
  signature_dishes: list.default([]),
  cuisine_types: list.default([]),
  awards: list.default([]),
  siret: siretField,
  vat_regime: z.enum(VAT_REGIMES).default(''),
});
export const changePasswordInput = z
  .object({ current_password: z.string().min(1, IDENTITY_MESSAGES.required), new_password: passwordField, confirm_password: z.string() })
  .refine((v) => v.new_password === v.confirm_password, { message: IDENTITY_MESSAGES.passwordsDiffer, path: ['confirm_password'] });

/** A password chosen from a reset link (no current password: the link proves the mailbox). */
export const resetPasswordInput = z
  .object({ token: z.string().min(1).max(200), new_password: passwordField, confirm_password: z.string() })
  .refine((v) => v.new_password === v.confirm_password, { message: IDENTITY_MESSAGES.passwordsDiffer, path: ['confirm_password'] });

export const changeEmailInput = z.object({ new_email: emailField, current_password: z.string().min(1, IDENTITY_MESSAGES.required) });

export const publicCookSchema = z.object({
  cook_id: z.string(),
  username: z.string(),
  name: z.string(),
  location: z.string(),
  avatar_url: z.string().nullable(),
  bio: z.string(),
  specialties: z.array(z.string()),
  availability_days: z.array(z.string()),
  rating_average: z.number(),
  total_reviews: z.number().int(),
  /** 'Vendeur vérifié': an operator verified the cook's trader details (traders.ts). */
  verified_seller: z.boolean().default(false),
  /** What the law asks to show of a verified seller (name, address, phone, email, SIRET); null otherwise. */
  seller: publicSellerSchema.nullable().default(null),
});
export type PublicCookDto = z.infer<typeof publicCookSchema>;

export const IdentityRpc = {
  popularCooks: defineRpc(
    'rpc.identity.popular-cooks',
    z.object({ limit: z.number().int().min(1).max(12).default(LIMITS.popularCooks) }),
    z.object({ items: z.array(publicCookSchema) }),
    { callers: ['bff'] },
  ),
  /** A cook's public page (null: no such cook, or no longer one); notifications asks it before a buyer follows. */
  getCook: defineRpc('rpc.identity.get-cook', z.object({ cook_id: z.string().min(1) }), z.object({ cook: publicCookSchema.nullable() }), {
    callers: ['bff', 'notifications'],
  }),
  signUp: defineRpc('rpc.identity.sign-up', signUpInput.extend({ client }), authResult, { callers: ['bff'] }),
  signIn: defineRpc(
    'rpc.identity.sign-in',
    z.object({ email: z.string().trim().toLowerCase(), password: z.string(), client }),
    authResult,
    { callers: ['bff'] },
  ),
  refresh: defineRpc('rpc.identity.refresh', z.object({ refresh_token: z.string().min(1) }), authResult, { callers: ['bff'] }),
  signOut: defineRpc('rpc.identity.sign-out', z.object({ refresh_token: z.string().min(1) }), z.object({ ok: z.boolean() }), {
    callers: ['bff'],
  }),
  getMe: defineRpc('rpc.identity.get-me', z.object({ actor: actorSchema }), meResult, { callers: ['bff'] }),
  getUsers: defineRpc(
    'rpc.identity.get-users',
    z.object({ user_ids: z.array(z.string()).max(100) }),
    z.object({ users: z.array(userSchema) }),
    { callers: ['notifications'] },
  ),
  updateProfile: defineRpc('rpc.identity.update-profile', z.object({ actor: actorSchema, profile: profileInput }), meResult, {
    callers: ['bff'],
  }),
  changePassword: defineRpc(
    'rpc.identity.change-password',
    /** `session_id`: the session that changes it stays open; every other one of the user is closed. */
    z.object({ actor: actorSchema, input: changePasswordInput, session_id: z.string().max(100).nullish() }),
    z.object({ ok: z.boolean() }),
    { callers: ['bff'] },
  ),
  /** Internal (payments' receipts, not the BFF): who sells, as printed on a receipt. */
  cookLegal: defineRpc(
    'rpc.identity.cook-legal',
    z.object({ cook_id: z.string().min(1) }),
    z.object({ name: z.string(), username: z.string(), siret: z.string().nullable(), vat_regime: z.enum(VAT_REGIMES) }).nullable(),
    { callers: ['payments'] },
  ),
  updateCookProfile: defineRpc('rpc.identity.update-cook-profile', z.object({ actor: actorSchema, profile: cookProfileInput }), meResult, {
    callers: ['bff'],
  }),
  switchRole: defineRpc(
    'rpc.identity.switch-role',
    z.object({ actor: actorSchema, to: z.enum(USER_TYPES) }),
    authResult.extend({ cook_profile: cookProfileSchema.nullable() }),
    { callers: ['bff'] },
  ),
  /** Sends a new verification link (the previous ones stop working). */
  resendVerification: defineRpc('rpc.identity.resend-verification', z.object({ actor: actorSchema }), z.object({ ok: z.boolean() }), {
    callers: ['bff'],
  }),
  /** Consumes a verification or email-change link. */
  verifyEmail: defineRpc(
    'rpc.identity.verify-email',
    z.object({ token: z.string().min(1).max(200) }),
    z.object({ user_id: z.string(), email: z.string(), purpose: z.enum(['verify', 'email-change']) }),
    { callers: ['bff'] },
  ),
  /** Always `ok`, whether or not the address has an account (no account enumeration). */
  requestPasswordReset: defineRpc('rpc.identity.request-password-reset', z.object({ email: emailField }), z.object({ ok: z.boolean() }), {
    callers: ['bff'],
  }),
  /** Sets the new password and closes every session of the user. */
  resetPassword: defineRpc('rpc.identity.reset-password', resetPasswordInput, z.object({ ok: z.boolean() }), { callers: ['bff'] }),
  /** Sends a confirmation link to the new address and a notice to the current one; nothing changes before the link is opened. */
  requestEmailChange: defineRpc(
    'rpc.identity.request-email-change',
    z.object({ actor: actorSchema, input: changeEmailInput }),
    z.object({ ok: z.boolean() }),
    { callers: ['bff'] },
  ),
  /** Erases the account (GDPR art. 17) unless a service names a reason to wait (French, CONFLICT). */
  deleteAccount: defineRpc(
    'rpc.identity.delete-account',
    z.object({ actor: actorSchema, password: z.string().min(1, IDENTITY_MESSAGES.required).max(200) }),
    z.object({ ok: z.boolean() }),
    { callers: ['bff'] },
  ),
  /** The buyer's delivery address as last used (ADR 0044): offered again at the next checkout. */
  deliveryAddress: defineRpc(
    'rpc.identity.delivery-address',
    z.object({ actor: actorSchema }),
    z.object({ address: deliveryAddressSchema.nullable() }),
    { callers: ['bff'] },
  ),
  /** Remembers the address of a checkout with a delivery (the BFF, once payments accepted it). */
  rememberDeliveryAddress: defineRpc(
    'rpc.identity.remember-delivery-address',
    z.object({ actor: actorSchema, address: deliveryAddressSchema }),
    z.object({ ok: z.boolean() }),
    { callers: ['bff'] },
  ),
} as const;

export const IdentityEvents = {
  userRegistered: defineEvent(
    'evt.identity.user-registered.v1',
    z.object({ user_id: z.string(), username: z.string(), user_type: z.enum(USER_TYPES) }),
    { consumers: [] },
  ),
  profileUpdated: defineEvent(
    'evt.identity.profile-updated.v1',
    z.object({ user_id: z.string(), username: z.string(), name: z.string() }),
    { consumers: ['catalogue-ProfileUpdated'] },
  ),
  /**
   * Sessions closed (sign-out, password change, stolen refresh token): live subscriptions of them end.
   * `everywhere`: every session of the person was closed (a password reset, a stolen token): the
   * browsers they were signed in on no longer receive their pushes (notifications drops the devices).
   */
  sessionsRevoked: defineEvent(
    'evt.identity.sessions-revoked.v1',
    z.object({ user_id: z.string(), session_ids: z.array(z.string()), revoked_at: z.string(), everywhere: z.boolean().optional() }),
    { consumers: ['notifications-PushDevicesOfRevokedSessions'] },
  ),
  /**
   * Cache hint: a cook's public profile changed without an event of its own (their cook profile was
   * edited, a review changed their rating). Published right after the write, best effort (no
   * outbox): the BFF's read cache drops what it holds (ADR 0006).
   */
  cookProfileChanged: defineEvent(
    'evt.identity.cook-profile-changed.v1',
    z.object({ cook_id: z.string(), cause: z.enum(['profile', 'rating']) }),
    { consumers: [] },
  ),
  roleChanged: defineEvent(
    'evt.identity.role-changed.v1',
    z.object({ user_id: z.string(), from: z.enum(USER_TYPES), to: z.enum(USER_TYPES) }),
    { consumers: [] },
  ),
} as const;
