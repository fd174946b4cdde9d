import { DELIVERY_ADDRESS_MESSAGES } from '@popote/rules';
import { describe, expect, it } from 'vitest';
import { checkDeliveryAddress, EMPTY_DELIVERY_ADDRESS, serverAddressErrors } from './delivery-address';

const typed = {
  street: ' 3 rue Paul Bert ',
  complement: '',
  postcode: '69003',
  commune_code: '69383',
  phone: '+33 6 12 34 56 78',
  instructions: '',
};

describe('the delivery address at checkout', () => {
  it('gives what the server takes: trimmed, the phone as ten digits', () => {
    expect(checkDeliveryAddress(typed)).toEqual({
      input: { ...typed, street: '3 rue Paul Bert', phone: '0612345678' },
      errors: null,
    });
  });

  it('says what is missing or wrong, in French, one message per field', () => {
    expect(checkDeliveryAddress({ ...EMPTY_DELIVERY_ADDRESS, postcode: '690', phone: '12' })).toEqual({
      input: null,
      errors: {
        street: DELIVERY_ADDRESS_MESSAGES.streetRequired,
        postcode: DELIVERY_ADDRESS_MESSAGES.postcode,
        commune_code: DELIVERY_ADDRESS_MESSAGES.communeRequired,
        phone: DELIVERY_ADDRESS_MESSAGES.phoneInvalid,
      },
    });
  });

  it("reads the server's field messages about the address, and only those", () => {
    expect(
      serverAddressErrors({ 'delivery_address.commune_code': 'Commune invalide', phone: 'Numéro invalide', 'slots.0.start': 'Créneau' }),
    ).toEqual({ commune_code: 'Commune invalide', phone: 'Numéro invalide' });
  });
});
