// First: zod's CSP-safe setting, before this module builds a schema.
import '../../zod-config';
import type { CookProfile, CookProfileInput, ProfileInput, User } from '@popote/graphql';
import {
  AVATAR_URL_INVALID,
  isSafeImageUrl,
  isValidSiret,
  LIMITS,
  MODERATION_LIMITS,
  MODERATION_MESSAGES,
  VAT_REGIMES,
} from '@popote/rules';
import { z } from 'zod';
import { PASSWORD_MIN, username } from '../auth/schemas';
import { frAccount } from '@popote/ui/fr-account';

const t = frAccount.validation;

export const profileSchema = z.object({
  name: z.string().trim().min(1, t.nameRequired),
  username,
  location: z.string().trim().min(1, t.locationRequired),
  bio: z.string().trim(),
  avatar_url: z
    .string()
    .trim()
    // The server's own rule (identity): https only, no credentials, no space.
    .refine((value) => value === '' || isSafeImageUrl(value), AVATAR_URL_INVALID),
});
export type ProfileFormValues = z.infer<typeof profileSchema>;

export function profileFormValues(user: User): ProfileFormValues {
  return {
    name: user.name,
    username: user.username,
    location: user.location,
    bio: user.bio,
    avatar_url: user.avatar_url ?? '',
  };
}

/** What updateProfile receives: the email is shown but never sent; an empty avatar URL means none. */
export function toProfileInput(values: ProfileFormValues): ProfileInput {
  return { ...values, avatar_url: values.avatar_url === '' ? null : values.avatar_url };
}

export const passwordSchema = z
  .object({
    current_password: z.string().min(1, t.currentPasswordRequired),
    new_password: z.string().min(1, t.passwordRequired).min(PASSWORD_MIN, t.passwordMin),
    confirm_password: z.string(),
  })
  .refine((values) => values.new_password === values.confirm_password, {
    message: t.passwordsMismatch,
    path: ['confirm_password'],
  });
export type PasswordFormValues = z.infer<typeof passwordSchema>;

/** The identity service's upper bound. */
export const EXPERIENCE_MAX = LIMITS.experienceYearsMax;

/** Cook list fields are typed as comma-separated text. */
export const COOK_LIST_FIELDS = [
  'specialties',
  'availability_days',
  'cooking_styles',
  'certifications',
  'signature_dishes',
  'cuisine_types',
  'awards',
] as const;
export type CookListField = (typeof COOK_LIST_FIELDS)[number];

/** "Tajine, couscous ,, Tajine" → ["Tajine", "couscous"]. */
export function splitList(text: string): string[] {
  const items = text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  return [...new Set(items)];
}

const list = z.string().transform(splitList);

export const cookProfileSchema = z.object({
  bio: z.string().trim(),
  specialties: list,
  availability_days: list,
  cooking_styles: list,
  certifications: list,
  signature_dishes: list,
  cuisine_types: list,
  awards: list,
  // 14 digits with a valid Luhn key (spaces allowed), or empty; the VAT status from its list.
  siret: z
    .string()
    .transform((value) => value.replace(/\s/g, ''))
    .refine((value) => value === '' || isValidSiret(value), t.siretInvalid)
    .transform((value) => (value === '' ? null : value)),
  vat_regime: z.enum(VAT_REGIMES),
  // An integer, 0 when left empty.
  experience_years: z
    .string()
    .trim()
    .transform((value) => (value === '' ? 0 : Number(value)))
    .pipe(z.number({ error: t.experienceYears }).int(t.experienceYears).min(0, t.experienceYears).max(EXPERIENCE_MAX, t.experienceMax)),
});
export type CookProfileFormInput = z.input<typeof cookProfileSchema>;

export function cookProfileFormValues(profile: CookProfile | null): CookProfileFormInput {
  const join = (field: CookListField) => (profile?.[field] ?? []).join(', ');
  // In the form's order (the first field with a message of the server takes the focus).
  return {
    bio: profile?.bio ?? '',
    experience_years: String(profile?.experience_years ?? 0),
    specialties: join('specialties'),
    availability_days: join('availability_days'),
    cooking_styles: join('cooking_styles'),
    certifications: join('certifications'),
    signature_dishes: join('signature_dishes'),
    cuisine_types: join('cuisine_types'),
    awards: join('awards'),
    siret: profile?.siret ?? '',
    vat_regime: (profile?.vat_regime ?? '') as CookProfileFormInput['vat_regime'],
  };
}

/** The parsed form is exactly the mutation's input. */
export type CookProfileFormOutput = z.output<typeof cookProfileSchema> & CookProfileInput;

/** 'Former un recours': the person's text, with the service's limits and French messages. */
export const appealSchema = z.object({
  text: z
    .string()
    .trim()
    .min(MODERATION_LIMITS.appealMin, MODERATION_MESSAGES.appealMin)
    .max(MODERATION_LIMITS.appealMax, MODERATION_MESSAGES.appealMax),
});
export type AppealFormValues = z.infer<typeof appealSchema>;
