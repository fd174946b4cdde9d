import { TRADER_MESSAGES, type TraderDetailsDto } from '@popote/contracts';
import { describe, expect, it } from 'vitest';
import { decide, documentKeysOf, onSave, retentionEnd, sameDetails, type TraderState } from './traders.rules';

const details: TraderDetailsDto = {
  legal_name: 'Amina Benali',
  siret: '73282932000074',
  address: { street: '12 rue de Marseille', postcode: '69007', city: 'Lyon' },
  phone: '0612345678',
  email: 'amina@popote.test',
  ddpp_receipt_key: 'traders/c/1-ddpp_receipt.pdf',
  hygiene_certificate_key: 'traders/c/1-hygiene_certificate.pdf',
  self_certified: true,
};
const file = (over: Partial<TraderState> = {}): TraderState => ({
  status: 'submitted',
  revision: 1,
  details,
  relationship_ended_at: null,
  ...over,
});

describe('trader files', () => {
  it('a first save, and a save of changed details, are new submissions', () => {
    expect(onSave(null, details)).toEqual({ kind: 'submitted', revision: 1 });
    expect(onSave(file({ status: 'verified', revision: 3 }), { ...details, phone: '0698765432' })).toEqual({
      kind: 'submitted',
      revision: 4,
    });
    expect(onSave(file({ status: 'submitted' }), { ...details, address: { ...details.address, city: 'Villeurbanne' } })).toEqual({
      kind: 'submitted',
      revision: 2,
    });
  });

  it('the same details saved again keep a submission or a verification as it is', () => {
    expect(onSave(file({ status: 'submitted' }), { ...details })).toEqual({ kind: 'unchanged' });
    expect(onSave(file({ status: 'verified' }), { ...details, address: { ...details.address } })).toEqual({ kind: 'unchanged' });
    // Answering a request for more is a new submission, even unchanged: the cook says it is done.
    expect(onSave(file({ status: 'more_info_requested' }), details)).toEqual({ kind: 'submitted', revision: 2 });
  });

  it('a decision applies once to the submission read; the same one again is nothing; others are refused', () => {
    expect(decide(file(), 1, 'verify')).toEqual({ kind: 'apply', status: 'verified' });
    expect(decide(file(), 1, 'ask_more')).toEqual({ kind: 'apply', status: 'more_info_requested' });
    expect(decide(file({ status: 'verified' }), 1, 'verify')).toEqual({ kind: 'already' });
    expect(decide(file({ status: 'more_info_requested' }), 1, 'ask_more')).toEqual({ kind: 'already' });
    expect(decide(file({ status: 'verified' }), 1, 'ask_more')).toEqual({
      kind: 'refuse',
      code: 'CONFLICT',
      message: TRADER_MESSAGES.staleSubmission,
    });
    expect(decide(file({ revision: 2 }), 1, 'verify')).toEqual({
      kind: 'refuse',
      code: 'CONFLICT',
      message: TRADER_MESSAGES.staleSubmission,
    });
    expect(decide(file({ status: 'missing', details: null, revision: 0 }), 0, 'verify')).toMatchObject({
      kind: 'refuse',
      code: 'CONFLICT',
    });
    expect(decide(null, 1, 'verify')).toMatchObject({ kind: 'refuse', code: 'NOT_FOUND' });
    expect(decide(file({ relationship_ended_at: new Date() }), 1, 'verify')).toMatchObject({ kind: 'refuse', code: 'NOT_FOUND' });
  });

  it('are kept six calendar months after the relationship ends', () => {
    expect(retentionEnd(new Date('2026-03-15T10:00:00Z')).toISOString()).toBe('2026-09-15T10:00:00.000Z');
    expect(retentionEnd(new Date('2026-11-30T00:00:00Z')).toISOString()).toBe('2027-05-30T00:00:00.000Z');
  });

  it('compare details field by field and list their documents', () => {
    expect(sameDetails(null, details)).toBe(false);
    expect(sameDetails(details, { ...details, self_certified: false })).toBe(false);
    expect(documentKeysOf(details)).toEqual([details.ddpp_receipt_key, details.hygiene_certificate_key]);
    expect(documentKeysOf({ ...details, ddpp_receipt_key: null, hygiene_certificate_key: null })).toEqual([]);
    expect(documentKeysOf(null)).toEqual([]);
  });
});
