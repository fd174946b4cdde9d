// @vitest-environment jsdom
import { TRADER_MESSAGES } from '@popote/rules';
import { useReactTestRoot, type SentOperation } from '@popote/ui/testing';
import { describe, expect, it, vi } from 'vitest';
import { buttonNamed, click, fieldError, labelled, mountWithBff, Refusal, typeInto, until } from './dashboard-testing';
import { TraderTab } from './trader-tab';
import { checkDocumentFile, DocumentUploadError, uploadTraderDocument } from './trader-upload';

const dom = useReactTestRoot();

const ME = {
  me: {
    __typename: 'Me',
    cook_profile: null,
    user: {
      __typename: 'User',
      user_id: 'c1',
      email: 'amina@popote.test',
      name: 'Amina Benali',
      username: 'amina',
      location: 'Lyon',
      bio: '',
      avatar_url: null,
      user_type: 'cook',
      email_verified: true,
      created_at: '2026-11-01T10:00:00.000Z',
    },
  },
};
const stored = (key: string) => ({ __typename: 'TraderDocument', key, url: `/media/${key}`, file_name: key.split('/').pop() });
const DETAILS = {
  __typename: 'TraderDetails',
  legal_name: 'Amina Benali',
  siret: '73282932000074',
  address: { __typename: 'TraderAddress', street: '12 rue de Marseille', postcode: '69007', city: 'Lyon' },
  phone: '0612345678',
  email: 'amina@popote.test',
  self_certified: true,
  ddpp_receipt: stored('traders/c1/1-ddpp_receipt.pdf'),
  hygiene_certificate: stored('traders/c1/1-hygiene_certificate.pdf'),
};
const file = (status: string, over: Record<string, unknown> = {}) => ({
  __typename: 'TraderFile',
  cook_id: 'c1',
  status,
  revision: 1,
  submitted_at: '2026-03-01T10:00:00.000Z',
  verified_at: null,
  message: null,
  details: DETAILS,
  ...over,
});
const named = (operation: string, sent: SentOperation[]) => sent.filter((op) => op.operationName === operation);
const statusText = () => dom.container.querySelector('[data-testid="trader-status"]')?.textContent;
const field = (label: string) => labelled(dom.container, label)!;

describe("the 'Vendeur' tab", () => {
  it('says where the file stands, in French', async () => {
    for (const [status, over, text] of [
      ['missing', { details: null, revision: 0, submitted_at: null }, 'À compléter'],
      ['submitted', {}, 'En cours de vérification'],
      ['more_info_requested', { message: 'Le récépissé est illisible.' }, 'Compléments demandés : Le récépissé est illisible.'],
      ['verified', { verified_at: '2026-03-02T10:00:00.000Z' }, 'Vendeur vérifié'],
    ] as const) {
      await mountWithBff(dom, <TraderTab key={status} />, (op) =>
        op.operationName === 'Me' ? ME : { myTraderDetails: file(status, over) },
      );
      await until(() => statusText(), status);
      expect(statusText()).toBe(text);
    }
    // Verified details changed go back to verification: said before the cook changes them.
    expect(dom.container.textContent).toContain('elles repasseront en vérification');
  });

  it('checks every field with identity’s French messages before sending anything', async () => {
    const sent = await mountWithBff(dom, <TraderTab />, (op) =>
      op.operationName === 'Me' ? ME : { myTraderDetails: file('missing', { details: null, revision: 0, submitted_at: null }) },
    );
    await until(() => buttonNamed(dom.container, 'Envoyer pour vérification'), 'the form');
    // Who sells and their contact address start from the account.
    expect(field('Nom et prénom, ou raison sociale').value).toBe('Amina Benali');
    expect(field('Email de contact').value).toBe('amina@popote.test');
    await typeInto(field('Numéro SIRET'), '732 829 320 00075');
    await typeInto(field('Téléphone'), '12');
    await click(buttonNamed(dom.container, 'Envoyer pour vérification')!);
    await until(() => fieldError(field('Numéro SIRET')), 'the SIRET error');
    expect(fieldError(field('Numéro SIRET'))).toBe(TRADER_MESSAGES.siretInvalid);
    expect(fieldError(field('Téléphone'))).toBe(TRADER_MESSAGES.phoneInvalid);
    expect(fieldError(field('Numéro et rue'))).toBe(TRADER_MESSAGES.streetRequired);
    expect(dom.container.textContent).toContain(TRADER_MESSAGES.ddppRequired);
    expect(dom.container.textContent).toContain(TRADER_MESSAGES.hygieneRequired);
    expect(dom.container.textContent).toContain(TRADER_MESSAGES.selfCertificationRequired);
    expect(named('SaveTraderDetails', sent)).toEqual([]);
  });

  it('sends the details as digits, then shows the new status; the server’s field messages land on their fields', async () => {
    let current = file('more_info_requested', { message: 'Merci de préciser la commune.' });
    let refuse = true;
    const sent = await mountWithBff(dom, <TraderTab />, (op) => {
      if (op.operationName === 'Me') return ME;
      if (op.operationName === 'SaveTraderDetails') {
        if (refuse) {
          refuse = false;
          return new Refusal('Données invalides', 'VALIDATION_FAILED', { city: 'Indiquez la commune' });
        }
        current = file('submitted', { revision: 2 });
        return { saveTraderDetails: current };
      }
      return { myTraderDetails: current };
    });
    await until(() => buttonNamed(dom.container, 'Envoyer pour vérification'), 'the form');
    expect(field('Numéro SIRET').value).toBe('732 829 320 00074');
    expect(field('Téléphone').value).toBe('06 12 34 56 78');
    expect(dom.container.querySelector('[data-testid="trader-document-ddpp_receipt"] a')?.getAttribute('href')).toBe(
      '/media/traders/c1/1-ddpp_receipt.pdf',
    );

    await typeInto(field('Téléphone'), '+33 6 98 76 54 32');
    await click(buttonNamed(dom.container, 'Envoyer pour vérification')!);
    await until(() => fieldError(field('Commune')), 'the server’s message');
    expect(fieldError(field('Commune'))).toBe('Indiquez la commune');

    await click(buttonNamed(dom.container, 'Envoyer pour vérification')!);
    await until(() => (statusText() === 'En cours de vérification' ? true : null), 'the new status');
    expect(named('SaveTraderDetails', sent).at(-1)!.variables).toEqual({
      input: {
        legal_name: 'Amina Benali',
        siret: '73282932000074',
        address: { street: '12 rue de Marseille', postcode: '69007', city: 'Lyon' },
        phone: '0698765432',
        email: 'amina@popote.test',
        ddpp_receipt_key: 'traders/c1/1-ddpp_receipt.pdf',
        hygiene_certificate_key: 'traders/c1/1-hygiene_certificate.pdf',
        self_certified: true,
      },
    });
    expect(document.body.textContent).toContain('Informations envoyées : notre équipe va les vérifier');
  });
});

describe('a trader document', () => {
  const pdf = (size: number, type = 'application/pdf') => ({ size, type });

  it('is a PDF, a JPEG or a PNG of 10 MB at most, checked before it is sent', () => {
    expect(checkDocumentFile(pdf(1000))).toBeNull();
    expect(checkDocumentFile(pdf(1000, 'image/png'))).toBeNull();
    expect(checkDocumentFile(pdf(1000, 'image/heic'))).toBe(TRADER_MESSAGES.documentInvalid);
    expect(checkDocumentFile(pdf(0))).toBe(TRADER_MESSAGES.documentInvalid);
    expect(checkDocumentFile(pdf(10 * 1024 * 1024 + 1))).toBe(TRADER_MESSAGES.documentTooLarge);
  });

  it('is sent with its kind and the upload header; the BFF’s refusal is said in French', async () => {
    const file = new File([new Uint8Array([37, 80, 68, 70])], 'recepisse.pdf', { type: 'application/pdf' });
    const fetchImpl = vi.fn(async (_url: unknown, init?: RequestInit) => {
      const body = init!.body as FormData;
      expect(body.get('kind')).toBe('ddpp_receipt');
      expect((init!.headers as Record<string, string>)['x-popote-upload']).toBe('1');
      return new Response(
        JSON.stringify({
          key: 'traders/c1/2-ddpp_receipt.pdf',
          url: '/media/traders/c1/2-ddpp_receipt.pdf',
          file_name: '2-ddpp_receipt.pdf',
        }),
        {
          status: 201,
        },
      );
    });
    expect(await uploadTraderDocument(file, 'ddpp_receipt', fetchImpl as typeof fetch)).toEqual({
      key: 'traders/c1/2-ddpp_receipt.pdf',
      url: '/media/traders/c1/2-ddpp_receipt.pdf',
      file_name: '2-ddpp_receipt.pdf',
    });
    const refusing = (async () =>
      new Response(
        JSON.stringify({
          code: 'VALIDATION_FAILED',
          message: TRADER_MESSAGES.documentInvalid,
          fields: { file: TRADER_MESSAGES.documentInvalid },
        }),
        {
          status: 422,
        },
      )) as typeof fetch;
    await expect(uploadTraderDocument(file, 'ddpp_receipt', refusing)).rejects.toEqual(
      new DocumentUploadError(TRADER_MESSAGES.documentInvalid),
    );
    const down = (async () => {
      throw new TypeError('network');
    }) as typeof fetch;
    await expect(uploadTraderDocument(file, 'hygiene_certificate', down)).rejects.toEqual(
      new DocumentUploadError(TRADER_MESSAGES.documentUploadError),
    );
  });
});
