import type { Locator, Page } from '@playwright/test';
import { newAccount, signUp } from './support/accounts';
import { expect, test } from './support/fixtures';
import { graphql } from './support/graphql';
import { expectAccessible } from './support/console';
import { addOperator, firstSignIn } from './support/operators';
import { waitForEmail } from './support/mail';
import { signInAs } from './support/shop';

/**
 * The operators' console at work (notice and action, ADR 0042; traders' traceability): a report
 * decided from the queue with its confirmed measure, the dish gone, its cook's statement by email and
 * appeal from the profile, the appeal refused to the operator who decided and decided by another, the
 * dish back, the transparency report counting it; a cook's trader details asked to be completed, then verified. Each page
 * passes axe at 1280 and 390 px without sideways scrolling.
 */
/** Pages through a console list with « Suivants » until `target` shows (other tests leave items in the shared lists). */
async function findInList(page: Page, target: Locator, what: string): Promise<Locator> {
  for (let i = 0; i < 20; i += 1) {
    if ((await target.count()) > 0) return target;
    const next = page.getByRole('button', { name: 'Suivants', exact: true });
    if ((await next.count()) === 0 || (await next.isDisabled())) break;
    await next.click();
    await page.waitForTimeout(300);
  }
  await target
    .first()
    .waitFor({ timeout: 1000 })
    .catch(() => undefined);
  if ((await target.count()) === 0) throw new Error(`not in the list: ${what}`);
  return target;
}

/** A new dish of the demo cook lucas, on sale; its id. */
async function putOnSale(page: Page, base: string, name: string): Promise<string> {
  await signInAs(page, base, 'lucas@popote.test');
  const created = await graphql<{ createMeal?: { meal_id: string } }>(
    page,
    'mutation($i: CreateMealInput!) { createMeal(input: $i) { meal_id } }',
    {
      i: {
        name,
        description: 'Une tarte aux poires et aux amandes, pâte maison.',
        price_cents: 700,
        portions_available: 4,
        ingredients: ['Riz'],
        allergens: [],
        category: 'dessert',
        preparation_time: 30,
        available_date: new Date().toISOString(),
      },
    },
  );
  expect(created.errors).toBeUndefined();
  const mealId = created.data?.createMeal?.meal_id;
  if (!mealId) throw new Error('createMeal answered no meal');
  return mealId;
}

/** The dish page's title once it has loaded: the dish's name when on sale, the « not found » page's otherwise. */
async function dishPageTitle(page: Page, base: string, mealId: string): Promise<string> {
  await page.goto(`${base}/meals/${mealId}`);
  const title = page.getByRole('heading', { level: 1 }).first();
  await title.waitFor();
  return (await title.textContent())?.trim() ?? '';
}

/** A PDF as far as its content says (the BFF reads the `%PDF-` header). */
const pdf = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
});

/** A new cook's trader details sent from the dashboard's 'Vendeur' tab, as the cook does. */
async function sendTraderDetails(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/cook/dashboard?onglet=vendeur`);
  await page.getByRole('heading', { name: 'Mes informations de vendeur' }).waitFor();
  await page.getByLabel('Numéro SIRET').fill('732 829 320 00074');
  await page.getByLabel('Numéro et rue').fill('8 rue des Tanneurs');
  await page.getByLabel('Code postal').fill('69001');
  await page.getByLabel('Commune', { exact: true }).fill('Lyon');
  await page.getByLabel('Téléphone').fill('06 12 34 56 78');
  await page.getByLabel('Choisir un fichier : Récépissé de déclaration auprès de la DDPP').setInputFiles(pdf('recepisse.pdf'));
  await page.getByTestId('trader-document-ddpp_receipt').getByRole('link').waitFor();
  await page.getByLabel('Choisir un fichier : Attestation de formation à l’hygiène alimentaire').setInputFiles(pdf('attestation.pdf'));
  await page.getByTestId('trader-document-hygiene_certificate').getByRole('link').waitFor();
  await page.getByLabel(/^Je m’engage à ne proposer sur Popote/).check();
  await page.getByRole('button', { name: 'Envoyer pour vérification' }).click();
  await expect(page.getByTestId('trader-status')).toHaveText('En cours de vérification');
}

test.describe("the operators' console: reports, appeals and sellers", () => {
  test('a report decided from the queue (measure confirmed), then its appeal: refused to its author, decided by another operator', async ({
    page,
    base,
    openPage,
  }) => {
    test.setTimeout(240_000);
    const dish = `Tarte signalée ${Date.now().toString(36)}`;
    const cook = await openPage();
    const mealId = await putOnSale(cook.page, base, dish);

    // A visitor reports it (the dialog itself is report-content.e2e.ts's).
    const visitor = await openPage();
    await visitor.page.goto(`${base}/`);
    const explanation = 'Des morceaux de coquille de noix dans la tarte, allergène non signalé.';
    const reported = await graphql(visitor.page, 'mutation($i: ReportContentInput!) { reportContent(input: $i) { report_id } }', {
      i: { target_kind: 'meal', target_id: mealId, reason: 'fraud', explanation, contact_email: `temoin-${Date.now()}@exemple.fr` },
    });
    expect(reported.errors).toBeUndefined();

    // The queue, filtered by reason and kind, then « Examiner ».
    const operator = addOperator();
    await firstSignIn(page, base, operator, '/console/signalements');
    await page.getByRole('heading', { level: 1, name: 'Signalements' }).waitFor();
    for (const header of ['Reçu le (heure de Paris)', 'Contenu', 'Motif', 'Signalé par'])
      await expect(page.getByRole('columnheader', { name: header })).toBeVisible();
    await page.getByLabel('Motif', { exact: true }).selectOption('fraud');
    await page.getByLabel('Type de contenu', { exact: true }).selectOption('meal');
    await page.waitForURL(/\/console\/signalements\?.*motif=fraud/);
    const row = await findInList(page, page.getByRole('row').filter({ hasText: dish }), 'the report');
    await expect(row).toContainText('Fraude ou arnaque');
    await expectAccessible(page, '/console/signalements');
    await row.getByRole('link', { name: `Examiner : ${dish}` }).click();
    await page.waitForURL(/\/console\/signalements\/[^/?]+$/);
    await page.getByRole('heading', { level: 1, name: 'Examen d’un signalement' }).waitFor();
    const item = page.getByRole('region', { name: 'Contenu signalé', exact: true });
    await expect(item.getByRole('region', { name: 'Tel que signalé', exact: true })).toContainText(
      'Une tarte aux poires et aux amandes, pâte maison.',
    );
    await expect(item.getByRole('region', { name: 'Aujourd’hui', exact: true })).toContainText(
      'Une tarte aux poires et aux amandes, pâte maison.',
    );
    await expect(item.getByRole('link', { name: /^Voir la page publique/ })).toHaveAttribute('href', `/meals/${mealId}`);
    await expect(page.getByRole('region', { name: 'Le signalement', exact: true })).toContainText(explanation);
    await expect(page.getByRole('region', { name: 'Historique de la personne qui signale', exact: true })).toContainText(
      /\d+ signalements?, dont \d+ suivis? d’une mesure/,
    );
    await expectAccessible(page, "a report's page");

    // The measures of a dish only; the statement is required; a restrictive measure is confirmed by name.
    const decision = page.getByRole('region', { name: 'Décision', exact: true });
    await expect(decision.getByRole('radio')).toHaveCount(3);
    await expect(decision.getByRole('radio', { name: 'Avis retiré' })).toHaveCount(0);
    await decision.getByRole('button', { name: 'Décider', exact: true }).click();
    await expect(decision.getByText('Choisissez une mesure')).toBeVisible();
    await decision.getByRole('radio', { name: 'Plat retiré de la vente' }).check();
    const statement = 'Plusieurs éléments concordants montrent un allergène non déclaré : le plat est retiré de la vente.';
    await decision.getByLabel('Motivation de la décision', { exact: true }).fill(statement);
    await decision.getByRole('button', { name: 'Décider', exact: true }).click();
    await decision.getByRole('button', { name: 'Confirmer : Plat retiré de la vente' }).click();
    await expect(page.getByText('Décision enregistrée')).toBeVisible();
    await expect(decision).toContainText('Plat retiré de la vente');
    await expect(decision).toContainText(statement);
    await expect(decision.getByRole('button', { name: 'Décider', exact: true })).toHaveCount(0);

    // The dish leaves the site; its cook gets the statement of reasons by email and appeals from the profile.
    await expect.poll(() => dishPageTitle(visitor.page, base, mealId), { timeout: 20_000 }).not.toBe(dish);
    const statementEmail = await waitForEmail((m) => m.to.some((a) => a.address === 'lucas@popote.test') && m.subject.includes(dish));
    expect(statementEmail.subject).toBe(`Décision concernant votre plat « ${dish} »`);
    expect(statementEmail.text).toContain(statement);
    expect(statementEmail.text).toContain('/profile#moderation');
    await cook.page.goto(`${base}/profile#moderation`);
    const card = cook.page.locator('#moderation');
    const mineOnProfile = card.getByRole('listitem').filter({ hasText: dish });
    await expect(mineOnProfile).toContainText('Plat retiré de la vente');
    await expect(mineOnProfile).toContainText(statement);
    await mineOnProfile.getByRole('button', { name: 'Former un recours' }).click();
    await mineOnProfile.getByLabel('Votre recours').fill('Il n’y a pas de noix dans cette tarte : la recette est sans fruits à coque.');
    await mineOnProfile.getByRole('button', { name: 'Envoyer le recours' }).click();
    await expect(mineOnProfile).toContainText("Recours en cours d'examen");
    await expectAccessible(cook.page, '/profile#moderation');

    // The operator who decided sees the appeal, and that another operator decides it.
    await page.getByRole('navigation', { name: 'Navigation de la console' }).getByRole('link', { name: 'Recours' }).click();
    await page.getByRole('heading', { level: 1, name: 'Recours' }).waitFor();
    const mine = page.getByRole('region', { name: `Plat : ${dish}`, exact: true });
    await expect(mine).toContainText('Il n’y a pas de noix dans cette tarte');
    await expect(mine).toContainText('Un recours est tranché par un autre opérateur que l’auteur de la décision');
    await expect(mine.getByRole('button', { name: 'Trancher le recours' })).toHaveCount(0);

    // Another operator lifts the measure.
    const second = await openPage();
    await firstSignIn(second.page, base, addOperator(), '/console/recours');
    const appeal = second.page.getByRole('region', { name: `Plat : ${dish}`, exact: true });
    await expect(appeal).toContainText('Plat retiré de la vente');
    await expect(appeal).toContainText(statement);
    await expectAccessible(second.page, '/console/recours');
    await appeal.getByRole('button', { name: 'Trancher le recours' }).click();
    await expect(appeal.getByText('Choisissez l’issue du recours')).toBeVisible();
    await appeal.getByRole('radio', { name: 'Lever la mesure' }).check();
    await appeal
      .getByLabel('Motivation de la décision sur le recours', { exact: true })
      .fill('La recette et les photos fournies ne montrent aucun fruit à coque : la mesure est levée.');
    await appeal.getByRole('button', { name: 'Trancher le recours' }).click();
    await expect(second.page.getByText('Recours accepté : la mesure est levée')).toBeVisible();
    await expect(appeal).toHaveCount(0);

    // The dish is on sale again; the cook is told, and the profile says so.
    await expect.poll(() => dishPageTitle(visitor.page, base, mealId), { timeout: 20_000 }).toBe(dish);
    await waitForEmail((m) => m.to.some((a) => a.address === 'lucas@popote.test') && m.subject === 'Votre recours a été accepté');
    await cook.page.reload();
    await expect(cook.page.locator('#moderation').getByRole('listitem').filter({ hasText: dish })).toContainText(
      'Recours accepté : la mesure est levée',
    );

    // The year's transparency report counts it (public page, its CSV).
    await visitor.page.goto(`${base}/transparence`);
    await visitor.page.getByRole('heading', { level: 1, name: 'Rapport de transparence' }).waitFor();
    await expect(visitor.page.getByRole('heading', { level: 2, name: /^Décisions : [1-9]/ })).toBeVisible();
    await expect(visitor.page.getByRole('heading', { level: 2, name: /^Recours : [1-9]/ })).toBeVisible();
    await expectAccessible(visitor.page, '/transparence');
  });

  test('a cook’s trader details: completion asked with a message, sent again, then verified; the documents open with the console’s session', async ({
    page,
    base,
    openPage,
  }) => {
    test.setTimeout(240_000);
    const account = newAccount();
    const cook = await openPage();
    await signUp(cook.page, base, account, 'cook');
    await sendTraderDetails(cook.page, base);

    await firstSignIn(page, base, addOperator(), '/console/vendeurs');
    await page.getByRole('heading', { level: 1, name: 'Vendeurs' }).waitFor();
    await expect(page.getByLabel('Dossiers', { exact: true })).toHaveValue('submitted');
    const file = await findInList(
      page,
      page.getByRole('region', { name: account.name, exact: true }).filter({ hasText: `@${account.username}` }),
      'the cook’s file',
    );
    await expect(file).toContainText('732 829 320 00074');
    await expect(file.getByRole('link', { name: /^Vérifier sur l’annuaire des entreprises/ })).toHaveAttribute(
      'href',
      'https://annuaire-entreprises.data.gouv.fr/etablissement/73282932000074',
    );
    for (const name of [/^Récépissé de déclaration auprès de la DDPP/, /^Attestation de formation à l’hygiène alimentaire/]) {
      const href = await file.getByRole('link', { name }).getAttribute('href');
      expect(href).toMatch(/^\/media\/traders\//);
      const document = await page.request.get(`${base}${href}`);
      expect(document.status(), `${href} with the console's session`).toBe(200);
    }
    await expectAccessible(page, '/console/vendeurs');

    // Completion asked: the message is required.
    await file.getByRole('button', { name: 'Demander des compléments' }).click();
    await file.getByRole('button', { name: 'Envoyer la demande' }).click();
    await expect(file.getByText('Expliquez au cuisinier ce qu’il doit compléter')).toBeVisible();
    const message = 'L’attestation d’hygiène est illisible : envoyez un scan net.';
    await file.getByLabel('Message au cuisinier', { exact: true }).fill(message);
    await file.getByRole('button', { name: 'Envoyer la demande' }).click();
    await expect(page.getByText(`Compléments demandés à ${account.name}`)).toBeVisible();
    await expect(file).toHaveCount(0);
    await page.getByLabel('Dossiers', { exact: true }).selectOption('more_info_requested');
    const waiting = await findInList(
      page,
      page.getByRole('region', { name: account.name, exact: true }).filter({ hasText: `@${account.username}` }),
      'the file waiting for the cook',
    );
    await expect(waiting).toContainText(message);
    await expect(waiting.getByRole('button', { name: 'Vérifier' })).toHaveCount(0);

    // The cook sends them again; the operator verifies the new submission.
    await cook.page.reload();
    await expect(cook.page.getByTestId('trader-status')).toHaveText(`Compléments demandés : ${message}`);
    await cook.page.getByRole('button', { name: 'Envoyer pour vérification' }).click();
    await expect(cook.page.getByTestId('trader-status')).toHaveText('En cours de vérification');
    await page.getByLabel('Dossiers', { exact: true }).selectOption('submitted');
    const again = await findInList(
      page,
      page.getByRole('region', { name: account.name, exact: true }).filter({ hasText: `@${account.username}` }),
      'the file sent again',
    );
    await again.getByRole('button', { name: 'Vérifier', exact: true }).click();
    await expect(page.getByText(`${account.name} : vendeur vérifié`)).toBeVisible();
    await expect(again).toHaveCount(0);
    await cook.page.reload();
    await expect(cook.page.getByTestId('trader-status')).toHaveText('Vendeur vérifié');
  });
});
