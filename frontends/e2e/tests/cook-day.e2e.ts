import { newAccount, signUp } from './support/accounts';
import { expect, test } from './support/fixtures';
import { waitForEmail } from './support/mail';
import { DEMO, openDashboardAs, orderAsNewConsumer, orderCard, plain } from './support/shop';

test.describe("pick-up: the cook's windows, and the cook's day by slot", () => {
  test('a new cook sets pick-up windows: bad input gets French errors, then it is saved', async ({ page, pageErrors, base }) => {
    test.setTimeout(120_000);
    await signUp(page, base, newAccount(), 'cook');
    await page.goto(`${base}/cook/dashboard?onglet=retrait`);
    await page.getByRole('heading', { name: 'Retrait des commandes' }).waitFor();
    await page.getByText("Vous n'avez pas encore indiqué vos horaires de retrait").waitFor();

    // An end before the start, a postcode of four digits (so no commune to choose), no street.
    await page.getByLabel('À', { exact: true }).fill('17:00');
    await page.getByLabel('Code postal').fill('7500');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText("L'heure de fin doit être après l'heure de début").waitFor();
    await page.getByText('Code postal invalide (5 chiffres)').waitFor();
    await page.getByText('Choisissez votre commune dans la liste').waitFor();
    await page.getByText("Indiquez l'adresse de retrait").waitFor();

    // A postcode that no commune has (near me): said at once, from the communes dataset.
    await page.getByLabel('Code postal').fill('69999');
    await page.getByText('Code postal inconnu : vérifiez les 5 chiffres').waitFor();

    // The commune is chosen among the postcode's (one here: chosen at once).
    await page.getByLabel('À', { exact: true }).fill('20:00');
    await page.getByLabel('Code postal').fill('69003');
    const commune = page.getByLabel('Commune', { exact: true });
    await expect.poll(() => commune.inputValue(), { timeout: 10_000 }).toBe('69383');
    expect(await commune.locator('option:checked').innerText()).toBe('Lyon 3e Arrondissement');
    await page.getByLabel('Adresse', { exact: true }).fill('4 rue Paul Bert');
    await page.getByLabel('Date').fill('2030-12-25');
    await page.getByRole('button', { name: 'Ajouter ce jour' }).click();
    await page.getByText('25 décembre 2030').waitFor();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Horaires de retrait enregistrés').waitFor();

    // Saved on the server: read again after a reload.
    await page.reload();
    await page.getByRole('heading', { name: 'Retrait des commandes' }).waitFor();
    expect(await page.getByLabel('Adresse', { exact: true }).inputValue()).toBe('4 rue Paul Bert');
    expect(await page.getByLabel('Commune', { exact: true }).inputValue()).toBe('69383');
    // Buyers see only the commune before an order is confirmed.
    await page.getByText('Commune montrée aux acheteurs : Lyon 3e Arrondissement').waitFor();
    expect(await page.getByLabel('À', { exact: true }).inputValue()).toBe('20:00');
    await page.getByText('25 décembre 2030').waitFor();
    expect(await page.getByText("Vous n'avez pas encore indiqué").count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  test("groups the cook's orders by pick-up slot with the buyer's name and a preparation list", async ({ base, openPage }) => {
    test.setTimeout(180_000);
    const consumerSide = await openPage();
    const cookSide = await openPage();
    const consumer = consumerSide.page;
    const cook = cookSide.page;
    const { buyer, number } = await orderAsNewConsumer(consumer, base, DEMO.tajine.name);
    const consumerCard = orderCard(consumer, number);
    const slotText = plain(
      await consumerCard
        .locator('p')
        .filter({ hasText: /^Retrait : / })
        .innerText(),
    ).replace('Retrait : ', '');
    // The address is hidden until the cook confirms.
    await consumerCard.getByText("L'adresse exacte s'affiche dès que le cuisinier a confirmé la commande.").waitFor();

    await openDashboardAs(cook, base, 'amina@popote.test', 'commandes');
    const upcoming = cook.getByRole('region', { name: /À préparer/ });
    const card = orderCard(upcoming, number);
    await card.waitFor();
    // In its slot's group, with the buyer's name.
    const time = slotText.split(', ').at(-1)!;
    const slotGroup = upcoming.getByRole('region', { name: `Retrait : ${time}` });
    expect(await orderCard(slotGroup, number).count()).toBe(1);
    await card.getByText(`Client : ${buyer.name}`).waitFor();
    // The preparation list names the dish and the buyer under that slot.
    const prep = cook.getByRole('region', { name: 'Liste de préparation' });
    const table = prep.getByRole('table').filter({ hasText: slotText });
    expect(plain(await table.innerText())).toContain(DEMO.tajine.name);
    expect(plain(await table.innerText())).toContain(buyer.name);
    expect(await cook.getByRole('button', { name: 'Imprimer la liste de préparation' }).isVisible()).toBe(true);

    // The status filter.
    await cook.getByLabel('Statut').selectOption('cancelled');
    expect(await orderCard(cook, number).count()).toBe(0);
    await cook.getByLabel('Statut').selectOption('pending');
    await orderCard(upcoming, number).waitFor();

    // Confirmed: the buyer now sees the pick-up address.
    await card.getByRole('button', { name: 'Confirmer', exact: true }).click();
    await consumerCard.getByText('12 rue de Marseille, 69007 Lyon 7e Arrondissement').waitFor();

    // The cook moves the slot; the buyer is told by email.
    await cook.getByLabel('Statut').selectOption(''); // (confirmed now: no longer under the 'pending' filter)
    await card.getByRole('button', { name: 'Déplacer le créneau' }).click();
    const newSlot = card.getByLabel('Nouveau créneau');
    await newSlot.locator('option').nth(1).waitFor({ state: 'attached' });
    const chosen = plain(await newSlot.locator('option').nth(1).innerText());
    await newSlot.selectOption({ index: 1 });
    await card.getByRole('button', { name: 'Déplacer', exact: true }).click();
    await cook.getByText('Créneau déplacé : le client est prévenu par email').waitFor();
    const moved = await waitForEmail(
      (m) => m.subject === `Nouveau créneau de retrait pour votre commande n° ${number}` && m.to.some((to) => to.address === buyer.email),
    );
    expect(plain(moved.text ?? null)).toContain(chosen);
    expect(consumerSide.pageErrors).toEqual([]);
    expect(cookSide.pageErrors).toEqual([]);
  });
});
