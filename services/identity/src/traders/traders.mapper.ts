import type { PublicSellerDto, TraderDetailsDto, TraderFileDto } from '@popote/contracts';
import type { Trader } from './trader.schema';

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);

/** A cook's file as the cook and the operators read it; no file yet: `missing`. */
export const toTraderFile = (cookId: string, t: Trader | null): TraderFileDto => ({
  cook_id: cookId,
  status: t?.status ?? 'missing',
  revision: t?.revision ?? 0,
  details: t?.details ?? null,
  submitted_at: iso(t?.submitted_at),
  decided_at: iso(t?.decided_at),
  verified_at: iso(t?.verified_at),
  message: t?.message ?? null,
});

/** What a verified seller's public page shows: who sells and how to reach them (no documents). */
export const toPublicSeller = (d: TraderDetailsDto): PublicSellerDto => ({
  legal_name: d.legal_name,
  siret: d.siret,
  address: { street: d.address.street, postcode: d.address.postcode, city: d.address.city },
  phone: d.phone,
  email: d.email,
});
