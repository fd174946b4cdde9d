// @vitest-environment jsdom
import { Router } from '@popote/router';
import { Refusal, renderWithBff, useReactTestRoot, type SentOperation } from '@popote/ui/testing';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it } from 'vitest';
import { button, click, control, text, type, until } from '../reports/spec-helpers';
import { OrdersPage } from './orders-page';
import { ORDER_ID, orderData } from './spec-data';

const dom = useReactTestRoot();

const found = (items: unknown[], over: Record<string, unknown> = {}) => ({
  supportOrders: { __typename: 'SupportOrderSearch', items, truncated: false, matched_user: null, ...over },
});

async function open(answer: (op: SentOperation) => unknown, searchPath = '') {
  const location = memoryLocation({ path: '/console/commandes', searchPath, record: true });
  const sent = await renderWithBff(
    dom,
    <Router hook={location.hook} searchHook={location.searchHook}>
      <OrdersPage />
    </Router>,
    answer,
  );
  return { sent, location };
}

const rows = () => [...dom.container.querySelectorAll<HTMLTableRowElement>('[data-testid="order-row"]')];
const cells = (row: HTMLTableRowElement) => [...row.cells].map((cell) => cell.textContent.replace(/\s+/g, ' ').trim());
const searches = (sent: SentOperation[]) => sent.filter((op) => op.operationName === 'SupportOrders');
const field = () => control(dom, 'Numéro de commande ou email')!;

describe("the console's order search", () => {
  it('requires a number or an email before asking anything', async () => {
    const { sent } = await open(() => found([]));
    expect(dom.container.querySelector('h1')?.textContent).toBe('Commandes');
    expect(dom.container.querySelector('form[role="search"]')?.getAttribute('aria-label')).toBe('Rechercher une commande');
    await type(field(), '   ');
    await click(button(dom, 'Rechercher')!);
    await until(() => text(dom).includes('Indiquez un numéro de commande ou un email'), 'the required message');
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(searches(sent)).toEqual([]);
  });

  it('finds an order by its number: the URL keeps the search, the table its French columns, « Ouvrir » its page', async () => {
    const { sent, location } = await open(() =>
      found([
        orderData(),
        orderData({ order_id: '65f0c0ffee0000009z8y7x6w', number: '9z8y7x6w', order_status: 'cancelled', consumer_name: '' }),
      ]),
    );
    await type(field(), '  1a2b3c4d ');
    await click(button(dom, 'Rechercher')!);
    await until(() => rows().length === 2, 'the rows');
    expect(searches(sent).map((op) => op.variables)).toEqual([{ query: '1a2b3c4d' }]);
    expect(location.history.at(-1)).toBe('/console/commandes?q=1a2b3c4d');
    expect([...dom.container.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual([
      'N°',
      'Passée le (heure de Paris)',
      'Acheteur',
      'Cuisinier',
      'Total',
      'État',
      'Détail',
    ]);
    expect(rows().map(cells)).toEqual([
      ['1a2b3c4d', '06/12/2026 16:30', 'Léa', 'Amina', '12,50 €', 'Récupérée', 'Ouvrir : commande n° 1a2b3c4d'],
      ['9z8y7x6w', '06/12/2026 16:30', '—', 'Amina', '12,50 €', 'Annulée', 'Ouvrir : commande n° 9z8y7x6w'],
    ]);
    expect(rows()[0]!.querySelector('a')?.getAttribute('href')).toBe(`/console/commandes/${ORDER_ID}`);
    expect(dom.container.querySelector('[role="region"]')?.getAttribute('aria-label')).toBe('Commandes trouvées');
    expect(text(dom)).toContain('2 commandes, de la plus récente à la plus ancienne');
    // The answer takes the focus: its heading names the search.
    expect(document.activeElement?.tagName).toBe('H2');
    expect(document.activeElement?.textContent).toBe('Résultats pour « 1a2b3c4d »');
  });

  it('reads the search from the URL: the buyer found, the search cut short, the focus left alone', async () => {
    const { sent } = await open(
      () => found([orderData()], { matched_user: 'lea <lea@popote.test>', truncated: true }),
      'q=lea%40popote.test',
    );
    await until(() => rows().length === 1, 'the rows');
    expect(searches(sent)[0]!.variables).toEqual({ query: 'lea@popote.test' });
    expect(field().value).toBe('lea@popote.test');
    expect(text(dom)).toContain('Compte trouvé : lea <lea@popote.test>');
    expect(text(dom)).toContain('les plus récentes peuvent manquer. Cherchez alors par numéro de commande.');
    expect(text(dom)).toContain('1 commande');
    expect(document.activeElement).toBe(document.body);
  });

  it('each search is a step of the history; the same search again asks again', async () => {
    const { sent, location } = await open((op) => (op.variables['query'] === 'amina@popote.test' ? found([]) : found([orderData()])));
    await type(field(), '1a2b3c4d');
    await click(button(dom, 'Rechercher')!);
    await until(() => rows().length === 1, 'the first search');
    await type(field(), 'amina@popote.test');
    await click(button(dom, 'Rechercher')!);
    await until(() => text(dom).includes('Aucune commande ne correspond.'), 'the empty search');
    expect(location.history).toEqual(['/console/commandes', '/console/commandes?q=1a2b3c4d', '/console/commandes?q=amina%40popote.test']);
    expect(rows()).toEqual([]);
    const before = searches(sent).length;
    await click(button(dom, 'Rechercher')!);
    await until(() => searches(sent).length > before, 'the search asked again');
    expect(location.history).toHaveLength(3);
  });

  it('shows the services’ message for a number or an address they refuse', async () => {
    await open(
      () =>
        new Refusal('Données invalides', 'VALIDATION_FAILED', {
          order_number: 'Numéro de commande invalide : ses 8 derniers caractères, ou le numéro complet',
        }),
      'q=1a2b',
    );
    const alert = await until(() => dom.container.querySelector('[role="alert"]'), 'the refusal');
    expect(alert.textContent).toContain('Numéro de commande invalide : ses 8 derniers caractères, ou le numéro complet');
    expect(button(dom, 'Réessayer')).toBeNull();
  });

  it('shows the load error with « Réessayer », which asks again', async () => {
    let fail = true;
    await open(() => (fail ? new Refusal('Service indisponible', 'INTERNAL') : found([orderData()])), 'q=1a2b3c4d');
    await until(() => text(dom).includes('Erreur lors de la recherche des commandes'), 'the error');
    fail = false;
    await click(button(dom, 'Réessayer')!);
    await until(() => rows().length === 1, 'the rows after the retry');
  });
});
