// @vitest-environment jsdom
import { AD_FORM_MESSAGES } from '@popote/rules';
import { useReactTestRoot, type SentOperation } from '@popote/ui/testing';
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { buttonNamed, click, fieldError, labelled, mountWithBff, Refusal, typeInto, until } from './dashboard-testing';
import { MealsTab } from './meals-tab';
import { PayoutsTab } from './payouts-tab';

const dom = useReactTestRoot();

const meal = (meal_id: string, name: string, portions_available: number) => ({
  __typename: 'Meal',
  meal_id,
  cook_id: 'u1',
  cook_name: 'Léa',
  name,
  description: 'Fait maison',
  price_cents: 1200,
  portions_available,
  preparation_time: 30,
  image_url: null,
  image_card_url: null,
  rating_average: 0,
  rating_count: 0,
  created_at: '2026-03-01T10:00:00.000Z',
});

const MEALS = [meal('m1', 'Gratin dauphinois', 4), meal('m2', 'Tarte aux pommes', 0)];

const campaign = (over: Record<string, unknown> = {}) => ({
  __typename: 'Campaign',
  campaign_id: 'c1',
  meal_id: 'm1',
  meal_name: 'Gratin dauphinois',
  budget_cents: 1250,
  days: 5,
  daily_budget_cents: 250,
  cpm_cents: 500,
  status: 'active',
  starts_at: '2026-03-03T13:00:00.000Z',
  ends_at: '2026-03-08T13:00:00.000Z',
  stopped_at: null,
  spent_cents: 0,
  refunded_cents: null,
  displays: 0,
  clicks: 0,
  orders: 0,
  ...over,
});

const overview = (campaigns: unknown[] = []) => ({
  __typename: 'CampaignOverview',
  campaigns,
  cpm_cents: 500,
  available_cents: 4000,
});

const payouts = (advertising_cents: number) => ({
  __typename: 'PayoutOverview',
  account: { __typename: 'PayoutAccount', status: 'enabled', provider: 'sandbox', account_id: 'acct_1' },
  commission_percent: 10,
  available_cents: 4000 - advertising_cents,
  pending_cents: 0,
  advertising_cents,
  next_payout_at: null,
  in_flight: false,
  entries: [],
  payouts: [],
});

/** The BFF of these tests: the cook's meals and campaigns; `start` answers startCampaign. */
function bff(start: (op: SentOperation) => unknown = (op) => ({ startCampaign: campaign({ ...(op.variables['input'] as object) }) })) {
  let started = false;
  return (op: SentOperation) => {
    switch (op.operationName) {
      case 'CookMeals':
        return { cookMeals: MEALS };
      case 'CookCampaigns':
        return { cookCampaigns: overview(started ? [campaign()] : []) };
      case 'CookPayouts':
        return { cookPayouts: payouts(started ? 1250 : 0) };
      case 'StartCampaign': {
        const answer = start(op);
        if (!(answer instanceof Refusal)) started = true;
        return answer;
      }
      default:
        throw new Error(`unexpected ${op.operationName}`);
    }
  };
}

const dialog = () => dom.container.querySelector('dialog');
const budget = () => labelled(dialog()!, 'Budget total (€)')!;
const days = () => labelled(dialog()!, 'Nombre de jours')!;
const named = (operation: string, sent: SentOperation[]) => sent.filter((op) => op.operationName === operation);

/** Opens 'Mettre en avant' of the gratin and waits for its form. */
async function openForm() {
  await click(buttonNamed(dom.container, 'Mettre en avant Gratin dauphinois')!);
  return until(() => (dialog() && labelled(dialog()!, 'Budget total (€)') ? dialog() : null), 'the campaign form');
}

async function fill(budgetText: string, daysText: string) {
  await typeInto(budget(), budgetText);
  await typeInto(days(), daysText);
}

const submit = () => click(buttonNamed(dialog()!, 'Lancer la mise en avant')!);

describe("'Mettre en avant' a dish of the 'Plats' tab", () => {
  beforeEach(() => window.history.replaceState(null, '', '/cook/dashboard?onglet=plats'));

  it('is off for a sold-out dish, and says why', async () => {
    await mountWithBff(dom, <MealsTab cookId="u1" />, bff());
    const soldOut = buttonNamed(dom.container, 'Mettre en avant Tarte aux pommes')!;
    expect(soldOut.disabled).toBe(true);
    const reason = document.getElementById(soldOut.getAttribute('aria-describedby')!);
    expect(reason?.textContent).toMatch(/^Ce plat est épuisé/);
    expect(buttonNamed(dom.container, 'Mettre en avant Gratin dauphinois')!.disabled).toBe(false);
  });

  it('opens a dialog with the balance, the price per 1 000 displays, the daily budget as typed and where the money goes', async () => {
    const sent = await mountWithBff(dom, <MealsTab cookId="u1" />, bff());
    const form = await openForm();
    expect(form.getAttribute('aria-labelledby')).toBeTruthy();
    expect(document.getElementById(form.getAttribute('aria-labelledby')!)?.textContent).toBe('Mettre en avant « Gratin dauphinois »');
    expect(form.querySelector('[data-testid="campaign-available"]')?.textContent).toBe('40,00\u00a0€');
    expect(form.querySelector('[data-testid="campaign-cpm"]')?.textContent).toBe('5,00\u00a0€');
    expect(form.textContent).toContain('Le budget est prélevé dès maintenant sur votre solde disponible');
    expect(form.textContent).toContain('revient sur votre solde disponible à la fin de la mise en avant, ou quand vous l’arrêtez');
    expect(document.activeElement).toBe(budget());

    const daily = () => form.querySelector('[data-testid="campaign-daily"]')?.textContent;
    expect(daily()).toBe('—');
    await fill('12,50', '5');
    expect(daily()).toBe('2,50\u00a0€');
    // 20 € over 7 days: shares of 2,85 € and 2,86 € that add up to the budget.
    await fill('20', '7');
    expect(daily()).toBe('2,85\u00a0€ à 2,86\u00a0€');
    expect(form.textContent).toContain('jusqu’à 570 affichages par jour');
    expect(named('StartCampaign', sent)).toEqual([]);
  });

  it('closes on Escape and on « Annuler », giving the focus back to its button', async () => {
    await mountWithBff(dom, <MealsTab cookId="u1" />, bff());
    const trigger = buttonNamed(dom.container, 'Mettre en avant Gratin dauphinois')!;
    await openForm();
    await act(async () => budget().dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(trigger);

    await openForm();
    await click(buttonNamed(dialog()!, 'Annuler')!);
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('checks the budget and the days with the shared rules before sending anything', async () => {
    const sent = await mountWithBff(dom, <MealsTab cookId="u1" />, bff());
    await openForm();

    await fill('2', '7');
    await submit();
    expect(fieldError(budget())).toBe(AD_FORM_MESSAGES.budgetMin);
    expect(budget().getAttribute('aria-invalid')).toBe('true');

    await fill('40', '31');
    await submit();
    expect(fieldError(days())).toBe(AD_FORM_MESSAGES.daysInvalid);
    expect(fieldError(budget())).toBeNull();

    // 5 € over 10 days is 0,50 € a day: too little.
    await fill('5', '10');
    await submit();
    expect(fieldError(budget())).toBe(AD_FORM_MESSAGES.dailyTooLow);
    expect(fieldError(days())).toBeNull();

    await fill('12,505', '5');
    await submit();
    expect(fieldError(budget())).toBe(AD_FORM_MESSAGES.budgetInvalid);
    expect(named('StartCampaign', sent)).toEqual([]);
  });

  it('shows a short balance at the budget field, focused, and keeps the dialog open', async () => {
    const short = 'Votre solde disponible (40,00 €) ne couvre pas ce budget.';
    const sent = await mountWithBff(
      dom,
      <MealsTab cookId="u1" />,
      bff(() => new Refusal(short, 'VALIDATION_FAILED', { budget_cents: short })),
    );
    await openForm();
    await fill('50', '5');
    await submit();
    expect(named('StartCampaign', sent)).toHaveLength(1);
    expect(fieldError(budget())).toBe(short);
    expect(document.activeElement).toBe(budget());
    expect(dialog()?.querySelector('[role="alert"]')).toBeNull();
    expect(dialog()).not.toBeNull();
  });

  it('shows a refusal no field carries (already running) in the form', async () => {
    const running = 'Ce plat est déjà mis en avant : arrêtez la mise en avant en cours pour en lancer une autre.';
    await mountWithBff(
      dom,
      <MealsTab cookId="u1" />,
      bff(() => new Refusal(running, 'CONFLICT')),
    );
    await openForm();
    await fill('20', '5');
    await submit();
    expect(dialog()?.querySelector('[role="alert"]')?.textContent).toBe(running);
  });

  it('starts the campaign in cents, busy while it is sent, then confirms and refreshes the campaigns and the balances', async () => {
    let release: () => void = () => {};
    const answer = bff();
    const sent = await mountWithBff(
      dom,
      <>
        <MealsTab cookId="u1" />
        <PayoutsTab />
      </>,
      (op) => (op.operationName === 'StartCampaign' ? new Promise((resolve) => (release = () => resolve(answer(op)))) : answer(op)),
    );
    expect(dom.container.querySelector('[data-testid="payout-advertising"]')).toBeNull();
    await openForm();
    await fill(' 12,50 € ', '5');
    await submit();
    const pending = [...dialog()!.querySelectorAll('button[type="submit"]')][0] as HTMLButtonElement;
    expect(pending.getAttribute('aria-busy')).toBe('true');
    expect(pending.disabled).toBe(true);
    expect(named('StartCampaign', sent).map((op) => op.variables)).toEqual([{ input: { meal_id: 'm1', budget_cents: 1250, days: 5 } }]);

    const payoutsBefore = named('CookPayouts', sent).length;
    await act(async () => release());
    await until(() => dialog() === null, 'the dialog closed');
    expect(document.body.textContent).toContain('« Gratin dauphinois » est mis en avant : 12,50\u00a0€ réservés sur votre solde.');
    expect(named('CookPayouts', sent).length).toBeGreaterThan(payoutsBefore);
    const held = await until(() => dom.container.querySelector('[data-testid="payout-advertising"]'), 'the amount held');
    expect(held.textContent).toBe('12,50\u00a0€');
    expect(held.parentElement?.querySelector('dt')?.textContent).toBe('Réservé pour les mises en avant');

    // Opened again: the dish is running, no second campaign is offered.
    await click(buttonNamed(dom.container, 'Mettre en avant Gratin dauphinois')!);
    await until(() => dialog()?.textContent?.includes('Ce plat est déjà mis en avant jusqu’au 8 mars 2026'), 'the running notice');
    expect(labelled(dialog()!, 'Budget total (€)')).toBeNull();
  });
});
