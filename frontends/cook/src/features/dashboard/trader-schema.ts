// First: zod's CSP-safe setting, before this module builds a schema.
import '../../zod-config';
import { makeTraderDetailsInput, type TraderDetailsInput } from '@popote/rules';
import type { z } from 'zod';
import type { TraderDetailsInput as TraderDetailsGraphQLInput } from '../../generated/types';

/**
 * The 'Vendeur' form's checks: identity's own schema (@popote/rules), so that each field shows the
 * server's French message before anything is sent; the server checks again. What it gives is what
 * saveTraderDetails takes (the SIRET and the phone as digits).
 */
export const traderFormSchema = makeTraderDetailsInput() satisfies z.ZodType<TraderDetailsGraphQLInput, TraderDetailsInput>;
export type TraderFormValues = TraderDetailsInput;
export type TraderFormParsed = z.output<typeof traderFormSchema>;

/** The BFF's `extensions.fields` name the last part of a field's path (`street`): the form's own names. */
export const FIELD_OF_SERVER: Record<string, keyof TraderFormValues | `address.${'street' | 'postcode' | 'city'}`> = {
  legal_name: 'legal_name',
  siret: 'siret',
  street: 'address.street',
  postcode: 'address.postcode',
  city: 'address.city',
  phone: 'phone',
  email: 'email',
  ddpp_receipt_key: 'ddpp_receipt_key',
  hygiene_certificate_key: 'hygiene_certificate_key',
  self_certified: 'self_certified',
};
