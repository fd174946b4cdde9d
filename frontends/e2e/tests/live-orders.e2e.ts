import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { DEMO, mealCard, openDashboardAs, openMeals, orderAsNewConsumer, orderCard } from './support/shop';

/** Marks the page; the mark survives only as long as the page is not reloaded. */
const markPage = (page: Page) => page.evaluate(() => Object.assign(window, { e2eNotReloaded: true }));
const stillSamePage = (page: Page) => page.evaluate(() => (window as { e2eNotReloaded?: boolean }).e2eNotReloaded === true);

test.describe('live orders: the cook moves an order along, the consumer follows without reloading', () => {
  test('shows new orders to the cook and status changes to the consumer live, then takes a review', async ({ base, openPage }) => {
    test.setTimeout(180_000);
    const cookSide = await openPage();
    const consumerSide = await openPage();
    const cook = cookSide.page;
    const consumer = consumerSide.page;
    // The demo cook whose meal will be ordered keeps the dashboard's 'Commandes' tab open.
    await openDashboardAs(cook, base, 'amina@popote.test', 'commandes');
    await cook.getByRole('heading', { name: 'Commandes reçues' }).waitFor();
    await cook.getByRole('tab', { name: 'Commandes', selected: true }).waitFor();
    await markPage(cook);

    // A fresh consumer orders the cook's tajine.
    const { number } = await orderAsNewConsumer(consumer, base, DEMO.tajine.name);
    expect(number).toHaveLength(8);
    await markPage(consumer);

    // The cook is told, and the order appears without a reload.
    await cook.getByText('Nouvelle commande !').first().waitFor();
    const cookOrder = orderCard(cook, number);
    await cookOrder.getByText('En attente de confirmation').waitFor();

    const consumerOrder = orderCard(consumer, number);
    const steps = [
      { action: 'Confirmer', label: 'Confirmée' },
      { action: 'Commencer la préparation', label: 'En préparation' },
      { action: 'Marquer comme prête', label: 'Prête pour le retrait' },
    ];
    for (const step of steps) {
      await cookOrder.getByRole('button', { name: step.action, exact: true }).click();
      await cookOrder.getByText(step.label, { exact: true }).waitFor();
      // The consumer's page follows by itself.
      await consumerOrder.getByText(step.label, { exact: true }).waitFor();
    }
    await consumerOrder.getByText('Votre commande est prête à être retirée !').waitFor();
    // A consumer may cancel only while pending.
    expect(await consumerOrder.getByRole('button', { name: 'Annuler la commande' }).count()).toBe(0);

    // Picked up: the order moves to 'Commandes récupérées' and asks for a review.
    await cookOrder.getByRole('button', { name: 'Marquer comme récupérée', exact: true }).click();
    await cookOrder.getByText('Récupérée', { exact: true }).waitFor();
    const delivered = consumer.getByRole('region', { name: /Commandes récupérées/ });
    const deliveredOrder = orderCard(delivered, number);
    await deliveredOrder.getByText('Récupérée', { exact: true }).waitFor();
    expect(await stillSamePage(consumer)).toBe(true);
    expect(await stillSamePage(cook)).toBe(true);

    await deliveredOrder.getByRole('radio', { name: '5 étoiles' }).check();
    await deliveredOrder.getByLabel('Commentaire (facultatif)').fill('Délicieux, merci !');
    await deliveredOrder.getByRole('button', { name: 'Envoyer mon avis' }).click();
    await consumer.getByText('Merci pour votre avis !').waitFor();
    await deliveredOrder.getByRole('img', { name: 'Votre avis : 5 sur 5' }).waitFor();
    expect(await deliveredOrder.getByRole('button', { name: 'Envoyer mon avis' }).count()).toBe(0);

    // The meal's rating is updated asynchronously: its card shows it once it is.
    let rated = '';
    for (let attempt = 0; attempt < 20 && !rated; attempt += 1) {
      await openMeals(consumer, base, DEMO.tajine.name);
      const text = await mealCard(consumer, DEMO.tajine.name).innerText();
      if (/\(\d+ avis\)/.test(text)) rated = text;
      else await consumer.waitForTimeout(1000);
    }
    expect(rated).toMatch(/\d,\d[\s\S]*\(\d+ avis\)/);
    await mealCard(consumer, DEMO.tajine.name).getByRole('link', { name: DEMO.tajine.name }).click();
    await consumer.getByRole('heading', { level: 1, name: DEMO.tajine.name }).waitFor();
    await consumer
      .getByText(/\(\d+ avis\)/)
      .first()
      .waitFor();

    // The cook's reviews tab lists it.
    await cook.getByRole('tab', { name: 'Avis' }).click();
    await cook.getByText('Délicieux, merci !').waitFor();

    expect(cookSide.pageErrors).toEqual([]);
    expect(consumerSide.pageErrors).toEqual([]);
  });
});
