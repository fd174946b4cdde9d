// @vitest-environment jsdom
import { useReactTestRoot, type SentOperation } from '@popote/ui/testing';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { buttonNamed, click, mountWithBff, Refusal, until } from './dashboard-testing';
import { CampaignsTab } from './campaigns-tab';
import { PayoutsTab } from './payouts-tab';

const dom = useReactTestRoot();

const campaign = (campaign_id: string, meal_name: string, status: string, over: Record<string, unknown> = {}) => ({
  __typename: 'Campaign',
  campaign_id,
  meal_id: `meal-${campaign_id}`,
  meal_name,
  budget_cents: 2000,
  days: 7,
  daily_budget_cents: 285,
  cpm_cents: 500,
  status,
  starts_at: '2026-03-03T13:00:00.000Z',
  ends_at: '2026-03-10T13:00:00.000Z',
  stopped_at: null,
  spent_cents: 512,
  refunded_cents: null,
  displays: 1024,
  clicks: 37,
  orders: 3,
  ...over,
});

const CAMPAIGNS = [
  campaign('c1', 'Gratin dauphinois', 'active'),
  campaign('c2', 'Tarte aux pommes', 'exhausted_today'),
  campaign('c3', 'Blanquette', 'stopped', { stopped_at: '2026-03-05T08:30:00.000Z', refunded_cents: 1100, spent_cents: 900 }),
  // Started at 00:30 in Paris: still the day before in UTC.
  campaign('c4', 'Ratatouille', 'ended', {
    starts_at: '2026-02-25T23:30:00.000Z',
    ends_at: '2026-03-04T23:30:00.000Z',
    refunded_cents: 760,
    spent_cents: 1240,
    displays: 2480,
  }),
];

const overview = (campaigns: unknown[]) => ({ __typename: 'CampaignOverview', campaigns, cpm_cents: 500, available_cents: 4000 });

const rows = () => [...dom.container.querySelectorAll<HTMLTableRowElement>('[data-testid="campaign-row"]')];
/** A row's cells as read (the formatters' narrow and no-break spaces as plain ones). */
const cells = (row: HTMLTableRowElement) => [...row.cells].map((cell) => cell.textContent.replace(/\s/g, ' '));
/** A saved file's text, its BOM kept (jsdom's Blob has no `text()`). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new TextDecoder('utf-8', { ignoreBOM: true }).decode(reader.result as ArrayBuffer));
    reader.readAsArrayBuffer(blob);
  });
const named = (operation: string, sent: SentOperation[]) => sent.filter((op) => op.operationName === operation);

describe("the 'Mises en avant' tab", () => {
  beforeEach(() => window.history.replaceState(null, '', '/cook/dashboard?onglet=mises-en-avant'));
  afterEach(() => vi.restoreAllMocks());

  it('lists the campaigns with their status in French, Paris dates, amounts and counts', async () => {
    await mountWithBff(dom, <CampaignsTab openMeals={() => {}} />, () => ({ cookCampaigns: overview(CAMPAIGNS) }));
    const headings = [...dom.container.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headings.slice(0, 9)).toEqual(['Plat', 'Statut', 'Période', 'Budget', 'Dépensé', 'Rendu', 'Affichages', 'Clics', 'Commandes']);
    expect(rows().map((row) => cells(row)[1])).toEqual(['En cours', 'Budget du jour dépensé', 'Arrêtée', 'Terminée']);

    const [active, , stopped, ended] = rows().map(cells);
    expect(active!.slice(0, 9)).toEqual([
      'Gratin dauphinois',
      'En cours',
      '3–10 mars 2026',
      '20,00 €',
      '5,12 €',
      '—Rendu à la clôture',
      '1 024',
      '37',
      '3',
    ]);
    // Stopped at 09:30 in Paris (08:30 UTC).
    expect(stopped![2]).toBe('3–10 mars 2026Arrêtée le 5 mars 2026 à 09:30');
    expect(stopped![5]).toBe('11,00 €');
    expect(ended![2]).toBe('26 février – 5 mars 2026');
    expect(ended![5]).toBe('7,60 €');

    // 'Arrêter' for the running ones only.
    expect(rows().map((row) => !!buttonNamed(row, `Arrêter ${cells(row)[0]}`))).toEqual([true, true, false, false]);
  });

  it("stops a campaign once confirmed, then shows it 'Arrêtée'", async () => {
    let list = CAMPAIGNS.slice(0, 1);
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    const sent = await mountWithBff(dom, <CampaignsTab openMeals={() => {}} />, (op) => {
      if (op.operationName === 'StopCampaign') {
        list = [campaign('c1', 'Gratin dauphinois', 'stopped', { stopped_at: '2026-03-04T10:00:00.000Z' })];
        return { stopCampaign: list[0] };
      }
      return { cookCampaigns: overview(list) };
    });

    await click(buttonNamed(dom.container, 'Arrêter Gratin dauphinois')!);
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('Arrêter la mise en avant de « Gratin dauphinois » ?'));
    expect(named('StopCampaign', sent)).toEqual([]);

    confirm.mockReturnValue(true);
    await click(buttonNamed(dom.container, 'Arrêter Gratin dauphinois')!);
    expect(named('StopCampaign', sent).map((op) => op.variables)).toEqual([{ campaign_id: 'c1' }]);
    await until(() => rows()[0]?.getAttribute('data-status') === 'stopped', 'the stopped row');
    expect(cells(rows()[0]!)[1]).toBe('Arrêtée');
    expect(buttonNamed(dom.container, 'Arrêter Gratin dauphinois')).toBeNull();
    expect(document.body.textContent).toContain('Mise en avant de « Gratin dauphinois » arrêtée');
  });

  it("says why a stop was refused (the BFF's message)", async () => {
    vi.stubGlobal('confirm', () => true);
    await mountWithBff(dom, <CampaignsTab openMeals={() => {}} />, (op) =>
      op.operationName === 'StopCampaign'
        ? new Refusal('Cette mise en avant est déjà terminée.', 'CONFLICT')
        : { cookCampaigns: overview(CAMPAIGNS.slice(0, 1)) },
    );
    await click(buttonNamed(dom.container, 'Arrêter Gratin dauphinois')!);
    expect(document.body.textContent).toContain('Cette mise en avant est déjà terminée.');
  });

  it('downloads the CSV the server made', async () => {
    const saved: Array<{ name: string; blob: Blob }> = [];
    const blobs = new Map<string, Blob>();
    // jsdom has no object URLs: this test's own, put back afterwards.
    const before = Object.getOwnPropertyDescriptor(URL, 'createObjectURL');
    Object.defineProperty(URL, 'createObjectURL', {
      configurable: true,
      value: (blob: Blob) => (blobs.set(`blob:${blobs.size + 1}`, blob), `blob:${blobs.size}`),
    });
    onTestFinished(() => {
      if (before) Object.defineProperty(URL, 'createObjectURL', before);
      else Reflect.deleteProperty(URL, 'createObjectURL');
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, blob: blobs.get(this.href)! });
    });
    const sent = await mountWithBff(dom, <CampaignsTab openMeals={() => {}} />, (op) =>
      op.operationName === 'CookCampaignsCsv'
        ? {
            cookCampaignsCsv: {
              __typename: 'CampaignsCsv',
              filename: 'popote-mises-en-avant-2026-03-04.csv',
              csv: 'Plat;Statut\nGratin;En cours',
            },
          }
        : { cookCampaigns: overview(CAMPAIGNS) },
    );
    await click(buttonNamed(dom.container, 'Télécharger le CSV')!);
    expect(named('CookCampaignsCsv', sent)).toHaveLength(1);
    expect(saved.map((s) => s.name)).toEqual(['popote-mises-en-avant-2026-03-04.csv']);
    expect(await textOf(saved[0]!.blob)).toBe('\uFEFFPlat;Statut\nGratin;En cours');
  });

  it('says there is none yet, how to start one, and leads to the dishes', async () => {
    const openMeals = vi.fn();
    await mountWithBff(dom, <CampaignsTab openMeals={openMeals} />, () => ({ cookCampaigns: overview([]) }));
    expect(dom.container.textContent).toContain('Aucune mise en avant pour l’instant…');
    expect(dom.container.textContent).toContain('choisissez « Mettre en avant » sous un plat');
    expect(buttonNamed(dom.container, 'Télécharger le CSV')).toBeNull();
    await click(buttonNamed(dom.container, 'Voir mes plats')!);
    expect(openMeals).toHaveBeenCalledTimes(1);
  });

  it('shows the loading state, then the error state with « Réessayer »', async () => {
    let answer: (value: unknown) => void = () => {};
    await mountWithBff(dom, <CampaignsTab openMeals={() => {}} />, () => new Promise((resolve) => (answer = resolve)));
    expect(dom.container.querySelector('[role="status"]')?.textContent).toBe('Chargement de vos mises en avant...');
    answer(new Refusal('Erreur interne', 'INTERNAL'));
    await until(() => buttonNamed(dom.container, 'Réessayer'), 'the retry button');
    expect(dom.container.textContent).toContain('Erreur lors du chargement des données');
  });
});

describe("the 'Paiements' tab and advertisements", () => {
  const entry = (entry_id: string, kind: string, available_cents: number, advertising_cents: number) => ({
    __typename: 'LedgerEntry',
    entry_id,
    kind,
    order_id: null,
    payout_id: null,
    pending_cents: 0,
    available_cents,
    advertising_cents,
    campaign_id: 'c1',
    created_at: '2026-03-04T10:00:00.000Z',
  });
  const payouts = (advertising_cents: number, entries: unknown[]) => ({
    cookPayouts: {
      __typename: 'PayoutOverview',
      account: { __typename: 'PayoutAccount', status: 'enabled', provider: 'sandbox', account_id: 'acct_1' },
      commission_percent: 10,
      available_cents: 2000,
      pending_cents: 0,
      advertising_cents,
      next_payout_at: null,
      in_flight: false,
      entries,
      payouts: [],
    },
  });

  it('shows what is held for advertisements, the three advertising operations in French and their column', async () => {
    await mountWithBff(dom, <PayoutsTab />, () =>
      payouts(1488, [entry('e3', 'ad_release', 760, -760), entry('e2', 'ad_spend', 0, -252), entry('e1', 'ad_reserve', -2500, 2500)]),
    );
    const held = dom.container.querySelector('[data-testid="payout-advertising"]')!;
    expect(held.textContent).toBe('14,88\u00a0€');
    expect(held.parentElement?.querySelector('dt')?.textContent).toBe('Réservé pour les mises en avant');

    const ledger = [...dom.container.querySelectorAll<HTMLTableRowElement>('[data-testid="ledger-row"]')];
    expect(ledger.map((row) => row.cells[1]?.textContent)).toEqual([
      'Mise en avant : budget non dépensé rendu',
      'Mise en avant : dépense du jour',
      'Mise en avant : budget réservé',
    ]);
    const table = ledger[0]!.closest('table')!;
    expect([...table.querySelectorAll('thead th')].at(-1)?.textContent).toBe('Mises en avant');
    expect(ledger.map((row) => row.cells[5]?.textContent)).toEqual(['-7,60\u00a0€', '-2,52\u00a0€', '+25,00\u00a0€']);
  });

  it('shows neither the held amount nor the column to a cook without advertisements', async () => {
    await mountWithBff(dom, <PayoutsTab />, () => payouts(0, [{ ...entry('e1', 'sale', 0, 0), kind: 'sale', campaign_id: null }]));
    expect(dom.container.querySelector('[data-testid="payout-advertising"]')).toBeNull();
    expect(dom.container.textContent).not.toContain('Réservé pour les mises en avant');
    expect([...dom.container.querySelectorAll('thead th')].map((th) => th.textContent)).not.toContain('Mises en avant');
  });
});
