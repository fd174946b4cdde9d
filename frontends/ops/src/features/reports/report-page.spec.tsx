// @vitest-environment jsdom
import { Route, Router } from '@popote/router';
import { Refusal, renderWithBff, settle, useReactTestRoot, type SentOperation } from '@popote/ui/testing';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it } from 'vitest';
import { ReportPage } from './report-page';
import { button, click, control, decisionData, reportData, text, type, until } from './spec-helpers';

const dom = useReactTestRoot();

const STATEMENT = 'Plusieurs clients signalent une intoxication après ce plat : il est retiré de la vente.';

const detail = (over: Record<string, unknown> = {}) => ({
  moderationReport: {
    __typename: 'ReportDetail',
    report: reportData(1, { contact_email: 'temoin@exemple.fr', reporter_user_id: null }),
    same_item: [reportData(2, { reason: 'undeclared_allergens', explanation: 'Des noix non déclarées.' })],
    reporter_history: { __typename: 'ReporterHistory', reports: 4, actioned: 1 },
    owner_history: [decisionData('d0', { action: 'no_action', appeal_until: null, item: { ...decisionData('d0').item, label: 'Quiche' } })],
    decision: null,
    current_text: 'Tarte maison 1, pommes du jardin (recette modifiée).',
    actions: ['no_action', 'hide_meal', 'suspend_cook'],
    ...over,
  },
});

async function open(answer: (op: SentOperation) => unknown) {
  const location = memoryLocation({ path: '/console/signalements/r1' });
  return renderWithBff(
    dom,
    <Router hook={location.hook}>
      <Route path="/console/signalements/:reportId">
        <ReportPage />
      </Route>
    </Router>,
    answer,
  );
}

const radios = () => [...dom.container.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
const radioLabels = () => radios().map((radio) => radio.closest('label')!.textContent.trim());
const statement = () => control<HTMLTextAreaElement>(dom, 'Motivation de la décision')!;
const decisions = (sent: SentOperation[]) => sent.filter((op) => op.operationName === 'DecideReport');

describe("a report's page", () => {
  it('shows the item as reported beside today’s, the report, the other reports and both histories', async () => {
    const sent = await open(() => detail());
    await until(() => text(dom).includes('Tel que signalé'), 'the page');
    expect(sent[0]!.variables).toEqual({ report_id: 'r1' });
    expect(dom.container.querySelector('h1')?.textContent).toBe('Examen d’un signalement');
    expect(dom.container.querySelector('[data-testid="item-as-reported"]')?.textContent).toBe('Tarte maison 1, pommes du jardin.');
    expect(dom.container.querySelector('[data-testid="item-today"]')?.textContent).toBe(
      'Tarte maison 1, pommes du jardin (recette modifiée).',
    );
    const publicLink = [...dom.container.querySelectorAll('a')].find((a) => a.getAttribute('href') === '/meals/m1')!;
    expect(publicLink.textContent).toBe('Voir la page publique (nouvel onglet)');
    expect(publicLink.target).toBe('_blank');
    expect(publicLink.rel).toContain('noopener');
    expect(text(dom)).toContain('Sécurité alimentaire');
    expect(text(dom)).toContain('temoin@exemple.fr');
    expect(text(dom)).toContain('Le plat 1 sentait mauvais à la livraison.');
    expect(dom.container.querySelector('[data-testid="same-item-report"]')?.textContent).toContain('Des noix non déclarées.');
    expect(text(dom)).toContain('4 signalements, dont 1 suivi d’une mesure');
    expect(dom.container.querySelector('[data-testid="owner-decision"]')?.textContent).toContain('Aucune mesure · Plat : Quiche');
    expect([...dom.container.querySelectorAll('h2')].map((h) => h.textContent)).toEqual([
      'Contenu signalé',
      'Le signalement',
      'Autres signalements de ce contenu',
      'Historique de la personne qui signale',
      'Décisions précédentes sur les contenus du même propriétaire',
      'Décision',
    ]);
    expect(dom.container.querySelector('a[href="/console/signalements"]')?.textContent).toBe('Retour aux signalements');
  });

  it('offers only the measures of the item’s kind, in French', async () => {
    await open(() => detail({ actions: ['no_action', 'remove_review'] }));
    await until(() => radios().length === 2, 'the measures');
    expect(radioLabels()).toEqual(['Aucune mesure', 'Avis retiré']);
    expect(dom.container.querySelector('fieldset legend')?.textContent).toBe('Mesure');
  });

  it('requires a measure and a statement of at least 20 characters before sending anything', async () => {
    const sent = await open(() => detail());
    await until(() => radios().length === 3, 'the form');
    expect(statement().maxLength).toBe(4000);
    expect(text(dom)).toContain('Envoyée à la personne concernée : faits, motif, mesure. Ne nommez pas la personne qui a signalé.');
    expect(text(dom)).toContain('0 / 4000 caractères');
    await click(button(dom, 'Décider')!);
    await until(() => text(dom).includes('Choisissez une mesure'), 'the measure’s message');
    expect(text(dom)).toContain('La motivation doit compter au moins 20 caractères');
    await type(statement(), '   trop court        ');
    expect(text(dom)).toContain('21 / 4000 caractères');
    await click(radios()[0]!);
    await click(button(dom, 'Décider')!);
    await settle();
    expect(text(dom)).toContain('La motivation doit compter au moins 20 caractères');
    expect(statement().getAttribute('aria-invalid')).toBe('true');
    expect(decisions(sent)).toEqual([]);
  });

  it('« Aucune mesure » is decided at once; the decision then shows in place of the form', async () => {
    let decision: unknown = null;
    const sent = await open((op) => {
      if (op.operationName !== 'DecideReport') return detail({ decision });
      decision = decisionData('d1', { action: 'no_action', appeal_until: null, statement: op.variables['statement'] });
      return { decideReport: decision };
    });
    await until(() => radios().length === 3, 'the form');
    await click(radios().find((r) => r.value === 'no_action')!);
    await type(statement(), `  ${STATEMENT}  `);
    await click(button(dom, 'Décider')!);
    await until(() => dom.container.querySelector('[data-testid="decision"]'), 'the decision');
    expect(decisions(sent).map((op) => op.variables)).toEqual([{ report_id: 'r1', action: 'no_action', statement: STATEMENT }]);
    const summary = dom.container.querySelector('[data-testid="decision"]')!.textContent;
    expect(summary).toContain('Aucune mesure');
    expect(summary).toContain(STATEMENT);
    expect(summary).toContain('Aucun recours possible : rien n’a été restreint');
    expect(radios()).toEqual([]);
    expect(document.activeElement?.textContent).toBe('Aucune mesure');
    expect(document.body.textContent).toContain('Décision enregistrée');
  });

  it('a restrictive measure asks « Confirmer : <mesure> » first; « Annuler » goes back', async () => {
    const sent = await open((op) =>
      op.operationName === 'DecideReport' ? { decideReport: decisionData('d1', { statement: STATEMENT }) } : detail(),
    );
    await until(() => radios().length === 3, 'the form');
    await click(radios().find((r) => r.value === 'hide_meal')!);
    await type(statement(), STATEMENT);
    await click(button(dom, 'Décider')!);
    const confirm = await until(() => button(dom, 'Confirmer : Plat retiré de la vente'), 'the confirmation');
    expect(document.activeElement).toBe(confirm);
    expect(decisions(sent)).toEqual([]);
    await click(button(dom, 'Annuler')!);
    expect(button(dom, 'Confirmer : Plat retiré de la vente')).toBeNull();
    expect(document.activeElement).toBe(button(dom, 'Décider'));

    // Another measure asks again, naming it.
    await click(button(dom, 'Décider')!);
    await until(() => button(dom, 'Confirmer : Plat retiré de la vente'), 'the confirmation again');
    await click(radios().find((r) => r.value === 'suspend_cook')!);
    expect(button(dom, 'Confirmer : Plat retiré de la vente')).toBeNull();
    await click(button(dom, 'Décider')!);
    await click(await until(() => button(dom, 'Confirmer : Compte cuisinier suspendu'), 'the new confirmation'));
    await until(() => decisions(sent).length === 1, 'the decision sent');
    expect(decisions(sent)[0]!.variables).toEqual({ report_id: 'r1', action: 'suspend_cook', statement: STATEMENT });
  });

  it('already decided (CONFLICT): says so and reads the report again, which shows the decision', async () => {
    let decided = false;
    const sent = await open((op) => {
      if (op.operationName === 'DecideReport') {
        decided = true;
        return new Refusal('Ce signalement a déjà été traité', 'CONFLICT');
      }
      return decided ? detail({ decision: decisionData('d9', { operator_id: 'op_2' }) }) : detail();
    });
    await until(() => radios().length === 3, 'the form');
    await click(radios().find((r) => r.value === 'no_action')!);
    await type(statement(), STATEMENT);
    await click(button(dom, 'Décider')!);
    await until(() => dom.container.querySelector('[data-testid="decision"]'), 'the other decision');
    expect(document.body.textContent).toContain('Ce signalement a déjà été traité');
    expect(dom.container.querySelector('[data-testid="decision"]')!.textContent).toContain('Plat retiré de la vente');
    expect(sent.filter((op) => op.operationName === 'ModerationReport').length).toBeGreaterThanOrEqual(2);
  });

  it("shows the server's field message next to the statement", async () => {
    await open((op) =>
      op.operationName === 'DecideReport'
        ? new Refusal('Données invalides', 'VALIDATION_FAILED', { statement: 'La motivation ne doit pas dépasser 4000 caractères' })
        : detail(),
    );
    await until(() => radios().length === 3, 'the form');
    await click(radios()[0]!);
    await type(statement(), STATEMENT);
    await click(button(dom, 'Décider')!);
    await until(() => text(dom).includes('La motivation ne doit pas dépasser 4000 caractères'), 'the field message');
    expect(document.activeElement).toBe(statement());
  });

  it('a decided report shows its decision and the appeal’s state, and no form', async () => {
    await open(() =>
      detail({
        decision: decisionData('d1', {
          appeal: {
            __typename: 'Appeal',
            at: '2026-12-03T09:00:00.000Z',
            text: 'Ma tarte est saine.',
            status: 'open',
            statement: null,
            decided_at: null,
          },
        }),
      }),
    );
    const summary = await until(() => dom.container.querySelector('[data-testid="decision"]'), 'the decision');
    expect(summary.textContent).toContain('Plat retiré de la vente');
    expect(summary.textContent).toContain('01/12/2026 11:00');
    expect(summary.textContent).toContain('Recours en cours d’examen');
    expect(summary.textContent).toContain('Ma tarte est saine.');
    expect(radios()).toEqual([]);
  });

  it('an unknown report says so', async () => {
    await open(() => new Refusal('Signalement introuvable', 'NOT_FOUND'));
    await until(() => text(dom).includes('Signalement introuvable'), 'the message');
  });
});
