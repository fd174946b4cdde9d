// @vitest-environment jsdom
import { Refusal, renderWithBff, useReactTestRoot, type SentOperation } from '@popote/ui/testing';
import { describe, expect, it } from 'vitest';
import { button, click, control, text, type, until } from '../reports/spec-helpers';
import { DeadLettersPage } from './dead-letters-page';

const dom = useReactTestRoot();

const SERVICES = ['identity', 'catalogue', 'cart', 'ordering', 'payments', 'notifications'] as const;

const letter = (seq: number, durable: string, over: Record<string, unknown> = {}) => ({
  __typename: 'DeadLetter',
  seq,
  durable,
  subject: 'evt.ordering.order-placed.v1.3',
  original_seq: 40 + seq,
  type: 'evt.ordering.order-placed.v1',
  event_id: `evt-${seq}`,
  reason: 'the database is down',
  at: '2026-12-07T07:59:02.000Z',
  ...over,
});

type Entry = { service: string; available?: boolean; error?: string | null; letters?: unknown[]; more?: boolean };

/** `deadLetters` as the BFF answers it: the six services, those not named without letters. */
const page = (entries: Entry[]) => ({
  deadLetters: SERVICES.map((service) => {
    const entry = entries.find((e) => e.service === service);
    return {
      __typename: 'ServiceDeadLetters',
      service,
      available: entry?.available ?? true,
      error: entry?.error ?? null,
      letters: entry?.letters ?? [],
      more: entry?.more ?? false,
    };
  }),
});

const rows = () => [...dom.container.querySelectorAll<HTMLTableRowElement>('[data-testid="dead-letter"]')];
const cells = (row: HTMLTableRowElement) => [...row.cells].map((cell) => cell.textContent.replace(/\s+/g, ' ').trim());
const replays = (sent: SentOperation[]) => sent.filter((op) => op.operationName === 'ReplayDeadLetter');
const REASON = 'La base de cart est revenue, la commande doit vider le panier.';

/** Opens the form of the one letter listed (n° 12 of cart-OrderPlaced), gives the reason, sends it: the form's alert. */
async function replayRefused() {
  await until(() => rows().length === 1, 'the letter');
  await click(button(dom, 'Rejouer la lettre n° 12 de cart-OrderPlaced')!);
  await type(control<HTMLTextAreaElement>(dom, 'Motif du rejeu')!, REASON);
  await click(button(dom, 'Rejouer la lettre')!);
  return until(() => dom.container.querySelector('form [role="alert"]'), 'the refusal');
}

describe("the console's dead letters", () => {
  it('lists the letters by service and consumer, with the event, the reason and the date, under French headers', async () => {
    await renderWithBff(dom, <DeadLettersPage />, () =>
      page([
        {
          service: 'cart',
          letters: [
            letter(12, 'cart-OrderPlaced'),
            letter(7, 'cart-MealDeleted', { type: null, event_id: null, subject: null, original_seq: null, reason: 'invalid message' }),
            letter(9, 'cart-OrderPlaced'),
          ],
        },
        { service: 'payments', letters: [letter(3, 'payments-OrderCancelled')] },
      ]),
    );
    await until(() => rows().length === 4, 'the letters');
    expect(dom.container.querySelector('h1')?.textContent).toBe('Lettres mortes');
    expect([...dom.container.querySelectorAll('h2')].map((h) => h.textContent)).toEqual([
      'cart (3 lettres mortes)',
      'payments (1 lettre morte)',
    ]);
    const cart = dom.container.querySelector('[aria-label="Lettres mortes de cart"]')!;
    expect([...cart.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual([
      'Consommateur',
      'N°',
      'Événement',
      'Raison de l’abandon',
      'Date (heure de Paris)',
      'Rejeu',
    ]);
    for (const th of cart.querySelectorAll('thead th')) expect(th.getAttribute('scope')).toBe('col');
    // By consumer, each one's oldest first.
    expect(rows().map((row) => cells(row).slice(0, 2))).toEqual([
      ['cart-MealDeleted', '7'],
      ['cart-OrderPlaced', '9'],
      ['cart-OrderPlaced', '12'],
      ['payments-OrderCancelled', '3'],
    ]);
    expect(cells(rows()[1]!)).toEqual([
      'cart-OrderPlaced',
      '9',
      'evt.ordering.order-placed.v1evt-9evt.ordering.order-placed.v1.3, EVENTS n° 49',
      'the database is down',
      '07/12/2026 08:59',
      'Rejouer la lettre n° 9 de cart-OrderPlaced',
    ]);
    expect(cells(rows()[0]!)[2]).toBe('Pas une enveloppe d’événementAucun original désigné');
    expect(rows()[1]!.querySelector('time')?.getAttribute('datetime')).toBe('2026-12-07T07:59:02.000Z');
    expect(text(dom)).toContain('Aucune lettre morte : identity, catalogue, ordering, notifications.');
  });

  it("says 'Aucune lettre morte' when no service has any", async () => {
    await renderWithBff(dom, <DeadLettersPage />, () => page([]));
    await until(() => text(dom).includes('Aucune lettre morte'), 'the empty state');
    expect(dom.container.querySelector('h2')?.textContent).toBe('Aucune lettre morte');
    expect(rows()).toEqual([]);
  });

  it('says which service did not answer, and still shows the others', async () => {
    await renderWithBff(dom, <DeadLettersPage />, () =>
      page([
        {
          service: 'ordering',
          available: false,
          error: 'Le service ordering n’a pas répondu : ses lettres mortes ne sont pas connues.',
        },
        { service: 'cart', letters: [letter(12, 'cart-OrderPlaced')], more: true },
      ]),
    );
    await until(() => rows().length === 1, 'the letter of cart');
    const alert = dom.container.querySelector('[role="alert"]');
    expect(alert?.textContent).toContain('Le service ordering n’a pas répondu : ses lettres mortes ne sont pas connues.');
    expect(text(dom)).toContain('Seules les 1 plus anciennes sont affichées');
  });

  it('shows the loading state, then the error with « Réessayer », which asks again', async () => {
    let fail = true;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const sent = await renderWithBff(dom, <DeadLettersPage />, async () => {
      await held;
      return fail
        ? new Refusal('Service indisponible', 'INTERNAL')
        : page([{ service: 'cart', letters: [letter(12, 'cart-OrderPlaced')] }]);
    });
    expect(text(dom)).toContain('Chargement des lettres mortes…');
    release();
    await until(() => text(dom).includes('Erreur lors du chargement des lettres mortes'), 'the error state');
    fail = false;
    await click(button(dom, 'Réessayer')!);
    await until(() => rows().length === 1, 'the letters after the retry');
    expect(sent.filter((op) => op.operationName === 'DeadLetters').length).toBeGreaterThanOrEqual(2);
  });

  it("'Rejouer' requires a reason, then replays; the letter leaves the list and the page says so", async () => {
    let replayed = false;
    const sent = await renderWithBff(dom, <DeadLettersPage />, (op) => {
      if (op.operationName === 'ReplayDeadLetter') {
        replayed = true;
        return { replayDeadLetter: { __typename: 'DeadLetterReplay', outcome: 'replayed', why: null } };
      }
      return page([{ service: 'cart', letters: replayed ? [] : [letter(12, 'cart-OrderPlaced')] }]);
    });
    await until(() => rows().length === 1, 'the letter');
    const open = button(dom, 'Rejouer la lettre n° 12 de cart-OrderPlaced')!;
    expect(open.getAttribute('aria-expanded')).toBe('false');
    await click(open);
    const reason = await until(() => control<HTMLTextAreaElement>(dom, 'Motif du rejeu'), 'the reason field');
    expect(document.activeElement).toBe(reason);
    await click(button(dom, 'Rejouer la lettre')!);
    await until(() => text(dom).includes('Le motif est obligatoire (il est écrit dans le journal)'), 'the required reason');
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(replays(sent)).toEqual([]);

    await type(reason, `  ${REASON}  `);
    await click(button(dom, 'Rejouer la lettre')!);
    await until(() => text(dom).includes('Aucune lettre morte'), 'the empty list');
    expect(replays(sent).map((op) => op.variables)).toEqual([{ service: 'cart', seq: 12, reason: REASON }]);
    const status = dom.container.querySelector('[role="status"]')!;
    expect(status.textContent).toBe('Lettre n° 12 rejouée : cart-OrderPlaced a traité l’événement, elle a quitté la file.');
  });

  it('shows a refusal in French, and the letter stays', async () => {
    await renderWithBff(dom, <DeadLettersPage />, (op) =>
      op.operationName === 'ReplayDeadLetter'
        ? {
            replayDeadLetter: {
              __typename: 'DeadLetterReplay',
              outcome: 'refused',
              why: 'Son contenu diffère de EVENTS n° 52 (evt.ordering.order-placed.v1.3).',
            },
          }
        : page([{ service: 'cart', letters: [letter(12, 'cart-OrderPlaced')] }]),
    );
    const alert = await replayRefused();
    expect(alert.textContent).toBe(
      'Rejeu refusé, la lettre reste dans la file : Son contenu diffère de EVENTS n° 52 (evt.ordering.order-placed.v1.3).',
    );
    expect(rows()).toHaveLength(1);
    expect(dom.container.querySelector('[role="status"]')?.textContent).toBe('');
  });

  it("shows the BFF's refusal (a session gone), and 'Annuler' closes the form back on its button", async () => {
    await renderWithBff(dom, <DeadLettersPage />, (op) =>
      op.operationName === 'ReplayDeadLetter'
        ? new Refusal('Votre session d’opérateur a expiré : reconnectez-vous', 'UNAUTHENTICATED')
        : page([{ service: 'cart', letters: [letter(12, 'cart-OrderPlaced')] }]),
    );
    const alert = await replayRefused();
    expect(alert.textContent).toBe('Votre session d’opérateur a expiré : reconnectez-vous');
    await click(button(dom, 'Annuler')!);
    await until(() => !control(dom, 'Motif du rejeu'), 'the form closed');
    const open = button(dom, 'Rejouer la lettre n° 12 de cart-OrderPlaced')!;
    await until(() => document.activeElement === open, 'the focus back on « Rejouer »');
    expect(open.getAttribute('aria-expanded')).toBe('false');
  });
});
