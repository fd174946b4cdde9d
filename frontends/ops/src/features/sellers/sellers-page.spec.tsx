// @vitest-environment jsdom
import { Router } from '@popote/router';
import { Refusal, renderWithBff, useReactTestRoot, type SentOperation } from '@popote/ui/testing';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it } from 'vitest';
import { button, click, control, text, type, until } from '../reports/spec-helpers';
import { SellersPage } from './sellers-page';

const dom = useReactTestRoot();

const document_ = (kind: string) => ({
  __typename: 'TraderDocument',
  key: `traders/c1/3-${kind}.pdf`,
  url: `/media/traders/c1/3-${kind}.pdf`,
  file_name: `3-${kind}.pdf`,
});

const file = (over: Record<string, unknown> = {}) => ({
  __typename: 'TraderFile',
  cook_id: 'c1',
  status: 'submitted',
  revision: 3,
  submitted_at: '2026-12-06T15:30:00.000Z',
  decided_at: null,
  verified_at: null,
  message: null,
  details: {
    __typename: 'TraderDetails',
    legal_name: 'Amina Benali',
    siret: '73282932000074',
    phone: '0612345678',
    email: 'amina@popote.test',
    self_certified: true,
    address: { __typename: 'TraderAddress', street: '8 rue des Tanneurs', postcode: '69001', city: 'Lyon' },
    ddpp_receipt: document_('ddpp_receipt'),
    hygiene_certificate: document_('hygiene_certificate'),
  },
  ...over,
});

const verification = (over: Record<string, unknown> = {}) => ({
  __typename: 'TraderVerification',
  cook_id: 'c1',
  cook_name: 'Amina',
  cook_username: 'amina',
  file: file(over),
});

const page = (items: unknown[], next_cursor: string | null = null) => ({
  traderVerifications: { __typename: 'TraderVerificationPage', items, next_cursor },
});

async function open(answer: (op: SentOperation) => unknown, searchPath = '') {
  const location = memoryLocation({ path: '/console/vendeurs', searchPath, record: true });
  const sent = await renderWithBff(
    dom,
    <Router hook={location.hook} searchHook={location.searchHook}>
      <SellersPage />
    </Router>,
    answer,
  );
  return { sent, location };
}

const files = () => [...dom.container.querySelectorAll<HTMLElement>('[data-testid="trader-file"]')];
const decisions = (sent: SentOperation[]) => sent.filter((op) => op.operationName === 'DecideTraderVerification');
const link = (name: string) => [...dom.container.querySelectorAll('a')].find((a) => a.textContent.trim() === name);

describe("the console's sellers", () => {
  it('lists the files to verify with their details, the SIRET in groups and its directory link, the two documents', async () => {
    const { sent } = await open(() => page([verification()]));
    await until(() => files().length === 1, 'the file');
    expect(sent.find((op) => op.operationName === 'TraderVerifications')!.variables).toEqual({ status: 'submitted', limit: 20 });
    expect(control<HTMLSelectElement>(dom, 'Dossiers')!.value).toBe('submitted');
    const shown = files()[0]!;
    expect(shown.querySelector('h2')?.textContent).toBe('Amina');
    expect(shown.textContent).toContain('@amina');
    expect(shown.textContent).toContain('Amina Benali');
    expect(shown.textContent).toContain('732 829 320 00074');
    expect(shown.textContent).toContain('06 12 34 56 78');
    expect(shown.textContent).toContain('8 rue des Tanneurs');
    expect(shown.textContent).toContain('69001 Lyon');
    expect(shown.textContent).toContain('06/12/2026 16:30');
    const directory = link('Vérifier sur l’annuaire des entreprises (nouvel onglet)')!;
    expect(directory.href).toBe('https://annuaire-entreprises.data.gouv.fr/etablissement/73282932000074');
    expect(directory.target).toBe('_blank');
    expect(directory.rel).toContain('noopener');
    expect(link('Récépissé de déclaration auprès de la DDPP (nouvel onglet)')?.getAttribute('href')).toBe(
      '/media/traders/c1/3-ddpp_receipt.pdf',
    );
    expect(link('Attestation de formation à l’hygiène alimentaire (nouvel onglet)')?.getAttribute('href')).toBe(
      '/media/traders/c1/3-hygiene_certificate.pdf',
    );
    expect(button(dom, 'Vérifier')).not.toBeNull();
    expect(button(dom, 'Demander des compléments')).not.toBeNull();
  });

  it('« Vérifier » sends the revision read; the file leaves the list', async () => {
    let verified = false;
    const { sent } = await open((op) => {
      if (op.operationName === 'DecideTraderVerification') {
        verified = true;
        return {
          decideTraderVerification: {
            __typename: 'TraderDecisionResult',
            applied: true,
            file: {
              __typename: 'TraderFile',
              cook_id: 'c1',
              status: 'verified',
              revision: 3,
              message: null,
              decided_at: '2026-12-07T08:00:00.000Z',
              verified_at: '2026-12-07T08:00:00.000Z',
            },
          },
        };
      }
      return page(verified ? [] : [verification()]);
    });
    await until(() => files().length === 1, 'the file');
    await click(button(dom, 'Vérifier')!);
    await until(() => text(dom).includes('Aucune vérification en attente.'), 'the empty list');
    expect(decisions(sent).map((op) => op.variables)).toEqual([{ cook_id: 'c1', revision: 3, decision: 'verify', message: null }]);
    expect(document.body.textContent).toContain('Amina : vendeur vérifié');
  });

  it('« Demander des compléments » requires a message, then sends it with the revision', async () => {
    const { sent } = await open((op) =>
      op.operationName === 'DecideTraderVerification'
        ? {
            decideTraderVerification: {
              __typename: 'TraderDecisionResult',
              applied: true,
              file: {
                __typename: 'TraderFile',
                cook_id: 'c1',
                status: 'more_info_requested',
                revision: 3,
                message: op.variables['message'],
                decided_at: '2026-12-07T08:00:00.000Z',
                verified_at: null,
              },
            },
          }
        : page([verification()]),
    );
    await until(() => files().length === 1, 'the file');
    await click(button(dom, 'Demander des compléments')!);
    const message = await until(() => control<HTMLTextAreaElement>(dom, 'Message au cuisinier'), 'the message field');
    expect(document.activeElement).toBe(message);
    expect(message.maxLength).toBe(1000);
    await type(message, '   ');
    await click(button(dom, 'Envoyer la demande')!);
    await until(() => text(dom).includes('Expliquez au cuisinier ce qu’il doit compléter'), 'the required message');
    expect(decisions(sent)).toEqual([]);

    await type(message, ' L’attestation d’hygiène est illisible : envoyez un scan net. ');
    await click(button(dom, 'Envoyer la demande')!);
    await until(() => decisions(sent).length === 1, 'the decision sent');
    expect(decisions(sent)[0]!.variables).toEqual({
      cook_id: 'c1',
      revision: 3,
      decision: 'ask_more',
      message: 'L’attestation d’hygiène est illisible : envoyez un scan net.',
    });
    await until(() => document.body.textContent.includes('Compléments demandés à Amina'), 'the toast');
  });

  it('a file changed meanwhile (CONFLICT): the message and « Recharger », which reads the list again', async () => {
    const { sent } = await open((op) =>
      op.operationName === 'DecideTraderVerification'
        ? new Refusal('Ce dossier a changé ou a déjà été traité depuis votre lecture : rechargez-le.', 'CONFLICT')
        : page([verification()]),
    );
    await until(() => files().length === 1, 'the file');
    await click(button(dom, 'Vérifier')!);
    const alert = await until(() => dom.container.querySelector('[role="alert"]'), 'the refusal');
    expect(alert.textContent).toContain('Ce dossier a changé ou a déjà été traité depuis votre lecture : rechargez-le.');
    const before = sent.filter((op) => op.operationName === 'TraderVerifications').length;
    await click(button(dom, 'Recharger')!);
    await until(() => sent.filter((op) => op.operationName === 'TraderVerifications').length > before, 'the list asked again');
  });

  it('shows the message field’s refusal next to it (VALIDATION_FAILED)', async () => {
    await open((op) =>
      op.operationName === 'DecideTraderVerification'
        ? new Refusal('Données invalides', 'VALIDATION_FAILED', { message: 'Le message ne doit pas dépasser 1000 caractères' })
        : page([verification()]),
    );
    await until(() => files().length === 1, 'the file');
    await click(button(dom, 'Demander des compléments')!);
    await type(control<HTMLTextAreaElement>(dom, 'Message au cuisinier')!, 'Un message.');
    await click(button(dom, 'Envoyer la demande')!);
    await until(() => text(dom).includes('Le message ne doit pas dépasser 1000 caractères'), 'the field message');
  });

  it('« Compléments demandés » lists those files with the request, without decision buttons', async () => {
    const { sent, location } = await open((op) =>
      op.variables['status'] === 'more_info_requested'
        ? page([
            verification({ status: 'more_info_requested', message: 'Le SIRET ne correspond pas.', decided_at: '2026-12-07T08:00:00.000Z' }),
          ])
        : page([]),
    );
    await until(() => text(dom).includes('Aucune vérification en attente.'), 'the empty list');
    await type(control<HTMLSelectElement>(dom, 'Dossiers')!, 'more_info_requested');
    await until(() => files().length === 1, 'the file');
    expect(location.history.at(-1)).toBe('/console/vendeurs?dossiers=more_info_requested');
    expect(sent.at(-1)!.variables).toEqual({ status: 'more_info_requested', limit: 20 });
    expect(files()[0]!.textContent).toContain('Le SIRET ne correspond pas.');
    expect(button(dom, 'Vérifier')).toBeNull();
    expect(button(dom, 'Demander des compléments')).toBeNull();
  });

  it('shows the load error with « Réessayer »', async () => {
    await open(() => new Refusal('Service indisponible', 'INTERNAL'));
    await until(() => text(dom).includes('Erreur lors du chargement des dossiers'), 'the error');
    expect(button(dom, 'Réessayer')).not.toBeNull();
  });
});
