import { z } from 'zod';
import { actorSchema, defineEvent, defineJob, defineRpc, SERVICE_NAMES } from '../shared/envelope';
import { DomainError } from '../shared/errors';

/**
 * The account lifecycle contract every service that holds personal data implements (
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
 * Every service has a part: its `PersonalDataProvider` (@popote/platform), given to `serviceModule`,
 * which answers these RPCs and consumes the event as `<service>-AccountErasure`.
 */
export const PERSONAL_DATA_SERVICES = SERVICE_NAMES;
export type PersonalDataService = (typeof PERSONAL_DATA_SERVICES)[number];

/**
 * Services asked whether something blocks an erasure (identity asks them before erasing): a payment
 * under way, a payout owed, an order in progress. Asked one after the other, in this order: a paid
 * checkout turns into orders, so a payment is seen in payments or, once it has become an order, in ordering.
 */
export const ERASURE_BLOCKING_SERVICES = ['payments', 'ordering'] as const satisfies readonly PersonalDataService[];

/**
 * One reply of `rpc.<service>.export-personal-data`: a page of the service's part. NATS refuses a
 * message over its max payload (1 MB by default), so a service with long lists (a cook's orders,
 * a year of emails) answers page by page: `next_cursor` non-null = ask again with it.
 *
 * Sections come in order across the pages. A section whose content is an array may be split: the
 * next page's first section, under the same name, continues it (its items follow). A section never
 * comes back once another one has started, so the BFF writes each file of the archive as it goes.
 * A service with little data answers everything in one page (`next_cursor` null).
 */
export const personalDataExportSchema = z.object({
  /** `<name>.json` → content (any JSON). Names start with a letter (an integer-like key would move first in a JSON object). */
  sections: z.record(z.string().regex(/^[a-z][a-z0-9-]*$/), z.unknown()),
  /** Keys in the media bucket of the person's pictures (dishes, avatar). */
  media_keys: z.array(z.string()).default([]),
  next_cursor: z.string().max(1000).nullable().default(null),
});
/** What a service answers (a page without `next_cursor` is the last one). */
export type PersonalDataExport = z.input<typeof personalDataExportSchema>;
/** A page as read, defaults filled in. */
export type PersonalDataPage = z.output<typeof personalDataExportSchema>;

export const exportPersonalDataRpc = (service: PersonalDataService) =>
  defineRpc(
    `rpc.${service}.export-personal-data`,
    z.object({
      actor: actorSchema,
      /** No longer read: data is found by the account's id, never by an address (which anyone may sign up with). */
      email: z.string().optional(),
      /** The previous page's `next_cursor` (absent: the first page). */
      cursor: z.string().max(1000).nullable().optional(),
    }),
    personalDataExportSchema,
    { callers: ['bff'] },
  );

export const erasureBlockersRpc = (service: (typeof ERASURE_BLOCKING_SERVICES)[number]) =>
  defineRpc(`rpc.${service}.erasure-blockers`, z.object({ user_id: z.string().min(1) }), z.object({ reasons: z.array(z.string()) }), {
    callers: ['identity'],
  });

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
    {
      // Every service, and the BFF for the export archives of an erased account.
      consumers: [...SERVICE_NAMES.map((s) => `${s}-AccountErasure` as const), 'bff-AccountErasure'],
    },
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
  erasureBlockedPayment:
    'Votre compte ne peut pas être supprimé tant qu’un paiement est en cours. Terminez-le, ou attendez la fin de la réservation (20 minutes au plus), puis réessayez.',
  erasureBlockedCookPayment:
    'Votre compte ne peut pas être supprimé : une commande qui vient de vous être payée est en cours d’enregistrement. Réessayez dans quelques instants.',
  /** The reason an order gets when it landed on an account erased meanwhile (a payment that raced the erasure): it is refunded. */
  orderCancelledBuyerErased: 'Annulée : le compte du client a été supprimé. La commande est remboursée.',
  orderCancelledCookErased: 'Annulée : le compte du cuisinier a été supprimé. La commande est remboursée.',
} as const;

/**
 * The data export as a background job (ADR 0026, 0027): asked from the profile, built by the
 * BFF from every service's part, stored in the private exports bucket, offered by the profile and by email.
 */
export const DATA_EXPORT_STATUSES = ['preparing', 'ready', 'expired', 'failed'] as const;

/** The BFF's job of building one archive, queued at the request, worked on by any BFF replica (DataExportWorker). */
export const DataExportJob = defineJob('job.bff.data-export', z.object({ export_id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) }), {
  workers: 'bff-data-export',
});
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
  emailNotVerified:
    'Pour télécharger vos données, confirmez d’abord votre adresse email : ouvrez le lien que nous vous avons envoyé (ou « Renvoyer l’email » sur votre profil).',
  badCursor: 'Cette page de l’export n’est pas valide. Demandez une nouvelle archive.',
} as const;

/** Every RPC of this contract, by subject (the NATS permission table is checked against them). */
export const ACCOUNT_RPCS = [
  ...PERSONAL_DATA_SERVICES.map((s) => exportPersonalDataRpc(s)),
  ...ERASURE_BLOCKING_SERVICES.map((s) => erasureBlockersRpc(s)),
] as const;

/**
 * Paging a service's part of an export (see personalDataExportSchema). A service lists its
 * sections in order; each is `whole` (one value, or a short bounded list) or a `list` read by
 * keyset: `list(after, limit)` answers the items that follow the key `after` (null: from the
 * start; at most `limit` of them, or of the rows they come from), in a stable order, each with its
 * key, and `next`: the key to read after for what follows (null: nothing follows). Items sharing a
 * key are never split across pages (a group: the refunds of one payment).
 */
export type ExportSectionSource =
  | { name: string; whole: () => Promise<unknown> }
  | {
      name: string;
      list: (after: string | null, limit: number) => Promise<{ items: { key: string; value: unknown }[]; next: string | null }>;
    };

/** JSON carried by one page at most: half of NATS's default max payload (1 MB), the rest left for the envelope. */
export const EXPORT_PAGE_BYTES = 512 * 1024;
/** Rows asked at once when their size is not known yet; then as many as the page has room for. */
const EXPORT_LIST_BATCH = 200;
const EXPORT_LIST_MAX_BATCH = 2_000;

/** `s`: the section; `k`: the key to continue after; `a`: its items' average size so far (the next read asks for what fits). */
const pageCursorSchema = z.object({
  s: z.number().int().min(0).max(100),
  k: z.string().max(500).nullable(),
  a: z.number().int().min(0).max(100_000_000).optional(),
});
const jsonBytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value) ?? 'null').length;

/** The page of `sources` that starts at `cursor` (null or absent: the first), at most `budgetBytes` of JSON unless one item alone is larger. */
export async function exportPage(
  sources: ExportSectionSource[],
  cursor: string | null | undefined,
  /** `batch`: a fixed number of rows per read (tests). */
  options: { budgetBytes?: number; batch?: number } = {},
): Promise<PersonalDataPage> {
  const budget = options.budgetBytes ?? EXPORT_PAGE_BYTES;
  let at: z.infer<typeof pageCursorSchema> = { s: 0, k: null };
  if (cursor) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(cursor);
    } catch {
      parsed = null;
    }
    const ok = pageCursorSchema.safeParse(parsed);
    if (!ok.success || ok.data.s > sources.length) throw new DomainError('VALIDATION_FAILED', EXPORT_MESSAGES.badCursor);
    at = ok.data;
  }
  const sections: Record<string, unknown> = {};
  let used = 0;
  const next = (s: number, k: string | null, a?: number): PersonalDataPage => ({
    sections,
    media_keys: [],
    next_cursor: JSON.stringify({ s, k, ...(a ? { a: Math.round(a) } : {}) }),
  });
  for (let s = at.s; s < sources.length; s++) {
    const source = sources[s]!;
    let after = s === at.s ? at.k : null;
    if ('whole' in source) {
      const value = await source.whole();
      const size = jsonBytes(value);
      if (used > 0 && used + size > budget) return next(s, null);
      sections[source.name] = value;
      used += size;
      continue;
    }
    const items: unknown[] = [];
    // Reads cost by the query more than by the row on some stores (FerretDB sorts every match): as few
    // as the page allows, each asking for about what still fits.
    let seen = s === at.s && at.a ? { bytes: at.a, count: 1 } : { bytes: 0, count: 0 };
    for (;;) {
      const limit = seen.count
        ? Math.min(EXPORT_LIST_MAX_BATCH, Math.max(20, Math.ceil(((budget - used) / (seen.bytes / seen.count)) * 1.1) + 1))
        : EXPORT_LIST_BATCH;
      const { items: read, next: following } = await source.list(after, options.batch ?? limit);
      for (let i = 0; i < read.length;) {
        // A group: the items that share this key.
        let j = i + 1;
        while (j < read.length && read[j]!.key === read[i]!.key) j++;
        const group = read.slice(i, j);
        const size = group.reduce((n, g) => n + jsonBytes(g.value) + 1, 0);
        if (used > 0 && used + size > budget) {
          if (items.length) sections[source.name] = items;
          return next(s, after, seen.count ? seen.bytes / seen.count : undefined);
        }
        items.push(...group.map((g) => g.value));
        used += size;
        seen = { bytes: seen.bytes + size, count: seen.count + group.length };
        after = group[0]!.key;
        i = j;
      }
      if (following === null) break;
      after = following;
    }
    sections[source.name] = items;
  }
  return { sections, media_keys: [], next_cursor: null };
}

/**
 * The keyset of a list read newest first: `<date ISO>|<id>`, and the filter for what comes after
 * one (older, or as old with a greater id). Sort with `{ [field]: -1, _id: 1 }`.
 */
export const newestFirstKey = (date: Date | string, id: string) => `${new Date(date).toISOString()}|${id}`;
export function newestFirstAfter(field: string, after: string | null): Record<string, unknown> {
  if (after === null) return {};
  const bar = after.indexOf('|');
  const date = new Date(after.slice(0, bar));
  const id = after.slice(bar + 1);
  if (bar < 0 || Number.isNaN(date.getTime()) || !id) throw new DomainError('VALIDATION_FAILED', EXPORT_MESSAGES.badCursor);
  return { $or: [{ [field]: { $lt: date } }, { [field]: date, _id: { $gt: id } }] };
}
