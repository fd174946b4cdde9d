import { describe, expect, it } from 'vitest';
import { bffConfig } from '../config';
import { cookOfDocument, toTraderFileModel, traderDocumentKey } from './trader-documents';

describe("the cooks' trader documents", () => {
  it('are stored under their cook, named by the server, and only such keys name a cook', () => {
    const key = traderDocumentKey('cook-1', 'ddpp_receipt', 'pdf', 1_700_000_000_000);
    expect(key).toBe('traders/cook-1/1700000000000-ddpp_receipt.pdf');
    expect(cookOfDocument(key)).toBe('cook-1');
    for (const bad of ['meals/1_x.jpg', 'traders/cook-1/../../x', 'traders/cook-1/a/b.pdf', 'traders//x.pdf', 'traders/cook 1/x.pdf'])
      expect(cookOfDocument(bad), bad).toBeNull();
  });

  it('are shown with where to download them (behind the BFF, not the public bucket)', () => {
    const model = toTraderFileModel({
      cook_id: 'cook-1',
      status: 'submitted',
      revision: 1,
      submitted_at: '2026-03-01T10:00:00.000Z',
      decided_at: null,
      verified_at: null,
      message: null,
      details: {
        legal_name: 'Amina Benali',
        siret: '73282932000074',
        address: { street: '12 rue de Marseille', postcode: '69007', city: 'Lyon' },
        phone: '0612345678',
        email: 'amina@popote.test',
        ddpp_receipt_key: 'traders/cook-1/1-ddpp_receipt.pdf',
        hygiene_certificate_key: null,
        self_certified: true,
      },
    });
    expect(model.details?.ddpp_receipt).toEqual({
      key: 'traders/cook-1/1-ddpp_receipt.pdf',
      url: '/media/traders/cook-1/1-ddpp_receipt.pdf',
      file_name: '1-ddpp_receipt.pdf',
    });
    expect(model.details?.hygiene_certificate).toBeNull();
  });

  it('live in a bucket of their own, never the public pictures’ one nor the archives’', () => {
    expect(bffConfig({ NODE_ENV: 'development' }).TRADER_DOCUMENTS_BUCKET).toBe('popote-trader-documents');
    expect(() => bffConfig({ NODE_ENV: 'development', TRADER_DOCUMENTS_BUCKET: 'popote-media' })).toThrow(/TRADER_DOCUMENTS_BUCKET/);
    expect(() => bffConfig({ NODE_ENV: 'development', TRADER_DOCUMENTS_BUCKET: 'popote-exports' })).toThrow(/TRADER_DOCUMENTS_BUCKET/);
  });
});
