import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { waitForEmail } from './support/mail';
import { openDashboardAs, orderAsNewConsumer, orderCard, plain } from './support/shop';

/** Lucas's bourguignon (14,50 €, 8 portions): no other browser test buys it. 15 % → 2,18 € (217,5 c half up), cook 12,32 €. */
const BOURGUIGNON = 'Bœuf bourguignon';

const figure = (page: Page, testId: string) => page.getByTestId(testId);
/** The figure as text, spaces and minus signs made plain. */
const euros = async (page: Page, testId: string) => plain(await figure(page, testId).innerText()).replace(/\u2212/g, '-');

/** Reopens the 'Paiements' tab until the available balance reads `expected` (the ledger follows events). */
async function waitForAvailable(page: Page, base: string, expected: string): Promise<void> {
  for (let attempt = 0; attempt < 30; attempt += 1) {
    await page.goto(`${base}/cook/dashboard?onglet=paiements`);
    await figure(page, 'payout-available').waitFor();
    if ((await euros(page, 'payout-available')) === expected) return;
    await page.waitForTimeout(1000);
  }
  expect(await euros(page, 'payout-available')).toBe(expected);
}

test.describe('payouts: a cook connects a payout account (sandbox), is paid after pick-up, exports the CSV', () => {
  test('connects, sees the sale become available after pick-up, pays out and downloads the CSV', async ({ base, openPage }) => {
    test.setTimeout(240_000);
    const cookSide = await openPage();
    const consumerSide = await openPage();
    const cook = cookSide.page;
    const consumer = consumerSide.page;
    await openDashboardAs(cook, base, 'lucas@popote.test', 'paiements');
    await cook.getByRole('tab', { name: 'Paiements', selected: true }).waitFor();
    await cook.getByRole('heading', { name: 'Compte de versement' }).waitFor();
    await cook.getByText('Aucun compte de versement connecté.', { exact: false }).waitFor();
    await cook.getByText("Aucune opération pour l'instant", { exact: false }).waitFor();
    expect(await cook.getByRole('button', { name: 'Verser maintenant' }).count()).toBe(0);

    // Sandbox onboarding: the same lifecycle as Stripe Express (pending → enabled).
    await cook.getByRole('button', { name: 'Connecter mon compte de versement' }).click();
    await cook.waitForURL(/inscription=bac-a-sable/);
    await cook.getByRole('heading', { name: 'Inscription au compte de versement (bac à sable)' }).waitFor();
    await cook.getByRole('button', { name: 'Valider mon compte (bac à sable)' }).click();
    await cook.getByText('Compte de versement actif', { exact: false }).waitFor();
    expect(new URL(cook.url()).searchParams.get('inscription')).toBeNull();

    // Nothing to pay out yet: a clear French refusal.
    await cook.getByRole('button', { name: 'Verser maintenant' }).click();
    await cook.getByText('Aucun montant n’est disponible au versement pour le moment.').first().waitFor();

    // The cook's legal mentions for receipts: a SIRET with a wrong key is refused in French, then saved.
    await cook.goto(`${base}/profile`);
    const cookProfile = cook.getByRole('region', { name: 'Profil cuisinier' });
    await cookProfile.getByRole('button', { name: 'Modifier' }).click();
    await cookProfile.getByLabel('SIRET (facultatif)').fill('732 829 320 00075');
    await cookProfile.getByRole('button', { name: 'Enregistrer' }).click();
    await cookProfile.getByText('Le numéro SIRET doit comporter 14 chiffres et être valide (clé de contrôle)').waitFor();
    await cookProfile.getByLabel('SIRET (facultatif)').fill('732 829 320 00074');
    await cookProfile.getByLabel('TVA').selectOption('franchise');
    await cookProfile.getByRole('button', { name: 'Enregistrer' }).click();
    await cook.getByText('Profil cuisinier mis à jour avec succès').waitFor();
    await cookProfile.getByText('73282932000074').waitFor();
    await cook.goto(`${base}/cook/dashboard?onglet=paiements`);

    // A consumer buys the bourguignon.
    const { buyer, number } = await orderAsNewConsumer(consumer, base, BOURGUIGNON);

    // The consumer's receipt, from 'Mes commandes': the seller, the SIRET, the VAT mention, and a PDF made on the server.
    await orderCard(consumer, number).getByRole('link', { name: 'Voir le reçu' }).click();
    await consumer.waitForURL(/\/orders\/[^/]+\/receipt$/);
    const receiptPath = new URL(consumer.url()).pathname;
    const receiptTitle = consumer.getByRole('heading', { level: 1, name: /^Reçu n° R-[0-9A-F]{8}-\d{6}$/ });
    await receiptTitle.waitFor();
    await consumer.getByText('SIRET : 73282932000074').waitFor();
    await consumer.getByText('TVA non applicable, art. 293 B du CGI').waitFor();
    await consumer.getByRole('link', { name: 'Lucas Martin' }).waitFor();
    expect(plain(await consumer.getByTestId('receipt-total').innerText())).toBe('14,50 €');
    // The pick-up slot (Paris time) and, until the cook confirms, the commune only.
    await consumer.getByText(/^Retrait : \S+ \d{1,2} \S+, \d\d:\d\d–\d\d:\d\d$/).waitFor();
    expect(plain(await consumer.getByText(/^Lieu : \d{5} /).innerText())).toContain('69003 Lyon 3e Arrondissement');
    expect(await consumer.getByText('Paul Bert').count()).toBe(0);
    const [pdf] = await Promise.all([
      consumer.waitForEvent('download'),
      consumer.getByRole('button', { name: 'Télécharger le PDF' }).click(),
    ]);
    expect(pdf.suggestedFilename()).toMatch(/^popote-R-[0-9A-F]{8}-\d{6}\.pdf$/);
    expect((await readFile((await pdf.path())!)).subarray(0, 5).toString()).toBe('%PDF-');
    // The order's email links to the same receipt.
    const email = await waitForEmail((m) => m.to.some((to) => to.address === buyer.email) && /enregistrée/.test(m.subject));
    expect(email.text).toContain(`${receiptPath}`);

    // Pending until picked up: 12,32 € pending, nothing available.
    for (let attempt = 0; attempt < 30 && (await euros(cook, 'payout-pending')) !== '12,32 €'; attempt += 1) {
      await cook.waitForTimeout(1000);
      await cook.reload();
      await figure(cook, 'payout-pending').waitFor();
    }
    expect(await euros(cook, 'payout-pending')).toBe('12,32 €');
    expect(await euros(cook, 'payout-available')).toBe('0,00 €');
    await cook.getByRole('cell', { name: 'Vente', exact: true }).waitFor();
    await cook
      .getByRole('cell', { name: /^Commission Popote/ })
      .getByRole('button', { name: 'Facture de commission (PDF)' })
      .waitFor();

    // The cook hands it over: 'Marquer comme récupérée'.
    await cook.getByRole('tab', { name: 'Commandes' }).click();
    const order = orderCard(cook, number);
    for (const action of ['Confirmer', 'Commencer la préparation', 'Marquer comme prête', 'Marquer comme récupérée']) {
      await order.getByRole('button', { name: action, exact: true }).click();
      await order.getByRole('button', { name: action, exact: true }).waitFor({ state: 'detached' });
    }
    await order.getByText('Récupérée', { exact: true }).waitFor();

    await waitForAvailable(cook, base, '12,32 €');
    expect(await euros(cook, 'payout-pending')).toBe('0,00 €');
    await cook.getByRole('cell', { name: 'Commande récupérée : disponible', exact: true }).waitFor();

    await cook.getByRole('button', { name: 'Verser maintenant' }).click();
    await cook.getByText('Versement de 12,32 € effectué').first().waitFor();
    const payoutRow = cook.getByTestId('payout-row').first();
    await payoutRow.getByText('Versé').waitFor();
    expect(plain(await payoutRow.innerText())).toContain('12,32 €');
    await cook.getByText('0,00 €').first().waitFor();
    expect(await euros(cook, 'payout-available')).toBe('0,00 €');

    // The whole ledger as CSV.
    const [download] = await Promise.all([cook.waitForEvent('download'), cook.getByRole('button', { name: 'Exporter en CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^popote-paiements-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trim().split(/\r\n/);
    expect(lines[0]).toBe('Date;Opération;Commande;Versement;Mise en avant;En attente (€);Disponible (€);Publicité (€)');
    expect(lines.some((l) => /;Vente;.*;14,50;0,00;0,00$/.test(l))).toBe(true);
    expect(lines.some((l) => /;Commission Popote;.*;-2,18;0,00;0,00$/.test(l))).toBe(true);
    expect(lines.some((l) => /;Versement;.*;0,00;-12,32;0,00$/.test(l))).toBe(true);

    // Refunded after the payout: the amount is owed back, carried as a negative balance.
    await cook.getByRole('tab', { name: 'Commandes' }).click();
    cook.once('dialog', (dialog) => void dialog.accept());
    await orderCard(cook, number).getByRole('button', { name: 'Rembourser le client' }).click();
    await cook.getByText('Client remboursé : 14,50 €').first().waitFor();
    await waitForAvailable(cook, base, '-12,32 €');
    await cook.getByText('Un remboursement sera déduit de vos prochaines ventes.').waitFor();
    await cook.getByRole('button', { name: 'Verser maintenant' }).click();
    await cook.getByText('Aucun montant n’est disponible au versement pour le moment.').first().waitFor();

    expect(cookSide.pageErrors).toEqual([]);
    expect(consumerSide.pageErrors).toEqual([]);
  });
});
