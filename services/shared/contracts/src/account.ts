import { z } from 'zod';
import { actorSchema, defineEvent, defineRpc } from './envelope';

/**
 * The account lifecycle contract every service that holds personal data implements (issue 18,
 * docs/events.md « Personal data »):
 *
 * - `rpc.<service>.export-personal-data` — what the service holds about the person, as JSON
 *   sections (file name → content) and the object-storage keys of their pictures. The BFF gathers
 *   every service's answer into the ZIP the person downloads.
 * - `rpc.<service>.erasure-blockers` (only services that can block) — French reasons why the
 *   account cannot be erased now (an order in progress, a payout pending); empty = go.
 * - `evt.identity.account-erasure-requested.v1` — every service deletes or anonymises what it holds,
 *   idempotently (processed_events + effects keyed by the user).
 *
 * Adding a service's data = implement the export RPC (and the handler), list the service in
 * PERSONAL_DATA_SERVICES, allow the RPC in infra/local/src/nats-auth.ts.
 */
export const PERSONAL_DATA_SERVICES = ['identity', 'catalogue', 'cart', 'ordering', 'payments', 'notifications'] as const;
export type PersonalDataService = (typeof PERSONAL_DATA_SERVICES)[number];

/** Services asked whether something blocks an erasure (identity asks them before erasing): an order in progress, a payout owed. */
export const ERASURE_BLOCKING_SERVICES = ['ordering', 'payments'] as const satisfies readonly PersonalDataService[];

export const personalDataExportSchema = z.object({
  /** `<name>.json` → content (any JSON). */
  sections: z.record(z.string().regex(/^[a-z0-9-]+$/), z.unknown()),
  /** Keys in the media bucket of the person's pictures (dishes, avatar). */
  media_keys: z.array(z.string()).default([]),
});
export type PersonalDataExport = z.infer<typeof personalDataExportSchema>;

export const exportPersonalDataRpc = (service: PersonalDataService) =>
  defineRpc(
    `rpc.${service}.export-personal-data`,
    /** `email`: the account's address (some data — emails sent, contact messages — is found by it). */
    z.object({ actor: actorSchema, email: z.string() }),
    personalDataExportSchema,
  );

export const erasureBlockersRpc = (service: (typeof ERASURE_BLOCKING_SERVICES)[number]) =>
  defineRpc(`rpc.${service}.erasure-blockers`, z.object({ user_id: z.string().min(1) }), z.object({ reasons: z.array(z.string()) }));

export const AccountEvents = {
  /**
   * The account is erased: identity has anonymised the user in the same write (the id stays as a
   * tombstone); every service now deletes or anonymises what it holds about `user_id`. `email` is
   * the address the account had (emails sent and contact messages are found by it); `names` the
   * name and username it had (copied into other people's emails, which are redacted).
   */
  erasureRequested: defineEvent(
    'evt.identity.account-erasure-requested.v1',
    z.object({ user_id: z.string(), email: z.string(), names: z.array(z.string()).default([]), requested_at: z.string() }),
  ),
} as const;

/** What an erased person's records show instead of their identity. */
export const ERASED_NAME = 'Compte supprimé';

export const ACCOUNT_MESSAGES = {
  linkInvalid: "Ce lien n'est pas valide ou a expiré. Demandez-en un nouveau.",
  linkUsed: 'Ce lien a déjà été utilisé. Demandez-en un nouveau si besoin.',
  alreadyVerified: 'Votre adresse email est déjà confirmée.',
  emailNotVerified:
    "Confirmez d'abord votre adresse email : ouvrez le lien que nous vous avons envoyé (ou « Renvoyer l'email » sur votre profil).",
  sameEmail: 'Cette adresse est déjà celle de votre compte.',
  passwordWrong: 'Le mot de passe est incorrect',
  erasureBlockedOrder:
    'Votre compte ne peut pas être supprimé tant qu’une commande est en cours (payée, confirmée, en préparation ou prête).',
  erasureBlockedCookOrder:
    'Votre compte ne peut pas être supprimé tant qu’une commande reçue en tant que cuisinier est en cours. Terminez-la ou annulez-la d’abord.',
  erasureBlockedPayout: 'Votre compte ne peut pas être supprimé tant qu’un versement de vos gains est en attente.',
} as const;

/**
 * The data export as a background job (issue 18, ADR 0009): asked from the profile, built by the
 * BFF from every service's part, stored in the private exports bucket, offered by the profile and by email.
 */
export const DATA_EXPORT_STATUSES = ['preparing', 'ready', 'expired', 'failed'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

/** How long a wait reads in a French sentence: "3 minutes", "2 heures". */
export const frenchWait = (seconds: number): string => {
  if (seconds < 90) return `${Math.max(1, Math.ceil(seconds))} secondes`;
  if (seconds < 90 * 60) return `${Math.ceil(seconds / 60)} minutes`;
  const hours = Math.ceil(seconds / 3600);
  return hours === 1 ? '1 heure' : `${hours} heures`;
};

export const EXPORT_MESSAGES = {
  inProgress: 'Une archive de vos données est déjà en préparation. Vous recevrez un email dès qu’elle sera prête.',
  rateLimited: (retryAfterS: number) =>
    `Vous avez demandé plusieurs archives de vos données récemment. Vous pourrez en demander une nouvelle dans ${frenchWait(retryAfterS)}.`,
  notFound: 'Cette archive n’existe pas ou n’est plus disponible. Demandez-en une nouvelle depuis votre profil.',
  expired: 'Cette archive a expiré. Demandez-en une nouvelle depuis votre profil (« Télécharger mes données »).',
  notReady: 'Cette archive est encore en préparation. Vous recevrez un email dès qu’elle sera prête.',
  failed: 'La préparation de votre archive a échoué. Réessayez dans quelques instants.',
  downloadSignIn: 'Connectez-vous pour télécharger votre archive.',
} as const;

/** Every RPC of this contract, by subject (the NATS permission table is checked against them). */
export const ACCOUNT_RPCS = [
  ...PERSONAL_DATA_SERVICES.map((s) => exportPersonalDataRpc(s)),
  ...ERASURE_BLOCKING_SERVICES.map((s) => erasureBlockersRpc(s)),
] as const;
