// @vitest-environment jsdom
import { Refusal, renderWithBff, useReactTestRoot, type SentOperation } from '@popote/ui/testing';
import { describe, expect, it } from 'vitest';
import { button, click, control, text, type, until } from '../reports/spec-helpers';
import { OfferPage } from './offer-page';

const dom = useReactTestRoot();

const REASON = 'Lancement de la campagne de printemps.';

const offerData = (over: Record<string, unknown> = {}) => ({
  __typename: 'PlatformOffer',
  value_cents: 500,
  min_basket_cents: 1500,
  state: 'active',
  uses: 12,
  discount_given_cents: 6000,
  updated_at: '2026-12-06T09:30:00.000Z',
  ...over,
});

const clean = (value: string | null | undefined) => (value ?? '').replace(/\s+/g, ' ').trim();
/** The offer's facts: each term with its value. */
const facts = () =>
  [...dom.container.querySelectorAll('[data-testid="offer-facts"] > div')].map((fact) => [
    clean(fact.querySelector('dt')?.textContent),
    clean(fact.querySelector('dd')?.textContent),
  ]);
const value = () => control(dom, 'Montant offert (en euros)')!;
const minimum = () => control(dom, 'Panier minimum (en euros)')!;
const reason = () => control<HTMLTextAreaElement>(dom, 'Motif (écrit dans le journal)')!;
const radio = (label: string) => control(dom, label)!;
const alerts = () => [...dom.container.querySelectorAll('[role="alert"]')].map((alert) => clean(alert.textContent));
const saves = (sent: SentOperation[]) => sent.filter((op) => op.operationName === 'SetPlatformOffer');
/** The field's error, as its `aria-describedby` reads it. */
const errorOf = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter((id) => id.endsWith('-error'))
    .map((id) => clean(document.getElementById(id)?.textContent))
    .join(' ');

/** A BFF whose offer is `initial`, changed by each save (its figures kept), the saves answered by `refuse` when it says so. */
function offerBff(initial: ReturnType<typeof offerData> | null, refuse: (op: SentOperation) => Refusal | undefined = () => undefined) {
  let offer = initial;
  return (op: SentOperation) => {
    if (op.operationName === 'SetPlatformOffer') {
      const refusal = refuse(op);
      if (refusal) return refusal;
      const input = op.variables['input'] as { value_cents: number; min_basket_cents: number; state: string };
      offer = offerData({
        uses: offer?.uses ?? 0,
        discount_given_cents: offer?.discount_given_cents ?? 0,
        value_cents: input.value_cents,
        min_basket_cents: input.min_basket_cents,
        state: input.state,
        updated_at: '2026-12-07T10:00:00.000Z',
      });
      return { setPlatformOffer: offer };
    }
    return { platformOffer: offer };
  };
}

describe("the console's first-order offer", () => {
  it('shows its state, settings, figures and last change (Paris), and says who pays it', async () => {
    await renderWithBff(dom, <OfferPage />, offerBff(offerData()));
    await until(() => facts().length > 0, 'the facts');
    expect(dom.container.querySelector('h1')?.textContent).toBe('Offre de bienvenue');
    expect(text(dom)).toContain('une seule fois par acheteur, sur sa première commande payée');
    expect(text(dom)).toContain('le cuisinier est payé au prix plein');
    expect([...dom.container.querySelectorAll('h2')].map((h) => h.textContent)).toEqual(['Offre en cours', 'Modifier l’offre']);
    expect(facts()).toEqual([
      ['État', 'Active'],
      ['Montant offert', '5,00 €'],
      ['Panier minimum', '15,00 €'],
      ['Premières commandes concernées', '12'],
      ['Réduction accordée', '60,00 €'],
      ['Dernière modification', '06/12/2026 10:30'],
    ]);
    // The form starts from the offer's settings, without a reason.
    expect(value().value).toBe('5');
    expect(minimum().value).toBe('15');
    expect(radio('Active').checked).toBe(true);
    expect(radio('En pause').checked).toBe(false);
    expect(reason().value).toBe('');
  });

  it("says 'En pause', and 'Jamais activée' when it was never set", async () => {
    await renderWithBff(dom, <OfferPage />, offerBff(offerData({ state: 'paused', min_basket_cents: 0 })));
    await until(() => facts().length > 0, 'the facts');
    expect(facts()[0]).toEqual(['État', 'En pause']);
    expect(facts()[2]).toEqual(['Panier minimum', 'Aucun']);
    expect(radio('En pause').checked).toBe(true);

    await renderWithBff(dom, <OfferPage />, offerBff(null));
    await until(() => text(dom).includes('Jamais activée'), 'the never-set state');
    expect(facts()).toEqual([['État', 'Jamais activée']]);
    expect(text(dom)).toContain('aucun acheteur n’en bénéficie');
    expect(value().value).toBe('');
    expect(radio('Active').checked).toBe(true);
  });

  it('checks the form in French with the services’ bounds, and sends nothing while it is wrong', async () => {
    const sent = await renderWithBff(dom, <OfferPage />, offerBff(null));
    await until(() => value(), 'the form');
    await click(button(dom, 'Enregistrer')!);
    expect(errorOf(value())).toBe('Indiquez un montant en euros, par exemple 5 ou 7,50 (deux décimales au plus)');
    expect(errorOf(minimum())).toBe('Indiquez un montant en euros, par exemple 5 ou 7,50 (deux décimales au plus)');
    expect(errorOf(reason())).toBe('Le motif est obligatoire (il est écrit dans le journal)');

    await type(value(), '0,50');
    await type(minimum(), '600');
    await type(reason(), '   ');
    await click(button(dom, 'Enregistrer')!);
    expect(errorOf(value())).toBe('L’offre de bienvenue doit être entre 1 et 50 €.');
    expect(errorOf(minimum())).toBe('Le panier minimum de l’offre doit être entre 0 et 500 €.');
    expect(errorOf(reason())).toBe('Le motif est obligatoire (il est écrit dans le journal)');

    await type(value(), '50,01');
    await click(button(dom, 'Enregistrer')!);
    expect(errorOf(value())).toBe('L’offre de bienvenue doit être entre 1 et 50 €.');
    expect(saves(sent)).toEqual([]);
  });

  it('sends the amounts in cents, the state and the reason; then says so and shows the new figures', async () => {
    const sent = await renderWithBff(dom, <OfferPage />, offerBff(offerData()));
    await until(() => value(), 'the form');
    await type(value(), '7,50 €');
    await type(minimum(), '0');
    await click(radio('En pause'));
    await type(reason(), `  ${REASON} `);
    await click(button(dom, 'Enregistrer')!);
    await until(() => saves(sent).length === 1, 'the save');
    expect(saves(sent)[0]!.variables).toEqual({ input: { value_cents: 750, min_basket_cents: 0, state: 'paused', reason: REASON } });

    await until(() => text(dom).includes('Offre de bienvenue enregistrée'), 'the toast');
    expect(facts()).toEqual([
      ['État', 'En pause'],
      ['Montant offert', '7,50 €'],
      ['Panier minimum', 'Aucun'],
      ['Premières commandes concernées', '12'],
      ['Réduction accordée', '60,00 €'],
      ['Dernière modification', '07/12/2026 11:00'],
    ]);
    // The new settings stay in the form; the reason was for this change only.
    expect(value().value).toBe('7,50');
    expect(minimum().value).toBe('0');
    expect(radio('En pause').checked).toBe(true);
    expect(reason().value).toBe('');
  });

  it('shows a first setting at once, and the BFF’s refusal in its own words', async () => {
    let refuse = true;
    const sent = await renderWithBff(
      dom,
      <OfferPage />,
      offerBff(null, () =>
        refuse ? new Refusal('Le panier minimum de l’offre doit être entre 0 et 500 €.', 'VALIDATION_FAILED') : undefined,
      ),
    );
    await until(() => value(), 'the form');
    await type(value(), '5');
    await type(minimum(), '15');
    await type(reason(), REASON);
    await click(button(dom, 'Enregistrer')!);
    await until(() => alerts().length > 0, 'the refusal');
    expect(alerts()).toEqual(['Le panier minimum de l’offre doit être entre 0 et 500 €.']);
    expect(facts()).toEqual([['État', 'Jamais activée']]);

    refuse = false;
    await click(button(dom, 'Enregistrer')!);
    await until(() => facts().length > 1, 'the offer saved');
    expect(saves(sent).map((op) => op.variables['input'])).toEqual([
      { value_cents: 500, min_basket_cents: 1500, state: 'active', reason: REASON },
      { value_cents: 500, min_basket_cents: 1500, state: 'active', reason: REASON },
    ]);
    expect(facts().slice(0, 3)).toEqual([
      ['État', 'Active'],
      ['Montant offert', '5,00 €'],
      ['Panier minimum', '15,00 €'],
    ]);
    expect(alerts()).not.toContain('Le panier minimum de l’offre doit être entre 0 et 500 €.');
  });

  it('shows the load error with « Réessayer », which asks again', async () => {
    let fail = true;
    await renderWithBff(dom, <OfferPage />, (op) => (fail ? new Refusal('Service indisponible', 'INTERNAL') : offerBff(offerData())(op)));
    await until(() => text(dom).includes('Erreur lors du chargement de l’offre de bienvenue'), 'the error');
    fail = false;
    await click(button(dom, 'Réessayer')!);
    await until(() => facts().length === 6, 'the facts after the retry');
  });
});
