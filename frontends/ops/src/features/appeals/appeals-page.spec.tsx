// @vitest-environment jsdom
import { Refusal, renderWithBff, useReactTestRoot, type SentOperation } from '@popote/ui/testing';
import { describe, expect, it } from 'vitest';
import { button, click, control, decisionData, text, type, until } from '../reports/spec-helpers';
import { AppealsPage } from './appeals-page';

const dom = useReactTestRoot();

const STATEMENT = 'Les photos fournies montrent un plat conforme : la mesure est levée.';
const OPERATOR = { __typename: 'Operator', operator_id: 'op_2', name: 'Sam Ops', email: 'sam@popote.test' };

const appeal = (id: string) => ({
  __typename: 'Appeal',
  at: '2026-12-03T09:00:00.000Z',
  text: `Ma tarte ${id} est saine, voici les analyses.`,
  status: 'open',
  statement: null as string | null,
  decided_at: null as string | null,
});

const appealed = (id: string, over: Record<string, unknown> = {}) => decisionData(id, { appeal: appeal(id), ...over });

/** The BFF: the appeals waiting, the operator signed in, and `decide` for decideAppeal. */
function bff(appeals: unknown[], decide: (op: SentOperation) => unknown = () => ({})) {
  let list = appeals;
  return (op: SentOperation) => {
    if (op.operationName === 'ConsoleOperator') return { operator: OPERATOR };
    if (op.operationName === 'DecideAppeal') {
      const answer = decide(op);
      if (!(answer instanceof Refusal))
        list = list.filter((d) => (d as { decision_id: string }).decision_id !== op.variables['decision_id']);
      return answer;
    }
    return { moderationAppeals: list };
  };
}

const cases = () => [...dom.container.querySelectorAll<HTMLElement>('[data-testid="appeal"]')];
const radio = (scope: HTMLElement, label: string) =>
  [...scope.querySelectorAll<HTMLInputElement>('input[type="radio"]')].find((r) => r.closest('label')!.textContent.trim() === label)!;
const decided = (id: string, outcome: string) =>
  appealed(id, {
    appeal: { ...appeal(id), status: outcome, statement: STATEMENT, decided_at: '2026-12-08T09:00:00.000Z' },
    appeal_operator_id: 'op_2',
  });

describe("the console's appeals", () => {
  it('lists the appeals with the item, the measure, its statement and the appeal, each with its form', async () => {
    await renderWithBff(dom, <AppealsPage />, bff([appealed('d1'), appealed('d2', { action: 'remove_review', target_kind: 'review' })]));
    await until(() => cases().length === 2, 'the appeals');
    expect(dom.container.querySelector('h1')?.textContent).toBe('Recours');
    const first = cases()[0]!;
    expect(first.querySelector('h2')?.textContent).toBe('Plat : Tarte 1');
    expect(first.textContent).toContain('Plat retiré de la vente');
    expect(first.textContent).toContain('Le plat présente un risque sanitaire');
    expect(first.textContent).toContain('Ma tarte d1 est saine, voici les analyses.');
    expect(first.textContent).toContain('03/12/2026 10:00');
    expect(first.querySelector('a[href="/meals/m1"]')?.getAttribute('target')).toBe('_blank');
    expect([...first.querySelectorAll('input[type="radio"]')].map((r) => r.closest('label')!.textContent.trim())).toEqual([
      'Maintenir la mesure',
      'Lever la mesure',
    ]);
    expect(cases()[1]!.textContent).toContain('Avis retiré');
  });

  it('requires an outcome and a statement of at least 20 characters', async () => {
    const sent = await renderWithBff(dom, <AppealsPage />, bff([appealed('d1')]));
    await until(() => cases().length === 1, 'the appeal');
    await click(button(dom, 'Trancher le recours')!);
    await until(() => text(dom).includes('Choisissez l’issue du recours'), 'the outcome’s message');
    expect(text(dom)).toContain('La motivation doit compter au moins 20 caractères');
    expect(sent.filter((op) => op.operationName === 'DecideAppeal')).toEqual([]);
  });

  it('« Lever la mesure » sends decideAppeal, then the appeal leaves the list', async () => {
    const sent = await renderWithBff(
      dom,
      <AppealsPage />,
      bff([appealed('d1')], (op) => ({ decideAppeal: decided(op.variables['decision_id'] as string, op.variables['outcome'] as string) })),
    );
    await until(() => cases().length === 1, 'the appeal');
    await click(radio(cases()[0]!, 'Lever la mesure'));
    await type(control<HTMLTextAreaElement>(dom, 'Motivation de la décision sur le recours')!, STATEMENT);
    await click(button(dom, 'Trancher le recours')!);
    await until(() => text(dom).includes('Aucun recours en attente.'), 'the empty list');
    expect(sent.filter((op) => op.operationName === 'DecideAppeal').map((op) => op.variables)).toEqual([
      { decision_id: 'd1', outcome: 'reversed', statement: STATEMENT },
    ]);
    expect(document.body.textContent).toContain('Recours accepté : la mesure est levée');
  });

  it('shows the refusal of the services in French (the operator who decided may not decide the appeal)', async () => {
    await renderWithBff(
      dom,
      <AppealsPage />,
      bff([appealed('d1')], () => new Refusal('Un recours est tranché par un autre opérateur que l’auteur de la décision', 'FORBIDDEN')),
    );
    await until(() => cases().length === 1, 'the appeal');
    await click(radio(cases()[0]!, 'Maintenir la mesure'));
    await type(control<HTMLTextAreaElement>(dom, 'Motivation de la décision sur le recours')!, STATEMENT);
    await click(button(dom, 'Trancher le recours')!);
    const alert = await until(() => dom.container.querySelector('[role="alert"]'), 'the refusal');
    expect(alert.textContent).toBe('Un recours est tranché par un autre opérateur que l’auteur de la décision');
    expect(cases()).toHaveLength(1);
  });

  it('on their own decision, says another operator decides the appeal (no form)', async () => {
    await renderWithBff(dom, <AppealsPage />, bff([appealed('d1', { operator_id: 'op_2' })]));
    await until(() => cases().length === 1 && text(dom).includes('un autre opérateur que l’auteur'), 'the note');
    expect(button(dom, 'Trancher le recours')).toBeNull();
  });

  it('says when no appeal is waiting', async () => {
    await renderWithBff(dom, <AppealsPage />, bff([]));
    await until(() => text(dom).includes('Aucun recours en attente.'), 'the empty state');
  });

  it('shows the load error with « Réessayer »', async () => {
    await renderWithBff(dom, <AppealsPage />, (op) =>
      op.operationName === 'ConsoleOperator' ? { operator: OPERATOR } : new Refusal('Service indisponible', 'INTERNAL'),
    );
    await until(() => text(dom).includes('Erreur lors du chargement des recours'), 'the error');
    expect(button(dom, 'Réessayer')).not.toBeNull();
  });
});
