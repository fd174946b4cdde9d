// @vitest-environment jsdom
import { Route, Router } from '@popote/router';
import { Refusal, renderWithBff, useReactTestRoot, type SentOperation } from '@popote/ui/testing';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it } from 'vitest';
import { button, click, control, text, type, until } from '../reports/spec-helpers';
import { OrderPage } from './order-page';
import { entryData, ENTRIES, ORDER_ID, orderData, refundData, storyData } from './spec-data';

const dom = useReactTestRoot();

const REASON = 'Une des deux tartes manquait au retrait.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function open(answer: (op: SentOperation) => unknown) {
  const location = memoryLocation({ path: `/console/commandes/${ORDER_ID}` });
  return renderWithBff(
    dom,
    <Router hook={location.hook}>
      <Route path="/console/commandes/:orderId">
        <OrderPage />
      </Route>
    </Router>,
    answer,
  );
}

const clean = (value: string | null | undefined) => (value ?? '').replace(/\s+/g, ' ').trim();
const entries = () => [...dom.container.querySelectorAll<HTMLElement>('[data-testid="story-entry"]')];
/** The order's facts: each term with its value (a list's items joined by ' | '). */
const facts = () =>
  [...dom.container.querySelectorAll('[data-testid="order-facts"] > div')].map((fact) => {
    const value = fact.querySelector('dd')!;
    const items = [...value.querySelectorAll('li')];
    return [
      clean(fact.querySelector('dt')?.textContent),
      items.length > 0 ? items.map((item) => clean(item.textContent)).join(' | ') : clean(value.textContent),
    ];
  });
/** A step of the story: its time, service, label, detail and button (in the order shown). */
const entryParts = (entry: HTMLElement) =>
  [...entry.querySelectorAll('time, span:not(.pp-visually-hidden), p:not(:first-child), button')].map((part) => clean(part.textContent));
const stories = (sent: SentOperation[]) => sent.filter((op) => op.operationName === 'SupportOrder');
const refunds = (sent: SentOperation[]) => sent.filter((op) => op.operationName === 'SupportRefund');
const resends = (sent: SentOperation[]) => sent.filter((op) => op.operationName === 'SupportResendEmail');
const amount = () => control(dom, 'Montant à rembourser (en euros)')!;
const reason = () => control<HTMLTextAreaElement>(dom, 'Motif du remboursement')!;
const alerts = () => [...dom.container.querySelectorAll('[role="alert"]')].map((alert) => clean(alert.textContent));

/** A BFF that refunds once (its answer, then the story with the refund), the rest as `other` says. */
function refundingBff(other: (op: SentOperation) => unknown = () => undefined) {
  let refund: unknown = null;
  return (op: SentOperation) => {
    const answer = other(op);
    if (answer !== undefined) return answer;
    if (op.operationName === 'SupportRefund') {
      const input = op.variables['input'] as { amount_cents: number; reason: string };
      refund = refundData({ amount_cents: input.amount_cents, reason: input.reason, status: 'due', refunded_at: null });
      return { supportRefund: refund };
    }
    return storyData({
      refund,
      entries: refund
        ? [
            ...ENTRIES,
            entryData({ at: '2026-12-07T09:15:00.000Z', service: 'payments', kind: 'refund.due', label: 'Remboursement demandé' }),
          ]
        : ENTRIES,
    });
  };
}

async function fillRefund(euros: string, why = REASON) {
  await type(amount(), euros);
  await type(reason(), why);
}

describe("an order's support page", () => {
  it('shows the order, its trace in Jaeger and its story in order, times in Paris and services in French', async () => {
    const sent = await open(() => storyData({ refund: refundData({ origin: 'cook', status: 'due', refunded_at: null, reason: null }) }));
    await until(() => entries().length === 4, 'the story');
    expect(stories(sent)[0]!.variables).toEqual({ order_id: ORDER_ID });
    expect(dom.container.querySelector('h1')?.textContent).toBe('Commande n° 1a2b3c4d');
    expect([...dom.container.querySelectorAll('h2')].map((h) => h.textContent)).toEqual([
      'La commande',
      'Histoire de la commande',
      'Remboursement',
    ]);
    const shown = facts();
    expect(shown.slice(0, 7)).toEqual([
      ['N°', '1a2b3c4d'],
      ['Identifiant', ORDER_ID],
      ['Passée le', '06/12/2026 16:30'],
      ['Acheteur', 'Léa'],
      ['Cuisinier', 'Amina'],
      ['Total', '12,50 €'],
      ['État', 'Récupérée'],
    ]);
    expect(shown[7]![0]).toBe('Créneau de retrait');
    expect(shown[7]![1]).toMatch(/6 décembre, 18:00–18:30$/);
    expect(shown.slice(8)).toEqual([
      ['Articles', 'Tarte aux pommes × 2 — 10,00 € | Cookie × 1 — 2,50 €'],
      ['N° de reçu', '2026-000042'],
    ]);

    const trace = [...dom.container.querySelectorAll('a')].find((a) => a.href.startsWith('http://jaeger.test/'))!;
    expect(clean(trace.textContent)).toBe('Voir la trace dans Jaeger (nouvel onglet)');
    expect(trace.target).toBe('_blank');
    expect(trace.rel).toContain('noopener');

    expect(dom.container.querySelector('ol')).not.toBeNull();
    expect(entries().map(entryParts)).toEqual([
      ['06/12/2026 16:29:58', 'Paiements', 'Paiement accepté', '12,50 €'],
      ['06/12/2026 16:30:00', 'Commandes', 'Commande passée'],
      ['06/12/2026 16:30:01', 'Catalogue', 'Portions réservées', 'Tarte aux pommes × 2, Cookie × 1'],
      [
        '06/12/2026 16:30:05',
        'Notifications',
        'Confirmation envoyée à l’acheteur',
        'lea@popote.test',
        'Renvoyer : Confirmation envoyée à l’acheteur',
      ],
    ]);
    // Only the email can be sent again.
    expect(entries().map((entry) => entry.querySelector('button') !== null)).toEqual([false, false, false, true]);
    expect(text(dom)).not.toContain('indisponible');

    // The cook's refund, the provider not answered yet: no form.
    const refund = dom.container.querySelector('[data-testid="refund"]')!;
    expect(clean(refund.textContent)).toBe('Montant6,50 €OrigineCuisinierÉtatEn attente du prestataire');
    expect(amount()).toBeNull();
    expect(dom.container.querySelector('a[href="/console/commandes"]')?.textContent).toBe('Retour aux commandes');
  });

  it('says which services did not answer, without a trace when none is kept, and why an order on its way is not refunded here', async () => {
    await open(() =>
      storyData({
        order: orderData({ order_status: 'cancelled', cancel_reason: 'Plus de pâte.' }),
        entries: [entryData()],
        missing: ['payments', 'notifications'],
        trace_url: null,
        receipt_number: null,
      }),
    );
    await until(() => entries().length === 1, 'the story');
    expect(text(dom)).toContain(
      'Parties indisponibles : Paiements, Notifications. Ces services n’ont pas répondu : l’histoire est incomplète, rechargez la page plus tard.',
    );
    expect(facts()).toContainEqual(['Motif d’annulation', 'Plus de pâte.']);
    expect(facts()).toContainEqual(['N° de reçu', '—']);
    expect(text(dom)).not.toContain('Jaeger');
    expect(text(dom)).toContain('Seule une commande récupérée se rembourse ici');
    expect(amount()).toBeNull();
  });

  it('checks the amount (euros, above zero, at most the total) and the reason before anything is sent', async () => {
    const sent = await open(() => storyData());
    await until(() => amount(), 'the refund form');
    expect(text(dom)).toContain('Au plus le total de la commande, 12,50 €. Par exemple 6 ou 6,50.');
    expect(reason().maxLength).toBe(500);
    const submit = async () => click(button(dom, 'Rembourser')!);

    await submit();
    await until(() => text(dom).includes('Indiquez le montant à rembourser'), 'the required amount');
    expect(text(dom)).toContain('Le motif doit compter au moins 3 caractères');

    for (const [euros, message] of [
      ['six', 'Indiquez un montant en euros, par exemple 6 ou 6,50 (deux décimales au plus)'],
      ['6,505', 'Indiquez un montant en euros, par exemple 6 ou 6,50 (deux décimales au plus)'],
      ['-3', 'Indiquez un montant en euros, par exemple 6 ou 6,50 (deux décimales au plus)'],
      ['0', 'Le montant doit être supérieur à zéro'],
      ['12,51', 'Le montant dépasse le total de la commande (12,50 €)'],
    ] as const) {
      await fillRefund(euros, '  ok  ');
      await submit();
      await until(() => text(dom).includes(message), `the message for ${euros}`);
      expect(amount().getAttribute('aria-invalid')).toBe('true');
      expect(text(dom)).toContain('Le motif doit compter au moins 3 caractères');
    }
    expect(button(dom, 'Confirmer le remboursement de 12,51 €')).toBeNull();
    expect(refunds(sent)).toEqual([]);
  });

  it('« Rembourser » asks to confirm the amount; « Annuler » or another amount asks again; the confirmed refund is sent in cents and shown', async () => {
    const sent = await open(refundingBff());
    await until(() => amount(), 'the refund form');
    await fillRefund('6,5', `  ${REASON}  `);
    await click(button(dom, 'Rembourser')!);
    const confirm = await until(() => button(dom, 'Confirmer le remboursement de 6,50 €'), 'the confirmation');
    expect(document.activeElement).toBe(confirm);
    expect(text(dom)).toContain('Une commande ne se rembourse qu’une fois.');
    expect(refunds(sent)).toEqual([]);
    await click(button(dom, 'Annuler')!);
    expect(button(dom, 'Confirmer le remboursement de 6,50 €')).toBeNull();
    expect(document.activeElement).toBe(button(dom, 'Rembourser'));

    // Another amount: the confirmation names it.
    await click(button(dom, 'Rembourser')!);
    await until(() => button(dom, 'Confirmer le remboursement de 6,50 €'), 'the confirmation again');
    await type(amount(), '6');
    expect(button(dom, 'Confirmer le remboursement de 6,50 €')).toBeNull();
    await click(button(dom, 'Rembourser')!);
    await click(await until(() => button(dom, 'Confirmer le remboursement de 6,00 €'), 'the new confirmation'));

    const shown = await until(() => dom.container.querySelector('[data-testid="refund"]'), 'the refund');
    expect(refunds(sent)).toHaveLength(1);
    const { input } = refunds(sent)[0]!.variables as { input: Record<string, unknown> };
    expect(input).toEqual({ order_id: ORDER_ID, amount_cents: 600, reason: REASON, request_id: expect.stringMatching(UUID) });
    expect(clean(shown.textContent)).toBe(`Montant6,00 €OrigineSupportMotif${REASON}ÉtatEn attente du prestataire`);
    expect(clean(document.activeElement?.textContent)).toBe('6,00 €');
    expect(amount()).toBeNull();
    expect(clean(document.body.textContent)).toContain('Remboursement de 6,00 € enregistré');
    // The story is read again: the refund's step is in it.
    await until(() => entries().length === 5, 'the story read again');
    expect(stories(sent).length).toBeGreaterThanOrEqual(2);
  });

  it('reads « 6.50 » as 650 cents', async () => {
    const sent = await open(refundingBff());
    await until(() => amount(), 'the refund form');
    await fillRefund(' 6.50 ');
    await click(button(dom, 'Rembourser')!);
    await click(await until(() => button(dom, 'Confirmer le remboursement de 6,50 €'), 'the confirmation'));
    await until(() => refunds(sent).length === 1, 'the refund sent');
    expect((refunds(sent)[0]!.variables['input'] as { amount_cents: number }).amount_cents).toBe(650);
  });

  it('after a network error, the retried refund is the same request; other values are a new one', async () => {
    let down = true;
    const sent = await open(
      refundingBff((op) => {
        if (op.operationName === 'SupportRefund' && down) throw new TypeError('Failed to fetch');
        return undefined;
      }),
    );
    await until(() => amount(), 'the refund form');
    await fillRefund('6,50');
    await click(button(dom, 'Rembourser')!);
    await click(await until(() => button(dom, 'Confirmer le remboursement de 6,50 €'), 'the confirmation'));
    await until(() => alerts().some((alert) => alert.startsWith('Erreur lors du remboursement : réessayez')), 'the error');
    expect(document.activeElement).toBe(button(dom, 'Rembourser'));

    await click(button(dom, 'Rembourser')!);
    await click(await until(() => button(dom, 'Confirmer le remboursement de 6,50 €'), 'the confirmation again'));
    await until(() => refunds(sent).length === 2, 'the retry');

    await fillRefund('6,50', `${REASON} (bis)`);
    down = false;
    await click(button(dom, 'Rembourser')!);
    await click(await until(() => button(dom, 'Confirmer le remboursement de 6,50 €'), 'the third confirmation'));
    await until(() => dom.container.querySelector('[data-testid="refund"]'), 'the refund');
    const ids = refunds(sent).map((op) => (op.variables['input'] as { request_id: string }).request_id);
    expect(ids).toHaveLength(3);
    expect(ids[0]).toMatch(UUID);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[0]);
  });

  it('shows the server’s refusal as it is, and reads the order again (refunded meanwhile: the refund shows)', async () => {
    let refused = false;
    const sent = await open((op) => {
      if (op.operationName === 'SupportRefund') {
        refused = true;
        return new Refusal('Cette commande a déjà été remboursée (3,00 €) : un seul remboursement par commande.', 'CONFLICT');
      }
      return storyData({ refund: refused ? refundData({ amount_cents: 300, operator_id: 'op_2' }) : null });
    });
    await until(() => amount(), 'the refund form');
    await fillRefund('6,50');
    await click(button(dom, 'Rembourser')!);
    await click(await until(() => button(dom, 'Confirmer le remboursement de 6,50 €'), 'the confirmation'));
    await until(() => dom.container.querySelector('[data-testid="refund"]'), 'the other refund');
    expect(alerts()).toContain('Cette commande a déjà été remboursée (3,00 €) : un seul remboursement par commande.');
    expect(clean(dom.container.querySelector('[data-testid="refund"]')!.textContent)).toContain('Montant3,00 €');
    expect(stories(sent).length).toBeGreaterThanOrEqual(2);
  });

  it('shows the server’s message about a field next to it', async () => {
    await open((op) =>
      op.operationName === 'SupportRefund'
        ? new Refusal('Données invalides', 'VALIDATION_FAILED', {
            reason: 'Le motif est obligatoire (il est écrit dans le journal et envoyé au client).',
          })
        : storyData(),
    );
    await until(() => amount(), 'the refund form');
    await fillRefund('6,50');
    await click(button(dom, 'Rembourser')!);
    await click(await until(() => button(dom, 'Confirmer le remboursement de 6,50 €'), 'the confirmation'));
    await until(
      () => text(dom).includes('Le motif est obligatoire (il est écrit dans le journal et envoyé au client).'),
      'the field message',
    );
    expect(document.activeElement).toBe(reason());
  });

  it('« Renvoyer » asks for a reason, sends the email again with a request id, then gives the focus back', async () => {
    let down = true;
    const sent = await open((op) => {
      if (op.operationName === 'SupportResendEmail') {
        if (down) throw new TypeError('Failed to fetch');
        return { supportResendEmail: { __typename: 'SupportResentEmail', email_id: 'em-2' } };
      }
      return storyData();
    });
    await until(() => entries().length === 4, 'the story');
    const resend = button(dom, 'Renvoyer : Confirmation envoyée à l’acheteur')!;
    await click(resend);
    const field = await until(() => control<HTMLInputElement>(dom, 'Motif du renvoi'), 'the reason field');
    expect(document.activeElement).toBe(field);
    await click(button(dom, 'Renvoyer l’email')!);
    await until(() => text(dom).includes('Indiquez le motif du renvoi'), 'the required reason');
    expect(resends(sent)).toEqual([]);

    await type(field, '  La cliente ne l’a pas reçu.  ');
    await click(button(dom, 'Renvoyer l’email')!);
    await until(() => alerts().some((alert) => alert.startsWith('Erreur lors du renvoi de l’email')), 'the network error');
    down = false;
    await click(button(dom, 'Renvoyer l’email')!);
    await until(() => document.body.textContent.includes('Email renvoyé'), 'the toast');
    expect(resends(sent).map((op) => op.variables)).toEqual([
      { email_id: 'em-1', request_id: expect.stringMatching(UUID), reason: 'La cliente ne l’a pas reçu.' },
      { email_id: 'em-1', request_id: resends(sent)[0]!.variables['request_id'], reason: 'La cliente ne l’a pas reçu.' },
    ]);
    expect(control(dom, 'Motif du renvoi')).toBeNull();
    expect(document.activeElement).toBe(button(dom, 'Renvoyer : Confirmation envoyée à l’acheteur'));
    await until(() => stories(sent).length >= 2, 'the story read again');

    // Another copy is another request.
    await click(button(dom, 'Renvoyer : Confirmation envoyée à l’acheteur')!);
    await type(control(dom, 'Motif du renvoi')!, 'La cliente ne l’a pas reçu.');
    await click(button(dom, 'Renvoyer l’email')!);
    await until(() => resends(sent).length === 3, 'the second copy');
    expect(resends(sent)[2]!.variables['request_id']).not.toBe(resends(sent)[0]!.variables['request_id']);
  });

  it('shows the services’ refusal of a resend as it is; « Annuler » closes the form', async () => {
    await open((op) =>
      op.operationName === 'SupportResendEmail'
        ? new Refusal('Cet email est encore en cours d’envoi : il n’y a rien à renvoyer pour le moment', 'CONFLICT')
        : storyData(),
    );
    await until(() => entries().length === 4, 'the story');
    await click(button(dom, 'Renvoyer : Confirmation envoyée à l’acheteur')!);
    await type(control(dom, 'Motif du renvoi')!, 'Pas reçu.');
    await click(button(dom, 'Renvoyer l’email')!);
    await until(() => alerts().includes('Cet email est encore en cours d’envoi : il n’y a rien à renvoyer pour le moment'), 'the refusal');
    await click(button(dom, 'Annuler')!);
    expect(control(dom, 'Motif du renvoi')).toBeNull();
    expect(document.activeElement).toBe(button(dom, 'Renvoyer : Confirmation envoyée à l’acheteur'));
  });

  it('an unknown order says so', async () => {
    await open(() => new Refusal('Commande introuvable', 'NOT_FOUND'));
    await until(() => text(dom).includes('Commande introuvable'), 'the message');
    expect(dom.container.querySelector('h1')?.textContent).toBe('Commande');
  });

  it('shows the load error with « Réessayer »', async () => {
    await open(() => new Refusal('Service indisponible', 'INTERNAL'));
    await until(() => text(dom).includes('Erreur lors du chargement de la commande'), 'the error');
    expect(button(dom, 'Réessayer')).not.toBeNull();
  });
});
