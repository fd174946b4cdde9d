// @vitest-environment jsdom
import { PROMOTION_MESSAGES } from '@popote/rules';
import { useReactTestRoot, type SentOperation } from '@popote/ui/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buttonNamed, click, fieldError, labelled, mountWithBff, Refusal, typeInto, until } from './dashboard-testing';
import { PromotionsTab } from './promotions-tab';

const dom = useReactTestRoot();
const m = PROMOTION_MESSAGES;

const promotion = (promotion_id: string, name: string, over: Record<string, unknown> = {}) => ({
  __typename: 'Promotion',
  promotion_id,
  name,
  code: null,
  kind: 'percent',
  value: 10,
  meal_ids: [],
  min_basket_cents: 0,
  starts_at: '2026-03-06T17:00:00.000Z',
  ends_at: '2026-03-08T21:00:00.000Z',
  max_uses: null,
  max_uses_per_buyer: 1,
  state: 'active',
  uses: 0,
  held: 0,
  discount_given_cents: 0,
  sales_cents: 0,
  created_at: '2026-03-01T10:00:00.000Z',
  ...over,
});

// Now: Saturday 7 March 2026, 13:00 in Paris.
const NOW = new Date('2026-03-07T12:00:00.000Z');
const PROMOTIONS = [
  promotion('p1', 'Week-end gourmand', { code: 'WEEKEND10', max_uses: 50, uses: 3, held: 1, discount_given_cents: 420, sales_cents: 3780 }),
  promotion('p2', 'Fidélité', {
    kind: 'amount',
    value: 200,
    meal_ids: ['m1', 'm2'],
    min_basket_cents: 1500,
    state: 'paused',
    starts_at: '2026-02-28T23:00:00.000Z',
    ends_at: '2026-03-31T21:59:00.000Z',
    uses: 12,
    discount_given_cents: 2400,
    sales_cents: 18_600,
  }),
  promotion('p3', 'Printemps', { starts_at: '2026-03-20T08:00:00.000Z', ends_at: '2026-03-22T20:00:00.000Z' }),
  promotion('p4', 'Noël', { code: 'NOEL2025', starts_at: '2025-12-20T08:00:00.000Z', ends_at: '2025-12-26T08:00:00.000Z', uses: 8 }),
  promotion('p5', 'Galette', { state: 'stopped', starts_at: '2026-01-05T08:00:00.000Z', ends_at: '2026-01-31T22:00:00.000Z' }),
];

const meal = (meal_id: string, name: string) => ({
  __typename: 'Meal',
  meal_id,
  cook_id: 'u1',
  cook_name: 'Léa',
  name,
  description: 'Fait maison',
  price_cents: 1200,
  portions_available: 4,
  preparation_time: 30,
  image_url: null,
  image_card_url: null,
  rating_average: 0,
  rating_count: 0,
  created_at: '2026-03-01T10:00:00.000Z',
});
const MEALS = [meal('m1', 'Gratin dauphinois'), meal('m2', 'Tarte aux pommes')];

const rows = () => [...dom.container.querySelectorAll<HTMLTableRowElement>('[data-testid="promotion-row"]')];
/** A row's cells as read (the formatters' narrow and no-break spaces as plain ones). */
const cells = (row: HTMLTableRowElement) => [...row.cells].map((cell) => cell.textContent.replace(/\s/g, ' '));
const named = (operation: string, sent: SentOperation[]) => sent.filter((op) => op.operationName === operation);
const dialog = () => dom.container.querySelector('dialog');
const field = (label: string) => labelled(dialog()!, label)!;
const choice = (name: string, value: string) => dialog()!.querySelector<HTMLInputElement>(`input[name="${name}"][value="${value}"]`)!;
const submit = () => click(buttonNamed(dialog()!, 'Créer la promotion')!);

/** The BFF of these tests: the list (`list`), the cook's dishes, and `answer` for the mutations. */
function bff({
  list = () => [],
  answer = () => new Refusal('Erreur interne', 'INTERNAL'),
}: {
  list?: () => unknown[];
  answer?: (op: SentOperation) => unknown;
}) {
  return (op: SentOperation) => {
    if (op.operationName === 'MyPromotions') return { myPromotions: list() };
    if (op.operationName === 'CookMeals') return { cookMeals: MEALS };
    return answer(op);
  };
}

const mount = (server: Parameters<typeof bff>[0] = {}) => mountWithBff(dom, <PromotionsTab cookId="u1" />, bff(server));

/** Opens 'Créer une promotion' and waits for its form (the dishes loaded). */
async function openForm() {
  await click(buttonNamed(dom.container, 'Créer une promotion')!);
  return until(() => (dialog() && labelled(dialog()!, 'Nom') ? dialog() : null), 'the promotion form');
}

describe("the 'Promotions' tab", () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/cook/dashboard?onglet=promotions');
    // Only the clock: the harness still waits on real timers.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('lists the promotions with their code, discount, Paris period, state and figures', async () => {
    await mount({ list: () => PROMOTIONS });
    expect(dom.container.textContent).toContain('la commission est calculée sur ce que l’acheteur a payé');
    const headings = [...dom.container.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headings.slice(0, 8)).toEqual([
      'Promotion',
      'Code',
      'Réduction',
      'Période',
      'État',
      'Utilisations',
      'Réduction accordée',
      'Ventes',
    ]);
    expect(rows().map((row) => cells(row)[4])).toEqual(['Active', 'En pause', 'À venir', 'Terminée', 'Arrêtée']);

    const [weekend, loyalty] = rows().map(cells);
    expect(weekend!.slice(0, 8)).toEqual([
      'Week-end gourmand',
      'WEEKEND10',
      '10 %Tous vos plats',
      '6 mars 2026, 18:00 – 8 mars 2026, 22:00',
      'Active',
      '3 / 501 paiement en cours',
      '4,20 €',
      '37,80 €',
    ]);
    expect(loyalty!.slice(0, 8)).toEqual([
      'Fidélité',
      'Automatique',
      '2,00 €2 plats, dès 15,00 €',
      '1 mars 2026, 00:00 – 31 mars 2026, 23:59',
      'En pause',
      '12',
      '24,00 €',
      '186,00 €',
    ]);

    // Pause or resume, and stop, while not stopped nor over.
    const actions = rows().map((row) => [...row.querySelectorAll('button')].map((b) => b.textContent.replace(/\s+/g, ' ').trim()));
    expect(actions).toEqual([
      ['Mettre en pause Week-end gourmand', 'Arrêter Week-end gourmand'],
      ['Reprendre Fidélité', 'Arrêter Fidélité'],
      ['Mettre en pause Printemps', 'Arrêter Printemps'],
      [],
      [],
    ]);
  });

  it('pauses, resumes, and stops once confirmed; the row follows', async () => {
    let current = promotion('p1', 'Week-end gourmand', { code: 'WEEKEND10' });
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    const sent = await mount({
      list: () => [current],
      answer: (op) => {
        current = { ...current, state: op.variables['state'] as string };
        return { setPromotionState: current };
      },
    });

    await click(buttonNamed(dom.container, 'Mettre en pause Week-end gourmand')!);
    await until(() => rows()[0]?.getAttribute('data-status') === 'paused', 'the paused row');
    expect(cells(rows()[0]!)[4]).toBe('En pause');
    expect(document.body.textContent).toContain('Promotion « Week-end gourmand » mise en pause.');

    await click(buttonNamed(dom.container, 'Reprendre Week-end gourmand')!);
    await until(() => rows()[0]?.getAttribute('data-status') === 'active', 'the resumed row');
    expect(document.body.textContent).toContain('Promotion « Week-end gourmand » reprise.');

    await click(buttonNamed(dom.container, 'Arrêter Week-end gourmand')!);
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('Arrêter la promotion « Week-end gourmand » ?'));
    confirm.mockReturnValue(true);
    await click(buttonNamed(dom.container, 'Arrêter Week-end gourmand')!);
    await until(() => rows()[0]?.getAttribute('data-status') === 'stopped', 'the stopped row');
    expect(cells(rows()[0]!)[4]).toBe('Arrêtée');
    expect(rows()[0]!.querySelectorAll('button')).toHaveLength(0);

    expect(named('SetPromotionState', sent).map((op) => op.variables)).toEqual([
      { promotion_id: 'p1', state: 'paused' },
      { promotion_id: 'p1', state: 'active' },
      { promotion_id: 'p1', state: 'stopped' },
    ]);
  });

  it("says why a change was refused (the BFF's message)", async () => {
    await mount({
      list: () => PROMOTIONS.slice(0, 1),
      answer: () => new Refusal('Cette promotion est arrêtée : créez-en une autre.', 'CONFLICT'),
    });
    await click(buttonNamed(dom.container, 'Mettre en pause Week-end gourmand')!);
    expect(document.body.textContent).toContain('Cette promotion est arrêtée : créez-en une autre.');
  });

  it('creates an automatic promotion of an amount on chosen dishes: cents, instants, no code', async () => {
    let list: unknown[] = [];
    const sent = await mount({
      list: () => list,
      answer: (op) => {
        const created = promotion('p9', 'Fidélité', { ...(op.variables['input'] as object) });
        list = [created];
        return { createPromotion: created };
      },
    });
    expect(dom.container.textContent).toContain('Aucune promotion pour l’instant.');
    await openForm();
    // Starts now (Paris time), for 7 days.
    expect([field('Début').value, field('Heure de début').value, field('Fin').value, field('Heure de fin').value]).toEqual([
      '2026-03-07',
      '13:00',
      '2026-03-14',
      '13:00',
    ]);
    expect(field('Utilisations par client').value).toBe('1');

    await typeInto(field('Nom'), 'Fidélité');
    await click(choice('kind', 'amount'));
    await typeInto(field('Réduction (€)'), '2,50');
    await click(choice('scope', 'chosen'));
    await click(choice('meal_ids', 'm2'));
    await typeInto(field('Panier minimum (€)'), '15');
    await typeInto(field('Fin'), '2026-03-08');
    await typeInto(field('Heure de fin'), '22:00');
    await typeInto(field('Nombre d’utilisations'), '100');
    await submit();

    expect(named('CreatePromotion', sent).map((op) => op.variables)).toEqual([
      {
        input: {
          name: 'Fidélité',
          code: null,
          kind: 'amount',
          value: 250,
          meal_ids: ['m2'],
          min_basket_cents: 1500,
          starts_at: '2026-03-07T12:00:00.000Z',
          ends_at: '2026-03-08T21:00:00.000Z',
          max_uses: 100,
          max_uses_per_buyer: 1,
        },
      },
    ]);
    await until(() => !dialog(), 'the dialog closed');
    expect(document.body.textContent).toContain('Promotion « Fidélité » créée.');
    await until(() => rows().length === 1, 'the new row');
    expect(cells(rows()[0]!).slice(1, 3)).toEqual(['Automatique', '2,50 €1 plat, dès 15,00 €']);
  });

  it('sends a code in capitals and a percentage, with no limit of uses', async () => {
    const sent = await mount({
      list: () => [],
      answer: (op) => ({ createPromotion: promotion('p9', 'Week-end', { ...(op.variables['input'] as object) }) }),
    });
    await openForm();
    await typeInto(field('Nom'), 'Week-end');
    await typeInto(field('Code'), 'weekend10');
    await typeInto(field('Réduction (%)'), '10');
    await submit();
    expect(named('CreatePromotion', sent).map((op) => op.variables['input'])).toEqual([
      expect.objectContaining({ code: 'WEEKEND10', kind: 'percent', value: 10, meal_ids: [], min_basket_cents: 0, max_uses: null }),
    ]);
  });

  it("shows the rules' French messages under the fields, and sends nothing", async () => {
    const sent = await mount({ list: () => [] });
    await openForm();
    expect(field('Code').getAttribute('aria-describedby')).toBeTruthy();
    expect(dialog()!.textContent).toContain('Laissez vide pour une promotion automatique, appliquée sans code');
    await typeInto(field('Code'), 'a b');
    await typeInto(field('Réduction (%)'), '95');
    await click(choice('scope', 'chosen'));
    await typeInto(field('Fin'), '2026-03-01');
    await typeInto(field('Utilisations par client'), '0');
    await submit();

    expect(fieldError(field('Nom'))).toBe(m.nameRequired);
    expect(fieldError(field('Code'))).toBe(m.code);
    expect(fieldError(field('Réduction (%)'))).toBe(m.percent);
    expect(fieldError(field('Fin'))).toBe(m.dates);
    expect(fieldError(field('Utilisations par client'))).toBe(m.perBuyer);
    const dishes = dialog()!.querySelectorAll('fieldset')[1]!;
    expect(document.getElementById(dishes.getAttribute('aria-describedby')!)?.textContent).toBe('Cochez au moins un plat');
    expect(named('CreatePromotion', sent)).toEqual([]);
  });

  it("shows the server's messages: on their field, or above the buttons", async () => {
    let refusal = new Refusal('Données invalides', 'VALIDATION_FAILED', { code: m.code });
    await mount({ list: () => [], answer: () => refusal });
    await openForm();
    await typeInto(field('Nom'), 'Week-end');
    await typeInto(field('Code'), 'WEEKEND10');
    await typeInto(field('Réduction (%)'), '10');
    await submit();
    expect(fieldError(field('Code'))).toBe(m.code);

    refusal = new Refusal('Vous avez déjà une promotion avec ce code : choisissez-en un autre.', 'CONFLICT');
    await submit();
    expect(dialog()!.querySelector('[role="alert"]')?.textContent).toBe(
      'Vous avez déjà une promotion avec ce code : choisissez-en un autre.',
    );
    expect(dialog()).not.toBeNull();
  });

  it('shows the loading state, then the error state with « Réessayer »', async () => {
    let answer: (value: unknown) => void = () => {};
    await mountWithBff(dom, <PromotionsTab cookId="u1" />, () => new Promise((resolve) => (answer = resolve)));
    expect(dom.container.querySelector('[role="status"]')?.textContent).toBe('Chargement de vos promotions...');
    answer(new Refusal('Erreur interne', 'INTERNAL'));
    await until(() => buttonNamed(dom.container, 'Réessayer'), 'the retry button');
    expect(dom.container.textContent).toContain('Erreur lors du chargement des données');
  });
});
