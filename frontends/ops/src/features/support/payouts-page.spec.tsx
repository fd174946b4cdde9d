// @vitest-environment jsdom
import { Refusal, renderWithBff, useReactTestRoot } from '@popote/ui/testing';
import { describe, expect, it } from 'vitest';
import { button, click, text, until } from '../reports/spec-helpers';
import { PayoutsPage } from './payouts-page';

const dom = useReactTestRoot();

const payout = (over: Record<string, unknown> = {}) => ({
  __typename: 'FailedPayout',
  payout_id: 'po1',
  cook_id: 'c1',
  cook_name: 'amina',
  amount_cents: 4250,
  failure: 'refused',
  reason: 'Compte bancaire fermé',
  created_at: '2026-12-05T08:00:00.000Z',
  updated_at: '2026-12-06T09:30:00.000Z',
  ...over,
});

const rows = () => [...dom.container.querySelectorAll<HTMLTableRowElement>('[data-testid="payout-row"]')];
const cells = (row: HTMLTableRowElement) => [...row.cells].map((cell) => cell.textContent.replace(/\s+/g, ' ').trim());

describe("the console's failed payouts", () => {
  it('lists them under French headers: the cook, the amount, how it failed, why and when (Paris)', async () => {
    await renderWithBff(dom, <PayoutsPage />, () => ({
      failedPayouts: [
        payout(),
        payout({ payout_id: 'po2', cook_name: '', cook_id: 'c9', failure: 'bank', reason: null, amount_cents: 800 }),
      ],
    }));
    await until(() => rows().length === 2, 'the rows');
    expect(dom.container.querySelector('h1')?.textContent).toBe('Versements échoués');
    expect([...dom.container.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual([
      'Cuisinier',
      'Montant',
      'Échec',
      'Motif',
      'Date (heure de Paris)',
    ]);
    expect(rows().map(cells)).toEqual([
      ['amina', '42,50 €', 'Refusé par le prestataire', 'Compte bancaire fermé', '06/12/2026 10:30'],
      ['c9', '8,00 €', 'Échec à la banque', '—', '06/12/2026 10:30'],
    ]);
    expect(dom.container.querySelector('[role="region"]')?.getAttribute('aria-label')).toBe('Versements en échec');
  });

  it('says when none failed', async () => {
    await renderWithBff(dom, <PayoutsPage />, () => ({ failedPayouts: [] }));
    await until(() => text(dom).includes('Aucun versement en échec.'), 'the empty state');
  });

  it('shows the load error with « Réessayer », which asks again', async () => {
    let fail = true;
    await renderWithBff(dom, <PayoutsPage />, () =>
      fail ? new Refusal('Service indisponible', 'INTERNAL') : { failedPayouts: [payout()] },
    );
    await until(() => text(dom).includes('Erreur lors du chargement des versements'), 'the error');
    fail = false;
    await click(button(dom, 'Réessayer')!);
    await until(() => rows().length === 1, 'the rows after the retry');
  });
});
