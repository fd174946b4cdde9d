import type { CookProfileDto, PublicCookDto, UserDto } from '@popote/contracts';
import type { CookProfile, User } from './user.schema';

export const toUserDto = (u: User): UserDto => ({
  user_id: u._id,
  email: u.email,
  name: u.name,
  username: u.username,
  location: u.location,
  bio: u.bio ?? '',
  avatar_url: u.avatar_url ?? null,
  user_type: u.user_type,
  specialties: u.specialties ?? [],
  dietary_preferences: u.dietary_preferences ?? [],
  email_verified: u.email_verified_at !== null,
  created_at: new Date(u.created_at).toISOString(),
  updated_at: new Date(u.updated_at).toISOString(),
});

export const toCookProfileDto = (p: CookProfile): CookProfileDto => ({
  cook_id: p._id,
  user_id: p._id,
  bio: p.bio ?? '',
  specialties: p.specialties ?? [],
  availability_days: p.availability_days ?? [],
  cooking_styles: p.cooking_styles ?? [],
  experience_years: p.experience_years ?? 0,
  certifications: p.certifications ?? [],
  signature_dishes: p.signature_dishes ?? [],
  cuisine_types: p.cuisine_types ?? [],
  awards: p.awards ?? [],
  rating_average: p.rating_average ?? 0,
  total_reviews: p.total_reviews ?? 0,
  siret: p.siret ?? null,
  vat_regime: p.vat_regime ?? '',
});

/** What anyone may see of a cook (no email). */
export const toPublicCook = (u: User, p: CookProfile): PublicCookDto => ({
  cook_id: u._id,
  username: u.username,
  name: u.name,
  location: u.location,
  avatar_url: u.avatar_url ?? null,
  bio: p.bio || u.bio || '',
  specialties: p.specialties?.length ? p.specialties : (u.specialties ?? []),
  availability_days: p.availability_days ?? [],
  rating_average: p.rating_average ?? 0,
  total_reviews: p.total_reviews ?? 0,
  verified_seller: p.verified_seller === true,
  seller: p.verified_seller === true ? (p.seller ?? null) : null,
});
