import { z } from 'zod';
import { isValidSiret } from './siret';

/**
 * A cook's trader details (the EU Digital Services Act's traceability of traders): what a cook gives
 * before their first dish goes on sale, what the platform shows of a verified seller, and the
 * French texts of the form and of the server's refusals (one source for both).
 */

/** Where a cook's details stand: none yet, waiting for an operator, completion asked, verified. */
export const TRADER_STATUSES = ['missing', 'submitted', 'more_info_requested', 'verified'] as const;
export type TraderStatus = (typeof TRADER_STATUSES)[number];

/** The status as the cook's dashboard says it (the more-info request adds the operator's message). */
export const TRADER_STATUS_LABELS: Record<TraderStatus, string> = {
  missing: 'À compléter',
  submitted: 'En cours de vérification',
  more_info_requested: 'Compléments demandés',
  verified: 'Vendeur vérifié',
};

/** An operator's decision on a submission. */
export const TRADER_DECISIONS = ['verify', 'ask_more'] as const;
export type TraderDecision = (typeof TRADER_DECISIONS)[number];

/** The two documents a home cook gives: the receipt of their food-business declaration (DDPP) and their hygiene training certificate. */
export const TRADER_DOCUMENT_KINDS = ['ddpp_receipt', 'hygiene_certificate'] as const;
export type TraderDocumentKind = (typeof TRADER_DOCUMENT_KINDS)[number];

/** What an uploaded document may be (checked by its content on the server), and the extension it is stored under. */
export const TRADER_DOCUMENT_TYPES = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' } as const;

export const TRADER_LIMITS = {
  legalName: 160,
  street: 160,
  city: 100,
  email: 254,
  /** An operator's request for more (or note on a verification). */
  message: 1000,
  documentKey: 200,
  documentMaxBytes: 10 * 1024 * 1024,
} as const;

export const TRADER_MESSAGES = {
  legalNameRequired: 'Indiquez votre nom et prénom, ou la raison sociale de votre entreprise',
  legalNameMax: `Le nom ne doit pas dépasser ${TRADER_LIMITS.legalName} caractères`,
  siretInvalid: 'Le numéro SIRET doit comporter 14 chiffres et être valide (clé de contrôle)',
  streetRequired: 'Indiquez l’adresse (numéro et rue)',
  streetMax: `L’adresse ne doit pas dépasser ${TRADER_LIMITS.street} caractères`,
  postcode: 'Code postal invalide (5 chiffres)',
  cityRequired: 'Indiquez la commune',
  cityMax: `La commune ne doit pas dépasser ${TRADER_LIMITS.city} caractères`,
  phoneInvalid: 'Numéro de téléphone invalide (ex. : 06 12 34 56 78)',
  emailInvalid: 'Adresse email invalide',
  ddppRequired: 'Ajoutez le récépissé de votre déclaration auprès de la DDPP',
  hygieneRequired: 'Ajoutez votre attestation de formation à l’hygiène alimentaire',
  documentInvalid: 'Document refusé : envoyez un PDF, un JPEG ou un PNG',
  documentTooLarge: 'Document trop volumineux : 10 Mo au maximum',
  documentMissing: 'Ce document n’a pas été reçu : envoyez-le à nouveau',
  documentUploadError: 'Erreur lors de l’envoi du document',
  selfCertificationRequired: 'Vous devez cocher cet engagement pour vendre sur Popote',
  messageRequired: 'Expliquez au cuisinier ce qu’il doit compléter',
  messageMax: `Le message ne doit pas dépasser ${TRADER_LIMITS.message} caractères`,
  /** The gate on a new dish: where to go instead. */
  notVerified:
    'Avant de mettre un plat en vente, renseignez vos informations de vendeur dans l’onglet « Vendeur » de votre tableau de bord : notre équipe doit les vérifier.',
  /** An operator decided on a submission that has changed (or was decided otherwise) since they read it. */
  staleSubmission: 'Ce dossier a changé ou a déjà été traité depuis votre lecture : rechargez-le.',
  notSubmitted: 'Ce dossier n’attend pas de décision.',
  cookNotFound: 'Cuisinier introuvable',
  documentForbidden: 'Ce document n’est visible que par son cuisinier et par l’équipe Popote',
  documentSignIn: 'Connectez-vous pour voir ce document',
} as const;
const m = TRADER_MESSAGES;

/**
 * A French phone number as typed (`06 12 34 56 78`, `06.12.34.56.78`, `+33 6 12 34 56 78`,
 * `0033612345678`) in its national form, ten digits (`0612345678`); anything else as it was typed
 * without its separators (then refused).
 */
export function normalizePhone(typed: string): string {
  const compact = typed.replace(/[\s.\-()]/g, '');
  if (/^\+33\d{9}$/.test(compact)) return `0${compact.slice(3)}`;
  if (/^0033\d{9}$/.test(compact)) return `0${compact.slice(4)}`;
  return compact;
}

/** `0612345678` → `06 12 34 56 78` (other shapes as they are). */
export const formatPhone = (phone: string): string => (/^\d{10}$/.test(phone) ? phone.replace(/(\d{2})(?=\d)/g, '$1 ') : phone);

/** `73282932000074` → `732 829 320 00074` (SIREN in threes, then the establishment's five digits). */
export const formatSiret = (siret: string): string =>
  /^\d{14}$/.test(siret) ? `${siret.slice(0, 3)} ${siret.slice(3, 6)} ${siret.slice(6, 9)} ${siret.slice(9)}` : siret;

/** A stored document's key: under `traders/<cook id>/`, one file name of ours (the upload names it). */
export const TRADER_DOCUMENT_KEY = /^traders\/[A-Za-z0-9_-]{1,64}\/[A-Za-z0-9._-]{1,100}$/;

/**
 * The details a cook sends, built when called (zod probes for `new Function` as it builds an object
 * schema: a page under a strict CSP builds it after its own zod setting). The SIRET and the phone may
 * be typed with spaces; they are kept as digits.
 */
export function makeTraderDetailsInput() {
  const documentKey = (required: string) =>
    z
      .string({ error: required })
      .min(1, required)
      .max(TRADER_LIMITS.documentKey, m.documentInvalid)
      .regex(TRADER_DOCUMENT_KEY, m.documentInvalid);
  return z.object({
    legal_name: z.string().trim().min(1, m.legalNameRequired).max(TRADER_LIMITS.legalName, m.legalNameMax),
    siret: z
      .string()
      .transform((v) => (typeof v === 'string' ? v.replace(/\s/g, '') : ''))
      .refine(isValidSiret, m.siretInvalid),
    address: z.object({
      street: z.string().trim().min(1, m.streetRequired).max(TRADER_LIMITS.street, m.streetMax),
      postcode: z
        .string()
        .trim()
        .regex(/^\d{5}$/, m.postcode),
      city: z.string().trim().min(1, m.cityRequired).max(TRADER_LIMITS.city, m.cityMax),
    }),
    phone: z
      .string()
      .transform((v) => normalizePhone(typeof v === 'string' ? v : ''))
      .pipe(z.string().regex(/^0[1-9]\d{8}$/, m.phoneInvalid)),
    email: z.string().trim().toLowerCase().max(TRADER_LIMITS.email, m.emailInvalid).pipe(z.email(m.emailInvalid)),
    ddpp_receipt_key: documentKey(m.ddppRequired),
    hygiene_certificate_key: documentKey(m.hygieneRequired),
    /** The trader's commitment to offer only products that comply with the applicable rules of Union law. */
    self_certified: z.boolean().refine((v) => v, m.selfCertificationRequired),
  });
}
export type TraderDetailsInput = z.input<ReturnType<typeof makeTraderDetailsInput>>;
export type TraderDetails = z.output<ReturnType<typeof makeTraderDetailsInput>>;
