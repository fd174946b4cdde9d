import {
  DomainError,
  NEAR_MESSAGES,
  PICKUP_MESSAGES,
  type CommuneDto,
  type CookLocation,
  type PickupAddress,
  type PickupAddressInput,
} from '@popote/contracts';
import { communes, type Commune } from './communes';

export const toCommuneDto = (c: Commune): CommuneDto => ({
  code: c.code,
  name: c.name,
  postcodes: [...c.postcodes],
  has_position: c.lat !== null,
});

/**
 * The cook's address checked against the communes: the postcode must exist, the commune must be one
 * of that postcode's, and have a known centre. Returns the address (with the dataset's commune name)
 * and the public location (the commune's centre, never the street).
 */
export async function resolvePickupAddress(input: PickupAddressInput): Promise<{ address: PickupAddress; location: CookLocation }> {
  const commune = await resolveCommune(input, 'address');
  return {
    address: { street: input.street, postcode: input.postcode, city: commune.name, commune_code: commune.code },
    location: { commune_code: commune.code, commune: commune.name, postcode: input.postcode, lat: commune.lat, lon: commune.lon },
  };
}

/**
 * A postcode and a commune checked against the communes (the postcode exists, the commune is one of
 * its communes and has a known centre): the commune, or a French error on the field under `at`.
 */
export async function resolveCommune(
  input: { postcode: string; commune_code: string },
  at: string,
): Promise<Commune & { lat: number; lon: number }> {
  const index = await communes();
  const fail = (field: string, message: string) => new DomainError('VALIDATION_FAILED', message, { [`${at}.${field}`]: message });
  if (!index.ofPostcode(input.postcode).length) throw fail('postcode', PICKUP_MESSAGES.postcodeUnknown);
  const commune = index.byInsee(input.commune_code);
  if (!commune) throw fail('commune_code', PICKUP_MESSAGES.communeUnknown);
  if (!commune.postcodes.includes(input.postcode)) throw fail('commune_code', PICKUP_MESSAGES.communeMismatch);
  if (commune.lat === null || commune.lon === null) throw fail('commune_code', PICKUP_MESSAGES.communeNoPosition);
  return commune as Commune & { lat: number; lon: number };
}

/** The buyer's commune (a query argument): its centre, or a French error. */
export async function nearPoint(code: string): Promise<{ lat: number; lon: number }> {
  const commune = (await communes()).byInsee(code);
  if (!commune) throw new DomainError('VALIDATION_FAILED', NEAR_MESSAGES.nearUnknown, { near: NEAR_MESSAGES.nearUnknown });
  if (commune.lat === null || commune.lon === null)
    throw new DomainError('VALIDATION_FAILED', NEAR_MESSAGES.nearNoPosition, { near: NEAR_MESSAGES.nearNoPosition });
  return { lat: commune.lat, lon: commune.lon };
}
