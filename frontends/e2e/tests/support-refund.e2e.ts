import { readFile } from 'node:fs/promises';
import { expectAccessible } from './support/console';
import { expect, test } from './support/fixtures';
import { waitForEmail } from './support/mail';
import { addOperator, firstSignIn } from './support/operators';
import { openDashboardAs, orderAsNewConsumer, orderCard, plain } from './support/shop';

/** Mei's tofu bowl (10,50 €, 10 portions): no other browser test buys it. 15 % → 1,58 €; half refunded gives back 0,79 €. */
const BOWL = 'Bowl tofu mariné et légumes';

/**
 * Support (ADR 0043): an order picked up, found in the console by the number its buyer reads, its
 * story across the services, half of it refunded by an operator — once —, and the receipt, the
 * buyer's email and the cook's ledger saying the same amount. The console's pages pass axe at 1280
 * and 390 px.
 */
test.describe('support: an operator refunds half a picked-up order', () => {
  test('finds the order, reads its story, refunds 5,25 € once; receipt, email and ledger agree', async ({ base, openPage }) => {
    test.setTimeout(300_000);
    const buyerSide = await openPage();
    const cookSide = await openPage();
    const opsSide = await openPage();
    const buyer = buyerSide.page;
    const cook = cookSide.page;
    const ops = opsSide.page;

    const { buyer: account, number } = await orderAsNewConsumer(buyer, base, BOWL);
    await orderCard(buyer, number).getByRole('link', { name: 'Voir le reçu' }).click();
    await buyer.waitForURL(/\/orders\/[^/]+\/receipt$/);
    const receiptUrl = buyer.url();
    const orderId = /\/orders\/([^/]+)\/receipt$/.exec(new URL(receiptUrl).pathname)![1]!;

    // The cook hands it over.
    await openDashboardAs(cook, base, 'mei@popote.test', 'commandes');
    const card = orderCard(cook, number);
    for (const action of ['Confirmer', 'Commencer la préparation', 'Marquer comme prête', 'Marquer comme récupérée']) {
      await card.getByRole('button', { name: action, exact: true }).click();
      await card.getByRole('button', { name: action, exact: true }).waitFor({ state: 'detached' });
    }
    await card.getByText('Récupérée', { exact: true }).waitFor();

    // The operator finds it by the number the buyer reads.
    await firstSignIn(ops, base, addOperator(), '/console/commandes');
    await ops.getByRole('heading', { level: 1, name: 'Commandes' }).waitFor();
    await ops.getByLabel('Numéro de commande ou email').fill(`Commande n° ${number}`);
    await ops.getByRole('button', { name: 'Rechercher' }).click();
    const results = ops.getByRole('region', { name: 'Commandes trouvées' });
    await results.getByRole('row').filter({ hasText: number }).waitFor();
    await expectAccessible(ops, 'Commandes (results)');
    await results.getByRole('link', { name: `Ouvrir : commande n° ${number}` }).click();
    await ops.getByRole('heading', { level: 1, name: `Commande n° ${number}` }).waitFor();

    // Its story: the payment, the stock, the order's steps and the buyer's emails, merged by time.
    const story = ops.getByRole('region', { name: 'Histoire de la commande' });
    await story.getByText('Paiement accepté').waitFor();
    await story
      .getByText(/^Récupérée/)
      .first()
      .waitFor();
    await expect(story.getByRole('button', { name: /^Renvoyer/ }).first()).toBeVisible();
    await expectAccessible(ops, 'an order in the console');

    // Half of it: 5,25 €, confirmed, with a reason.
    const refund = ops.getByRole('region', { name: 'Remboursement' });
    await refund.getByLabel('Montant à rembourser (en euros)').fill('12');
    await refund.getByLabel('Motif du remboursement').fill('Une moitié du bowl manquait à la remise.');
    await refund.getByRole('button', { name: 'Rembourser', exact: true }).click();
    await refund.getByText('Le montant dépasse le total de la commande (10,50 €)').waitFor();
    await refund.getByLabel('Montant à rembourser (en euros)').fill('5,25');
    await refund.getByRole('button', { name: 'Rembourser', exact: true }).click();
    await refund.getByRole('button', { name: 'Confirmer le remboursement de 5,25 €' }).click();
    await ops.getByText('Remboursement de 5,25 € enregistré').first().waitFor();
    await refund.getByText('Support', { exact: true }).waitFor();
    await expect(refund.getByRole('button', { name: 'Rembourser', exact: true })).toHaveCount(0);
    await story.getByText('Remboursement par le support').waitFor();

    // The payouts that failed: a page of its own (none of this test's making), accessible too.
    await ops.getByRole('navigation', { name: 'Navigation de la console' }).getByRole('link', { name: 'Versements échoués' }).click();
    await ops.getByRole('heading', { level: 1, name: 'Versements échoués' }).waitFor();
    await expectAccessible(ops, 'Versements échoués');

    // The buyer: the receipt says it, the email tells it.
    await buyer.goto(receiptUrl);
    await buyer.getByText(/^Remboursement partiel de 5,25\s€ le /).waitFor();
    const email = await waitForEmail((m) => m.to.some((to) => to.address === account.email) && /^Remboursement de 5,25/.test(m.subject));
    expect(email.text).toContain('Une moitié du bowl manquait à la remise.');

    // The cook's ledger: −5,25 € and the commission on it (0,79 €) given back, once.
    await cook.goto(`${base}/cook/dashboard?onglet=paiements`);
    await cook.getByTestId('payout-available').waitFor();
    const [download] = await Promise.all([cook.waitForEvent('download'), cook.getByRole('button', { name: 'Exporter en CSV' }).click()]);
    const lines = (await readFile((await download.path())!, 'utf8'))
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/)
      .filter((l) => l.includes(orderId));
    expect(lines.filter((l) => /;Remboursement;/.test(l)).map((l) => l.split(';').slice(5).join(';'))).toEqual(['0,00;-5,25;0,00']);
    expect(lines.filter((l) => /;Commission annulée;/.test(l)).map((l) => l.split(';').slice(5).join(';'))).toEqual(['0,00;0,79;0,00']);

    // The cook cannot refund it a second time.
    await cook.getByRole('tab', { name: 'Commandes' }).click();
    cook.once('dialog', (dialog) => void dialog.accept());
    await orderCard(cook, number).getByRole('button', { name: 'Rembourser le client' }).click();
    await cook.getByText('Cette commande a déjà été remboursée (5,25 €) : un seul remboursement par commande.').first().waitFor();
    expect(plain(await buyer.getByText(/^Remboursement partiel/).innerText())).toContain('5,25 €');

    for (const side of [buyerSide, cookSide, opsSide]) expect(side.pageErrors).toEqual([]);
  });
});
