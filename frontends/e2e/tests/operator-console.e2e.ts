import type { Page, Request } from '@playwright/test';
import { newAccount, signUp } from './support/accounts';
import { describeViolations, seriousViolations } from './support/axe';
import { expect, remoteBaseUrl, test } from './support/fixtures';
import { addOperator, appCode } from './support/operators';

const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];

/** Every request the page sends to the ops remote's server (its remoteEntry.js, chunks). */
async function watchOpsRemote(page: Page): Promise<string[]> {
  const origin = new URL(await remoteBaseUrl('ops')).origin;
  const fetched: string[] = [];
  page.on('request', (request: Request) => {
    if (new URL(request.url()).origin === origin) fetched.push(request.url());
  });
  return fetched;
}

async function expectAccessible(page: Page, what: string): Promise<void> {
  for (const viewport of WIDTHS) {
    await page.setViewportSize(viewport);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const violations = await seriousViolations(page);
    expect(violations, `${what} at ${viewport.width} px:\n${describeViolations(violations)}`).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${what} at ${viewport.width} px: nothing overflows sideways`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize(WIDTHS[0]!);
}

test.describe("the operators' console", () => {
  test('a buyer reaching /console is sent to its sign-in page, and never downloads the console', async ({ page, base }) => {
    test.setTimeout(90_000);
    const opsRequests = await watchOpsRemote(page);
    await signUp(page, base, newAccount(), 'consumer', { verify: false });
    await page.goto(`${base}/console/journal`);
    await page.waitForURL(`${base}/console/connexion?next=%2Fconsole%2Fjournal`);
    await page.getByRole('heading', { level: 1, name: 'Connexion à la console' }).waitFor();
    // None of the buyers' menu on the console's pages.
    await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toHaveCount(0);
    expect(opsRequests).toEqual([]);
  });

  test('first sign-in: password, a TOTP second factor set with the app, the recovery codes, then the journal with its own lines', async ({
    page,
    base,
  }) => {
    test.setTimeout(150_000);
    const operator = addOperator();
    const opsRequests = await watchOpsRemote(page);

    await page.goto(`${base}/console/journal`);
    await page.waitForURL(`${base}/console/connexion?next=%2Fconsole%2Fjournal`);
    await page.getByRole('heading', { level: 1, name: 'Connexion à la console' }).waitFor();
    await expectAccessible(page, '/console/connexion');
    expect(opsRequests, 'no console code before a session').toEqual([]);

    // A wrong password: the BFF's French refusal.
    await page.getByLabel('Email').fill(operator.email);
    await page.getByLabel('Mot de passe').fill('pas-le-bon');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Email, mot de passe ou code incorrect' })).toBeVisible();

    // The first password: the second factor to set.
    await page.getByLabel('Mot de passe').fill(operator.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByRole('heading', { level: 2, name: 'Activer la double authentification' }).waitFor();
    await expect(page.getByRole('img', { name: 'QR code à scanner avec votre application d’authentification' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Ouvrir dans l’application d’authentification/ })).toHaveAttribute(
      'href',
      /^otpauth:\/\/totp\//,
    );
    const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
    await expectAccessible(page, '/console/connexion (second factor)');

    await page.getByLabel('Code à 6 chiffres').fill('000000');
    await page.getByRole('button', { name: 'Activer' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Code incorrect ou expiré' })).toBeVisible();
    await page.getByLabel('Code à 6 chiffres').fill(await appCode(secret));
    await page.getByRole('button', { name: 'Activer' }).click();

    // The ten recovery codes, once.
    await page.getByRole('heading', { level: 2, name: 'Vos codes de secours' }).waitFor();
    const codes = (await page.getByTestId('recovery-codes').getByRole('listitem').allTextContents()).map((c) => c.trim());
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    await expect(page.getByRole('button', { name: 'Copier' })).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Télécharger (.txt)' }).click();
    expect((await download).suggestedFilename()).toBe('popote-console-codes-de-secours.txt');
    await expectAccessible(page, '/console/connexion (recovery codes)');
    await page.getByRole('button', { name: 'Continuer vers la console' }).click();
    await expect(page.getByText('Confirmez d’abord que vous avez mis ces codes en lieu sûr.')).toBeVisible();
    await page.getByLabel('J’ai mis ces codes en lieu sûr').check();
    await page.getByRole('button', { name: 'Continuer vers la console' }).click();

    // Back to the page asked for: the journal, newest first, with this operator's own lines.
    await page.waitForURL(`${base}/console/journal`);
    await page.getByRole('heading', { level: 1, name: 'Journal' }).waitFor();
    expect(
      opsRequests.some((url) => url.endsWith('/remoteEntry.js')),
      'the console loads once signed in',
    ).toBe(true);
    await expect(page.getByText('Console Popote', { exact: true })).toBeVisible();
    await expect(page.getByText(operator.name, { exact: true })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Navigation de la console' });
    for (const section of ['Signalements', 'Recours', 'Vendeurs', 'Journal'])
      await expect(nav.getByRole('link', { name: section })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Journal' })).toHaveAttribute('aria-current', 'page');
    for (const header of ['Date (heure de Paris)', 'Opérateur', 'Action', 'Cible', 'Motif'])
      await expect(page.getByRole('columnheader', { name: header })).toBeVisible();
    const mine = page.getByRole('row').filter({ hasText: operator.email });
    await expect(mine.filter({ has: page.getByRole('cell', { name: 'Connexion', exact: true }) })).toHaveCount(1);
    await expect(mine.filter({ hasText: 'Double authentification activée' })).toHaveCount(1);
    await expect(mine.filter({ hasText: 'Connexion refusée (email ou mot de passe)' })).toHaveCount(1);
    await expect(mine.filter({ hasText: 'Connexion refusée (code incorrect)' })).toHaveCount(1);
    await expectAccessible(page, '/console/journal');

    // The other sections open from the navigation (their work is moderation.e2e.ts's).
    for (const section of ['Signalements', 'Recours', 'Vendeurs']) {
      await nav.getByRole('link', { name: section }).click();
      await page.getByRole('heading', { level: 1, name: section }).waitFor();
    }

    // Signed out: the console's pages send to its sign-in page again.
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await page.waitForURL(/\/console\/connexion(\?|$)/);
    await page.getByRole('button', { name: 'Se connecter' }).waitFor();
    await page.goto(`${base}/console/journal`);
    await page.waitForURL(`${base}/console/connexion?next=%2Fconsole%2Fjournal`);

    // Phone lost: a recovery code instead of the app's, once.
    await page.getByLabel('Email').fill(operator.email);
    await page.getByLabel('Mot de passe').fill(operator.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByRole('button', { name: 'Utiliser un code de secours' }).click();
    await page.getByLabel('Code de secours').fill(codes[0]!);
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.waitForURL(`${base}/console/journal`);
    await expect(
      page.getByRole('row').filter({ hasText: operator.email }).filter({ hasText: 'Connexion avec un code de secours' }),
    ).toHaveCount(1);
  });
});
