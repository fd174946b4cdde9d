// @vitest-environment jsdom
import { MODERATION_MESSAGES } from '@popote/rules';
import { Refusal, renderWithBff, settle, SIGNED_IN_CONSUMER, useReactTestRoot, type SentOperation } from '@popote/ui/testing';
import { act, type ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ReportButton } from './report-button';
import type { ReportSubject } from './report-dialog';

const dom = useReactTestRoot();

const DISH: ReportSubject = { kind: 'meal', id: 'meal-1', label: 'Tajine de poulet' };
const THANKS = 'Merci, votre signalement a été envoyé. Vous recevrez un accusé de réception par email.';
const CERTIFY = 'Je certifie que les informations de ce signalement sont exactes et complètes';

/** The BFF: `me` (null: signed out), and `report` answering reportContent. */
function bff(
  me: unknown,
  report: (op: SentOperation) => unknown = () => ({ reportContent: { __typename: 'ReportReceipt', report_id: 'r-1' } }),
) {
  return (op: SentOperation) => {
    if (op.operationName === 'Me') return { me };
    if (op.operationName === 'ReportContent') return report(op);
    throw new Error(`unexpected ${op.operationName}`);
  };
}

const mount = (ui: ReactNode, answer: (op: SentOperation) => unknown) => renderWithBff(dom, ui, answer);
const dialog = () => dom.container.querySelector('dialog');
const trigger = (name = 'Signaler ce plat') => dom.container.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`);
const buttonIn = (root: ParentNode, name: string) =>
  [...root.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s+/g, ' ').trim() === name) ?? null;
/** The control a `<label>` names (by `for`, or the one it wraps), by the label's text. */
const control = (label: string) => {
  const found = [...(dialog()?.querySelectorAll('label') ?? [])].find((l) => l.textContent?.trim() === label);
  if (!found) return null;
  return (found.htmlFor ? document.getElementById(found.htmlFor) : found.querySelector('input')) as
    HTMLInputElement | HTMLTextAreaElement | null;
};
/** The error shown for a control or a group (its `aria-describedby` `…-error`). */
const errorOf = (element: Element) => {
  const id = element
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((part) => part.endsWith('-error'));
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
};
const click = async (element: HTMLElement) => {
  await act(async () => element.click());
  await settle();
};
/** Types as a person does (React and react-hook-form listen to the input event). */
const typeInto = (element: HTMLInputElement | HTMLTextAreaElement, value: string) =>
  act(async () => {
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), 'value')!.set!.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
const reports = (sent: SentOperation[]) => sent.filter((op) => op.operationName === 'ReportContent');

/** Clicks 'Signaler…' and waits for the dialog's form (the dialog is a lazy chunk). */
async function open(name = 'Signaler ce plat') {
  await click(trigger(name)!);
  for (let i = 0; i < 60 && !dialog()?.querySelector('form'); i += 1) await settle();
  expect(dialog()?.querySelector('form'), 'the report form').not.toBeNull();
  return dialog()!;
}

async function fill({ email, certify = true }: { email?: string; certify?: boolean }) {
  await click(control('Sécurité alimentaire') as HTMLInputElement);
  await typeInto(control('Expliquez ce qui ne va pas')!, 'Le plat sentait mauvais et était tiède.');
  if (email !== undefined) await typeInto(control('Votre adresse email')!, email);
  if (certify) await click(control(CERTIFY) as HTMLInputElement);
}

const submit = () => click(buttonIn(dialog()!, 'Envoyer le signalement')!);

describe("'Signaler' a dish, a cook or a review", () => {
  beforeEach(() => window.history.replaceState(null, '', '/meals/meal-1'));

  it('signed out: asks for an address and the certification before sending, then thanks inside the dialog', async () => {
    const sent = await mount(<ReportButton subject={DISH} ownerId="cook-1" />, bff(null));
    const button = trigger()!;
    expect(button.textContent).toBe('Signaler');
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    const box = await open();
    expect(document.getElementById(box.getAttribute('aria-labelledby')!)?.textContent).toBe('Signaler un contenu');
    expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toBe(
      "Votre signalement est examiné par une personne de l'équipe Popote. Signaler de mauvaise foi peut engager votre responsabilité.",
    );
    expect(box.textContent).toContain('Plat : Tajine de poulet');
    // The six reasons, as radio buttons in a named group.
    const group = box.querySelector('fieldset')!;
    expect(group.querySelector('legend')?.textContent).toBe('Motif du signalement');
    expect([...group.querySelectorAll('input[type="radio"]')].map((r) => r.parentElement?.textContent)).toEqual([
      'Sécurité alimentaire',
      'Allergènes non déclarés',
      'Produit illégal',
      'Fraude ou arnaque',
      'Contenu choquant ou injurieux',
      'Autre',
    ]);

    // Empty: every rule in French next to its field, the first one focused, nothing sent.
    await submit();
    expect(errorOf(group)).toBe(MODERATION_MESSAGES.reasonRequired);
    expect(errorOf(control('Expliquez ce qui ne va pas')!)).toBe(MODERATION_MESSAGES.explanationMin);
    expect(errorOf(control('Votre adresse email')!)).toBe(MODERATION_MESSAGES.emailRequired);
    expect(errorOf(control(CERTIFY)!)).toBe('Cochez cette case pour certifier votre signalement');
    expect(document.activeElement).toBe(control('Sécurité alimentaire'));
    expect(reports(sent)).toEqual([]);

    // Everything but the certification: still nothing sent.
    await fill({ email: 'pas-une-adresse', certify: false });
    await submit();
    expect(errorOf(control('Votre adresse email')!)).toBe(MODERATION_MESSAGES.emailInvalid);
    expect(errorOf(control(CERTIFY)!)).toBe('Cochez cette case pour certifier votre signalement');
    expect(reports(sent)).toEqual([]);

    await typeInto(control('Votre adresse email')!, ' Camille@Popote.test ');
    await click(control(CERTIFY) as HTMLInputElement);
    // The counter follows the explanation.
    expect(box.textContent).toContain('39 / 2000 caractères');
    await submit();
    expect(reports(sent).map((op) => op.variables)).toEqual([
      {
        input: {
          target_kind: 'meal',
          target_id: 'meal-1',
          reason: 'food_safety',
          explanation: 'Le plat sentait mauvais et était tiède.',
          contact_email: 'camille@popote.test',
        },
      },
    ]);
    expect(box.querySelector('form')).toBeNull();
    expect(box.textContent).toContain(THANKS);
    expect(document.activeElement?.textContent).toBe(THANKS);

    await click(buttonIn(box, 'Fermer')!);
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(trigger());
  });

  it('signed in: no address asked (the account’s is used), the certification still required', async () => {
    const sent = await mount(<ReportButton subject={DISH} ownerId="cook-1" />, bff(SIGNED_IN_CONSUMER));
    const box = await open();
    expect(control('Votre adresse email')).toBeNull();
    expect(box.textContent).toContain('L’accusé de réception et la suite donnée vous seront envoyés à lea@popote.test.');

    await fill({ certify: false });
    await submit();
    expect(errorOf(control(CERTIFY)!)).toBe('Cochez cette case pour certifier votre signalement');
    expect(document.activeElement).toBe(control(CERTIFY));
    expect(reports(sent)).toEqual([]);

    await click(control(CERTIFY) as HTMLInputElement);
    await submit();
    expect(reports(sent).map((op) => op.variables['input'])).toEqual([
      { target_kind: 'meal', target_id: 'meal-1', reason: 'food_safety', explanation: 'Le plat sentait mauvais et était tiède.' },
    ]);
    expect(box.textContent).toContain(THANKS);
  });

  it("shows the server's refusal in the dialog (or next to its field) and keeps what was typed", async () => {
    const already = 'Vous avez déjà signalé ce contenu : il est en cours d’examen';
    let answer: unknown = new Refusal(already, 'CONFLICT');
    const sent = await mount(
      <ReportButton subject={DISH} />,
      bff(SIGNED_IN_CONSUMER, () => answer),
    );
    const box = await open();
    await fill({});
    await submit();
    expect(box.querySelector('[role="alert"]')?.textContent).toBe(already);
    expect(box.querySelector('form')).not.toBeNull();
    expect((control('Expliquez ce qui ne va pas') as HTMLTextAreaElement).value).toBe('Le plat sentait mauvais et était tiède.');

    const tooLong = 'L’explication ne doit pas dépasser 2000 caractères';
    answer = new Refusal('Données invalides', 'VALIDATION_FAILED', { explanation: tooLong });
    await submit();
    expect(reports(sent)).toHaveLength(2);
    expect(errorOf(control('Expliquez ce qui ne va pas')!)).toBe(tooLong);
    expect(document.activeElement).toBe(control('Expliquez ce qui ne va pas'));
    expect(box.querySelector('[role="alert"]')).toBeNull();
  });

  it('a review is reported with the cook whose page shows it; Escape closes and gives the focus back', async () => {
    const sent = await mount(
      <ReportButton subject={{ kind: 'review', id: 'rev-1', label: 'Camille', cookId: 'cook-1' }} />,
      bff(SIGNED_IN_CONSUMER),
    );
    let box = await open('Signaler cet avis');
    expect(box.textContent).toContain('Avis de Camille');
    await act(async () => box.querySelector('textarea')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(trigger('Signaler cet avis'));

    box = await open('Signaler cet avis');
    await fill({});
    await submit();
    expect(reports(sent)[0]?.variables['input']).toMatchObject({ target_kind: 'review', target_id: 'rev-1', cook_id: 'cook-1' });
  });

  it('is not offered to the cook on their own dish or page', async () => {
    await mount(
      <>
        <ReportButton subject={DISH} ownerId={SIGNED_IN_CONSUMER.user.user_id} />
        <ReportButton subject={{ kind: 'cook', id: 'cook-2', label: 'Amina' }} ownerId="cook-2" />
      </>,
      bff(SIGNED_IN_CONSUMER),
    );
    expect(trigger('Signaler ce plat')).toBeNull();
    expect(trigger('Signaler ce cuisinier')).not.toBeNull();
  });
});
