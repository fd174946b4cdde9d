import type { Page } from '@playwright/test';
import { newAccount, signUp } from './support/accounts';
import { describeViolations, seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';

/** A PDF as far as its content says (the BFF reads the `%PDF-` header). */
const pdf = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
});

async function expectNoSeriousViolations(page: Page, what: string): Promise<void> {
  const violations = await seriousViolations(page);
  expect(violations, `${what}:\n${describeViolations(violations)}`).toEqual([]);
}

test.describe("traders' traceability: a new cook gives their trader details before selling; buyers see a verified seller", () => {
  test("'Ajouter un plat' sends a new cook to the 'Vendeur' tab; the form's French errors, two documents, then « En cours de vérification »", async ({
    page,
    pageErrors,
    base,
  }) => {
    test.setTimeout(120_000);
    await signUp(page, base, newAccount(), 'cook');

    // No dish before the details are verified: said at once, with the way to the tab.
    await page.goto(`${base}/create-meal`);
    await page.getByRole('heading', { level: 1, name: 'Ajouter un plat' }).waitFor();
    await page.getByText('renseignez vos informations de vendeur dans l’onglet « Vendeur »').waitFor();
    expect(await page.getByRole('button', { name: 'Créer le plat' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Ouvrir l’onglet « Vendeur »' }).click();
    await page.waitForURL(`${base}/cook/dashboard?onglet=vendeur`);
    await page.getByRole('heading', { name: 'Mes informations de vendeur' }).waitFor();
    await expect(page.getByTestId('trader-status')).toHaveText('À compléter');
    await expectNoSeriousViolations(page, "the 'Vendeur' tab");

    // Nothing is sent while it is wrong or incomplete; the reasons are in French, next to the fields.
    await page.getByLabel('Numéro SIRET').fill('732 829 320 00075');
    await page.getByRole('button', { name: 'Envoyer pour vérification' }).click();
    await page.getByText('Le numéro SIRET doit comporter 14 chiffres et être valide (clé de contrôle)').waitFor();
    await page.getByText('Ajoutez le récépissé de votre déclaration auprès de la DDPP').waitFor();
    await page.getByText('Vous devez cocher cet engagement pour vendre sur Popote').waitFor();
    await expectNoSeriousViolations(page, "the 'Vendeur' tab with its errors");

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
    await page.getByText('Informations envoyées : notre équipe va les vérifier').waitFor();
    await expect(page.getByTestId('trader-status')).toHaveText('En cours de vérification');
    // Read again from the server: kept as digits, shown spaced.
    await page.reload();
    await expect(page.getByLabel('Numéro SIRET')).toHaveValue('732 829 320 00074');
    await expect(page.getByTestId('trader-status')).toHaveText('En cours de vérification');

    // Still no dish until the team has verified them.
    await page.goto(`${base}/create-meal`);
    await page.getByText('Notre équipe vérifie vos informations de vendeur').waitFor();
    expect(pageErrors).toEqual([]);
  });

  test("a verified seller's page shows « Vendeur vérifié » and what the law asks to show, to anyone", async ({ page, base }) => {
    await page.goto(`${base}/cook/demo-cook-amina`);
    await page.getByRole('heading', { level: 1, name: 'Amina Benali' }).waitFor();
    await page.getByText('Vendeur vérifié').waitFor();
    const seller = page.getByRole('region', { name: 'Informations vendeur' });
    await seller.getByText('849 123 757 00015').waitFor();
    await seller.getByText('12 rue de Marseille, 69007 Lyon').waitFor();
    await expect(seller.getByRole('link', { name: 'amina@popote.test' })).toHaveAttribute('href', 'mailto:amina@popote.test');
    await expectNoSeriousViolations(page, "a verified seller's page");
  });
});
