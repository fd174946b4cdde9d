import type { Page } from '@playwright/test';
import { describeViolations, seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { waitForEmail } from './support/mail';
import { DEMO, mealCard, openMeals } from './support/shop';

/**
 * 'Signaler' (notice and action, DSA Art. 16; ADR 0042): a visitor reports a dish from its page with
 * their address, certifies it, is thanked inside the dialog and receives the acknowledgement; the
 * dialog passes axe at 1280 and 390 px, closes on Escape and gives the focus back.
 */
const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];
const DISH = DEMO.quiche.name;
const CERTIFY = 'Je certifie que les informations de ce signalement sont exactes et complètes';
const THANKS = 'Merci, votre signalement a été envoyé. Vous recevrez un accusé de réception par email.';

/** From /meals to the dish's own page. */
async function openDish(page: Page, base: string, name: string): Promise<void> {
  await openMeals(page, base, name);
  await mealCard(page, name).getByRole('link', { name }).click();
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

const reportDialog = (page: Page) => page.getByRole('dialog', { name: 'Signaler un contenu' });

async function expectNoSeriousViolations(page: Page, what: string): Promise<void> {
  const violations = await seriousViolations(page);
  expect(violations, `${what}:\n${describeViolations(violations)}`).toEqual([]);
}

test.describe("'Signaler' a dish, a cook or a review", () => {
  test('a visitor reports a dish with their address, is thanked in the dialog and gets the acknowledgement by email', async ({
    page,
    base,
    pageErrors,
  }) => {
    await openDish(page, base, DISH);
    const open = page.getByRole('button', { name: 'Signaler ce plat' });
    await expect(open).toHaveText('Signaler');
    await open.click();
    const dialog = reportDialog(page);
    await dialog.waitFor();
    await expect(dialog).toContainText(`Plat : ${DISH}`);
    await expect(dialog).toContainText(
      "Votre signalement est examiné par une personne de l'équipe Popote. Signaler de mauvaise foi peut engager votre responsabilité.",
    );

    // Checked in the browser first, in French, nothing sent.
    const reports: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/graphql') && request.postData()?.includes('reportContent')) reports.push(request.postData() ?? '');
    });
    await dialog.getByRole('button', { name: 'Envoyer le signalement' }).click();
    for (const message of [
      'Choisissez un motif',
      'Expliquez en quelques mots ce qui ne va pas (au moins 10 caractères)',
      'Indiquez une adresse email pour être tenu informé',
      'Cochez cette case pour certifier votre signalement',
    ]) {
      await expect(dialog.getByText(message)).toBeVisible();
    }
    await expect(dialog.getByRole('radio', { name: 'Sécurité alimentaire' })).toBeFocused();
    expect(reports).toEqual([]);

    const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const email = `e2e-report-${id}@popote.test`;
    await dialog.getByRole('radio', { name: 'Allergènes non déclarés' }).check();
    await dialog
      .getByLabel('Expliquez ce qui ne va pas')
      .fill('La description ne mentionne pas les œufs ni le lait, présents dans la pâte.');
    await dialog.getByLabel('Votre adresse email').fill(email);
    await dialog.getByRole('checkbox', { name: CERTIFY }).check();
    await dialog.getByRole('button', { name: 'Envoyer le signalement' }).click();

    await expect(dialog.getByText(THANKS)).toBeVisible();
    await expect(dialog.getByText(THANKS)).toBeFocused();
    expect(reports).toHaveLength(1);
    expect(JSON.parse(reports[0]!).variables.input).toMatchObject({
      target_kind: 'meal',
      reason: 'undeclared_allergens',
      contact_email: email,
    });

    // The acknowledgement (Art. 16(4)) reaches the address given.
    const acknowledgement = await waitForEmail(
      (message) => message.subject === 'Nous avons bien reçu votre signalement' && message.to.some((to) => to.address === email),
    );
    expect(acknowledgement.text).toContain(`« ${DISH} »`);
    expect(acknowledgement.text).toContain('allergènes non déclarés');

    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
    expect(pageErrors).toEqual([]);
  });

  for (const viewport of WIDTHS) {
    test.describe(() => {
      test.use({ viewport });

      test(`the report dialog passes axe, fits and closes on Escape, ${viewport.width} px wide`, async ({ page, base }) => {
        await openDish(page, base, DISH);
        const open = page.getByRole('button', { name: 'Signaler ce plat' });
        await open.click();
        const dialog = reportDialog(page);
        await dialog.getByRole('button', { name: 'Envoyer le signalement' }).waitFor();
        await expectNoSeriousViolations(page, `the report dialog at ${viewport.width} px`);
        const box = await dialog.boundingBox();
        expect(box, 'the dialog is shown').not.toBeNull();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);

        // With its French errors shown.
        await dialog.getByRole('button', { name: 'Envoyer le signalement' }).click();
        await dialog.getByText('Choisissez un motif').waitFor();
        await expectNoSeriousViolations(page, `the report dialog with its errors at ${viewport.width} px`);

        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
        await expect(open).toBeFocused();

        // The cook's page: 'Signaler ce cuisinier' opens the same dialog about the cook.
        await page.locator('main a[href^="/cook/"]').first().click();
        await page.getByRole('heading', { level: 1 }).waitFor();
        const cookButton = page.getByRole('button', { name: 'Signaler ce cuisinier' });
        await cookButton.click();
        await expect(reportDialog(page)).toContainText('Cuisinier : ');
        await expectNoSeriousViolations(page, `the report dialog on a cook's page at ${viewport.width} px`);
        await page.keyboard.press('Escape');
        await expect(reportDialog(page)).toBeHidden();
        await expect(cookButton).toBeFocused();
      });
    });
  }
});
