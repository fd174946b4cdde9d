// First: zod's CSP-safe setting, before this module builds a schema.
import '../../zod-config';
import { makeDeliveryAddressInput, type DeliveryAddressFields } from '@popote/rules';
import type { DeliveryAddressInput } from '../../generated/types';

/**
 * The delivery address as the buyer types it at checkout (ADR 0044): one for the whole checkout,
 * kept in the page's state only (personal data: never in the browser's storage).
 */
export interface DeliveryAddressForm {
  street: string;
  complement: string;
  postcode: string;
  commune_code: string;
  phone: string;
  instructions: string;
}

export const EMPTY_DELIVERY_ADDRESS: DeliveryAddressForm = {
  street: '',
  complement: '',
  postcode: '',
  commune_code: '',
  phone: '',
  instructions: '',
};

export type DeliveryAddressErrors = Partial<Record<keyof DeliveryAddressForm, string>>;

export type DeliveryAddressCheck = { input: DeliveryAddressInput; errors: null } | { input: null; errors: DeliveryAddressErrors };

const FIELDS = Object.keys(EMPTY_DELIVERY_ADDRESS) as Array<keyof DeliveryAddressForm>;
const isField = (name: string): name is keyof DeliveryAddressForm => (FIELDS as string[]).includes(name);

/** The address → what `createPaymentIntent` takes (the phone as ten digits), or the rules' French messages by field. */
export function checkDeliveryAddress(form: DeliveryAddressForm): DeliveryAddressCheck {
  const parsed = makeDeliveryAddressInput().safeParse(form);
  if (parsed.success) {
    const a: DeliveryAddressFields = parsed.data;
    return {
      input: {
        street: a.street,
        complement: a.complement,
        postcode: a.postcode,
        commune_code: a.commune_code,
        phone: a.phone,
        instructions: a.instructions,
      },
      errors: null,
    };
  }
  const errors: DeliveryAddressErrors = {};
  for (const issue of parsed.error.issues) {
    const name = String(issue.path[0] ?? '');
    if (isField(name)) errors[name] ??= issue.message; // the first per field
  }
  return { input: null, errors };
}

/** The server's field messages about the address (`delivery_address.commune_code`, or the bare name), by field. */
export function serverAddressErrors(fields: Record<string, string>): DeliveryAddressErrors {
  const errors: DeliveryAddressErrors = {};
  for (const [key, message] of Object.entries(fields)) {
    const name = key.startsWith('delivery_address.') ? key.slice('delivery_address.'.length) : key;
    if (isField(name)) errors[name] = message;
  }
  return errors;
}
