// @vitest-environment jsdom
import { MODERATION_MESSAGES } from '@popote/rules';
import { Refusal, renderWithBff, settle, useReactTestRoot, type SentOperation } from '@popote/ui/testing';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { ModerationCard } from './moderation-card';

const dom = useReactTestRoot();

const DAY = 86_400_000;
const iso = (fromNow: number) => new Date(Date.now() + fromNow).toISOString();

const decision = (over: Record<string, unknown> = {}) => ({
  __typename: 'ModerationDecision',
  decision_id: 'd-r1',
  decided_at: iso(-2 * DAY),
  target_kind: 'meal',
  target_id: 'meal-1',
  item: { __typename: 'ReportedItem', label: 'Tajine de poulet', path: '/meals/meal-1' },
  action: 'hide_meal',
  reason: 'undeclared_allergens',
  statement: 'La photo montre des noix, absentes de la liste des allergènes.',
  appeal_until: iso(180 * DAY),
  appeal: null,
  ...over,
});

const appeal = (over: Record<string, unknown> = {}) => ({
  __typename: 'Appeal',
  status: 'open',
  text: 'Les noix ont été retirées de la recette.',
  at: iso(-DAY),
  statement: null,
  decided_at: null,
  ...over,
});

/** The BFF: the decisions (read again after an appeal), and `appealed` answering appealDecision. */
function bff(decisions: unknown[], appealed: (op: SentOperation) => unknown = () => ({})) {
  return (op: SentOperation) => {
    if (op.operationName === 'MyModerationDecisions') return { myModerationDecisions: decisions };
    if (op.operationName === 'AppealDecision') return appealed(op);
    throw new Error(`unexpected ${op.operationName}`);
  };
}

const card = () => dom.container.querySelector('section#moderation');
const button = (name: string) => [...dom.container.querySelectorAll('button')].find((b) => b.textContent?.trim() === name) ?? null;
const click = async (element: HTMLElement) => {
  await act(async () => element.click());
  await settle();
};
const typeInto = (element: HTMLTextAreaElement, value: string) =>
  act(async () => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
const errorOf = (element: Element) => {
  const id = element
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((part) => part.endsWith('-error'));
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
};
const appeals = (sent: SentOperation[]) => sent.filter((op) => op.operationName === 'AppealDecision');

describe("the profile's 'Décisions de modération' card", () => {
  it('is not there for a person without decisions', async () => {
    const sent = await renderWithBff(dom, <ModerationCard />, bff([]));
    expect(sent.map((op) => op.operationName)).toEqual(['MyModerationDecisions']);
    expect(card()).toBeNull();
    expect(dom.container.querySelector('section')).toBeNull();
  });

  it('shows the decision, its measure, reason and statement, with a link to the item', async () => {
    await renderWithBff(dom, <ModerationCard />, bff([decision()]));
    const section = card()!;
    expect(section.querySelector('h2')?.textContent).toBe('Décisions de modération');
    const link = section.querySelector('h3 a')!;
    expect(link.textContent).toBe('Tajine de poulet');
    expect(link.getAttribute('href')).toBe('/meals/meal-1');
    const facts = Object.fromEntries(
      [...section.querySelectorAll('dl > div')].map((row) => [row.querySelector('dt')?.textContent, row.querySelector('dd')?.textContent]),
    );
    expect(facts['Mesure']).toBe('Plat retiré de la vente');
    expect(facts['Motif du signalement']).toBe('Allergènes non déclarés');
    expect(facts['Motifs de la décision']).toBe('La photo montre des noix, absentes de la liste des allergènes.');
    expect(facts['Date de la décision']).toMatch(/^\d{1,2} \p{L}+ \d{4}$/u);
    expect(section.textContent).toContain('Vous pouvez former un recours jusqu’au');
  });

  it("offers 'Former un recours' only within the window and without an appeal", async () => {
    await renderWithBff(
      dom,
      <ModerationCard />,
      bff([
        decision({ decision_id: 'd-open' }),
        decision({ decision_id: 'd-late', appeal_until: iso(-DAY) }),
        decision({ decision_id: 'd-none', action: 'no_action', appeal_until: null }),
        decision({ decision_id: 'd-appealed', appeal: appeal() }),
        decision({
          decision_id: 'd-upheld',
          appeal: appeal({ status: 'upheld', statement: 'La recette publiée contient toujours des noix.', decided_at: iso(-1000) }),
        }),
        decision({
          decision_id: 'd-reversed',
          appeal: appeal({ status: 'reversed', statement: 'Recette corrigée.', decided_at: iso(-1000) }),
        }),
      ]),
    );
    const items = [...card()!.querySelectorAll('li')];
    const offers = items.map((item) => [...item.querySelectorAll('button')].some((b) => b.textContent === 'Former un recours'));
    expect(offers).toEqual([true, false, false, false, false, false]);
    expect(items[1]?.textContent).toContain('Le délai de recours a pris fin le');
    expect(items[2]?.textContent).toContain('Aucune mesure');
    expect(items[2]?.textContent).toContain('il n’y a pas de recours à former');
    expect(items[3]?.textContent).toContain("Recours en cours d'examen");
    expect(items[3]?.textContent).toContain('Les noix ont été retirées de la recette.');
    expect(items[4]?.textContent).toContain('Recours rejeté');
    expect(items[4]?.textContent).toContain('La recette publiée contient toujours des noix.');
    expect(items[5]?.textContent).toContain('Recours accepté : la mesure est levée');
  });

  it('sends the appeal (checked first), then shows it in its place, focused', async () => {
    const sent = await renderWithBff(
      dom,
      <ModerationCard />,
      bff([decision()], (op) => ({ appealDecision: decision({ appeal: appeal({ text: op.variables['text'], at: iso(0) }) }) })),
    );
    const open = button('Former un recours')!;
    await click(open);
    const text = card()!.querySelector('textarea')!;
    expect(document.activeElement).toBe(text);
    expect(text.labels[0]?.textContent).toBe('Votre recours');

    // 'Annuler' gives the focus back to the button.
    await click(button('Annuler')!);
    expect(card()!.querySelector('textarea')).toBeNull();
    expect(document.activeElement).toBe(button('Former un recours'));

    await click(button('Former un recours')!);
    await click(button('Envoyer le recours')!);
    expect(errorOf(card()!.querySelector('textarea')!)).toBe(MODERATION_MESSAGES.appealMin);
    expect(appeals(sent)).toEqual([]);

    await typeInto(card()!.querySelector('textarea')!, 'Les noix ont été retirées de la recette.');
    expect(card()!.textContent).toContain('40 / 4000 caractères');
    await click(button('Envoyer le recours')!);
    expect(appeals(sent).map((op) => op.variables)).toEqual([{ decision_id: 'd-r1', text: 'Les noix ont été retirées de la recette.' }]);
    // The answer updates the decision (keyed by its id): its card shows the appeal, no button.
    expect(card()!.querySelector('textarea')).toBeNull();
    expect(button('Former un recours')).toBeNull();
    expect(document.activeElement?.textContent).toBe("Recours en cours d'examen");
    expect(card()!.textContent).toContain('Les noix ont été retirées de la recette.');
    expect(document.body.textContent).toContain('Votre recours a été envoyé.');
  });

  it("shows the server's refusal in the form and reads the decisions again", async () => {
    const once = 'Vous avez déjà formé un recours contre cette décision';
    const sent = await renderWithBff(
      dom,
      <ModerationCard />,
      bff([decision()], () => new Refusal(once, 'CONFLICT')),
    );
    await click(button('Former un recours')!);
    await typeInto(card()!.querySelector('textarea')!, 'Les noix ont été retirées de la recette.');
    await click(button('Envoyer le recours')!);
    expect(card()!.querySelector('[role="alert"]')?.textContent).toBe(once);
    expect(sent.filter((op) => op.operationName === 'MyModerationDecisions').length).toBeGreaterThanOrEqual(2);
  });
});
