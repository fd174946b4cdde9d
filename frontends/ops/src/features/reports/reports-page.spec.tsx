// @vitest-environment jsdom
import { Router } from '@popote/router';
import { Refusal, renderWithBff, useReactTestRoot, type SentOperation } from '@popote/ui/testing';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it } from 'vitest';
import { ReportsPage } from './reports-page';
import { button, click, control, reportData, text, type, until } from './spec-helpers';

const dom = useReactTestRoot();

const page = (items: unknown[], next_after: string | null = null) => ({
  moderationQueue: { __typename: 'ReportPage', items, next_after },
});

async function open(answer: (op: SentOperation) => unknown, searchPath = '') {
  const location = memoryLocation({ path: '/console/signalements', searchPath, record: true });
  const sent = await renderWithBff(
    dom,
    <Router hook={location.hook} searchHook={location.searchHook}>
      <ReportsPage />
    </Router>,
    answer,
  );
  return { sent, location };
}

const rows = () => [...dom.container.querySelectorAll<HTMLTableRowElement>('[data-testid="report-row"]')];
const cells = (row: HTMLTableRowElement) => [...row.cells].map((cell) => cell.textContent.replace(/\s+/g, ' ').trim());
const queues = (sent: SentOperation[]) => sent.filter((op) => op.operationName === 'ModerationQueue');

describe("the console's reports", () => {
  it('lists the open reports oldest first under French headers, each with « Examiner »', async () => {
    const { sent } = await open(() =>
      page([
        reportData(1),
        reportData(2, { target_kind: 'review', reason: 'offensive', reporter_user_id: null, contact_email: 'temoin@exemple.fr' }),
      ]),
    );
    await until(() => rows().length === 2, 'the rows');
    expect(dom.container.querySelector('h1')?.textContent).toBe('Signalements');
    expect([...dom.container.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual([
      'Reçu le (heure de Paris)',
      'Contenu',
      'Motif',
      'Signalé par',
      'Examen',
    ]);
    expect(rows().map(cells)).toEqual([
      ['07/12/2026 08:59', 'PlatTarte 1', 'Sécurité alimentaire', 'Compte', 'Examiner : Tarte 1'],
      ['07/12/2026 08:59', 'AvisTarte 2', 'Contenu choquant ou injurieux', 'temoin@exemple.fr', 'Examiner : Tarte 2'],
    ]);
    expect(rows()[0]!.querySelector('a')?.getAttribute('href')).toBe('/console/signalements/r1');
    expect(queues(sent)[0]!.variables).toEqual({ limit: 30 });
    // One page: no pager.
    expect(button(dom, 'Suivants')).toBeNull();
  });

  it('filters by reason and kind (selects kept in the URL), and says when nothing matches', async () => {
    const { sent, location } = await open((op) => (op.variables['reason'] ? page([]) : page([reportData(1)])));
    await until(() => rows().length === 1, 'the rows');
    const reason = control<HTMLSelectElement>(dom, 'Motif')!;
    expect([...reason.options].map((o) => o.textContent)).toEqual([
      'Tous les motifs',
      'Sécurité alimentaire',
      'Allergènes non déclarés',
      'Produit illégal',
      'Fraude ou arnaque',
      'Contenu choquant ou injurieux',
      'Autre',
    ]);
    expect([...control<HTMLSelectElement>(dom, 'Type de contenu')!.options].map((o) => o.textContent)).toEqual([
      'Tous les contenus',
      'Plat',
      'Avis',
      'Cuisinier',
    ]);
    await type(reason, 'fraud');
    await until(() => text(dom).includes('Aucun signalement à traiter pour ces critères.'), 'the filtered empty state');
    expect(queues(sent).at(-1)!.variables).toEqual({ limit: 30, reason: 'fraud' });
    expect(location.history.at(-1)).toBe('/console/signalements?motif=fraud');
    await type(control<HTMLSelectElement>(dom, 'Type de contenu')!, 'cook');
    await until(() => queues(sent).some((op) => op.variables['target_kind'] === 'cook'), 'the kind sent');
    expect(queues(sent).at(-1)!.variables).toEqual({ limit: 30, reason: 'fraud', target_kind: 'cook' });
  });

  it('reads the filters from the URL', async () => {
    const { sent } = await open(() => page([reportData(1)]), 'type=review&motif=nonsense');
    await until(() => rows().length === 1, 'the rows');
    expect(queues(sent)[0]!.variables).toEqual({ limit: 30, target_kind: 'review' });
    expect(control<HTMLSelectElement>(dom, 'Type de contenu')!.value).toBe('review');
    expect(control<HTMLSelectElement>(dom, 'Motif')!.value).toBe('');
  });

  it('pages with « Suivants » (the page’s next_after) and back with « Précédents »', async () => {
    const { sent } = await open((op) =>
      op.variables['after'] === 'r30'
        ? page([reportData(31)])
        : page(
            Array.from({ length: 30 }, (_, i) => reportData(i + 1)),
            'r30',
          ),
    );
    await until(() => rows().length === 30, 'the first page');
    expect(button(dom, 'Précédents')?.disabled).toBe(true);
    await click(button(dom, 'Suivants')!);
    await until(() => rows().length === 1 && text(dom).includes('Page 2'), 'the second page');
    expect(queues(sent).at(-1)!.variables).toEqual({ limit: 30, after: 'r30' });
    expect(button(dom, 'Suivants')?.disabled).toBe(true);
    await click(button(dom, 'Précédents')!);
    await until(() => rows().length === 30 && text(dom).includes('Page 1'), 'the first page again');
  });

  it('says when there is nothing to do', async () => {
    await open(() => page([]));
    await until(() => text(dom).includes('Aucun signalement à traiter.'), 'the empty state');
  });

  it('shows the load error with « Réessayer », which asks again', async () => {
    let fail = true;
    await open(() => (fail ? new Refusal('Service indisponible', 'INTERNAL') : page([reportData(1)])));
    await until(() => text(dom).includes('Erreur lors du chargement des signalements'), 'the error');
    fail = false;
    await click(button(dom, 'Réessayer')!);
    await until(() => rows().length === 1, 'the rows after the retry');
  });
});
