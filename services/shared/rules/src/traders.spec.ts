import { describe, expect, it } from 'vitest';
import {
  formatPhone,
  formatSiret,
  makeTraderDetailsInput,
  normalizePhone,
  TRADER_MESSAGES,
  TRADER_STATUS_LABELS,
  TRADER_STATUSES,
} from './traders';

const valid = {
  legal_name: '  Amina Benali ',
  siret: '732 829 320 00074',
  address: { street: '12 rue de Marseille', postcode: '69007', city: 'Lyon' },
  phone: '+33 6 12 34 56 78',
  email: ' Amina@Popote.TEST ',
  ddpp_receipt_key: 'traders/cook-1/1700000000000-ddpp_receipt.pdf',
  hygiene_certificate_key: 'traders/cook-1/1700000000001-hygiene_certificate.png',
  self_certified: true,
};

/** Field → first message, keyed by the last named segment (as the services answer). */
const fieldsOf = (value: unknown) => {
  const out: Record<string, string> = {};
  for (const issue of makeTraderDetailsInput().safeParse(value).error?.issues ?? []) {
    const key = [...issue.path].reverse().find((seg) => typeof seg === 'string');
    out[String(key)] ??= issue.message;
  }
  return out;
};

describe("a cook's trader details", () => {
  it('are kept as typed, the SIRET and the phone as digits, the email in lower case', () => {
    expect(makeTraderDetailsInput().parse(valid)).toEqual({
      ...valid,
      legal_name: 'Amina Benali',
      siret: '73282932000074',
      phone: '0612345678',
      email: 'amina@popote.test',
    });
  });

  it('refuse a SIRET of the wrong length or check digit, in French', () => {
    for (const siret of ['73282932000075', '7328293200007', 'abc', ''])
      expect(fieldsOf({ ...valid, siret }), siret).toEqual({ siret: TRADER_MESSAGES.siretInvalid });
    expect(TRADER_MESSAGES.siretInvalid).toBe('Le numéro SIRET doit comporter 14 chiffres et être valide (clé de contrôle)');
    // La Poste's establishments follow their own rule.
    expect(fieldsOf({ ...valid, siret: '35600000000001' })).toEqual({});
  });

  it('say in French which field is missing or wrong', () => {
    expect(
      fieldsOf({
        ...valid,
        legal_name: ' ',
        address: { street: '', postcode: '6900', city: '' },
        phone: '12 34',
        email: 'pas-une-adresse',
        ddpp_receipt_key: '',
        hygiene_certificate_key: '../../etc/passwd',
        self_certified: false,
      }),
    ).toEqual({
      legal_name: TRADER_MESSAGES.legalNameRequired,
      street: TRADER_MESSAGES.streetRequired,
      postcode: TRADER_MESSAGES.postcode,
      city: TRADER_MESSAGES.cityRequired,
      phone: TRADER_MESSAGES.phoneInvalid,
      email: TRADER_MESSAGES.emailInvalid,
      ddpp_receipt_key: TRADER_MESSAGES.ddppRequired,
      hygiene_certificate_key: TRADER_MESSAGES.documentInvalid,
      self_certified: TRADER_MESSAGES.selfCertificationRequired,
    });
    expect(fieldsOf({ ...valid, legal_name: 'x'.repeat(161) })).toEqual({ legal_name: TRADER_MESSAGES.legalNameMax });
  });

  it('take a French phone number however it is typed', () => {
    for (const typed of ['06 12 34 56 78', '06.12.34.56.78', '06-12-34-56-78', '+33 6 12 34 56 78', '0033612345678', '+33612345678'])
      expect(normalizePhone(typed), typed).toBe('0612345678');
    expect(fieldsOf({ ...valid, phone: '00 12 34 56 78' })).toEqual({ phone: TRADER_MESSAGES.phoneInvalid });
    expect(fieldsOf({ ...valid, phone: '+44 20 7946 0958' })).toEqual({ phone: TRADER_MESSAGES.phoneInvalid });
  });

  it('are shown with their usual spacing', () => {
    expect(formatPhone('0612345678')).toBe('06 12 34 56 78');
    expect(formatSiret('73282932000074')).toBe('732 829 320 00074');
    expect(formatSiret('123')).toBe('123');
  });

  it('have a French label for every status', () => {
    expect(TRADER_STATUSES.map((s) => TRADER_STATUS_LABELS[s])).toEqual([
      'À compléter',
      'En cours de vérification',
      'Compléments demandés',
      'Vendeur vérifié',
    ]);
  });
});
