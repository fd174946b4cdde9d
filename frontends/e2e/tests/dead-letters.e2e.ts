import type { Locator, Page } from '@playwright/test';
import { describeViolations, seriousViolations } from './support/axe';
import { DEAD_LETTER_DURABLE, deadLetterOfValidEvent, publishInvalidEvent } from './support/dead-letters';
import { expectAccessible } from './support/console';
import { expect, test } from './support/fixtures';
import { addOperator, firstSignIn } from './support/operators';

/** The letter of `eventId`, once the page lists it ('Recharger' until the service has written it). */
async function letterRow(page: Page, eventId: string): Promise<Locator> {
  const row = page.getByTestId('dead-letter').filter({ hasText: eventId });
  await expect(async () => {
    await page.getByRole('button', { name: 'Recharger' }).click();
    await expect(row).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  return row;
}

const REASON = 'Vérification du rejeu depuis la console (test de bout en bout).';

test.describe("the console's dead letters", () => {
  test('a dead letter of notifications is listed; its replay asks a reason, is written to the journal, and is refused in French', async ({
    page,
    base,
  }) => {
    test.setTimeout(150_000);
    const eventId = publishInvalidEvent();
    await firstSignIn(page, base, addOperator(), '/console/lettres-mortes');
    await page.getByRole('heading', { level: 1, name: 'Lettres mortes' }).waitFor();

    // notifications writes it at the first delivery: 'Recharger' until it is there.
    const row = await letterRow(page, eventId);
    const notifications = page.getByRole('region', { name: /^notifications/ });
    await expect(notifications.getByRole('heading', { level: 2 })).toHaveText(/^notifications \(\d+ lettres? mortes?\)$/);
    await expect(row.getByRole('cell').first()).toHaveText(DEAD_LETTER_DURABLE);
    await expect(row).toContainText('evt.ordering.pickup-reminder-due.v1');
    await expect(row).toContainText('invalid message');
    const violations = await seriousViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);

    // 'Rejouer': the reason is required, then the service's answer.
    const seq = Number(await row.getByRole('cell').nth(1).textContent());
    await row.getByRole('button', { name: new RegExp(`^Rejouer la lettre n° ${seq} de ${DEAD_LETTER_DURABLE}$`) }).click();
    const reason = page.getByLabel('Motif du rejeu');
    await expect(reason).toBeFocused();
    await page.getByRole('button', { name: 'Rejouer la lettre', exact: true }).click();
    await expect(page.getByText('Le motif est obligatoire (il est écrit dans le journal)')).toBeVisible();
    await reason.fill(REASON);
    await page.getByRole('button', { name: 'Rejouer la lettre', exact: true }).click();
    // Still not an event notifications accepts: refused, and the letter stays.
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'Rejeu refusé, la lettre reste dans la file : Le traitement a encore échoué : invalid message' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Annuler' }).click();
    await page.getByRole('button', { name: 'Recharger' }).click();
    await expect(row).toBeVisible();

    // The journal has the replay asked, with its reason, written before it.
    await page.getByRole('navigation', { name: 'Navigation de la console' }).getByRole('link', { name: 'Journal' }).click();
    await page.getByRole('heading', { level: 1, name: 'Journal' }).waitFor();
    const line = page.getByTestId('audit-row').filter({ hasText: REASON });
    await expect(line).toHaveCount(1);
    await expect(line).toContainText(`notifications#${seq}`);
  });

  test('a dead letter whose cause is gone is replayed from the console: handled, it leaves the queue', async ({ page, base }) => {
    test.setTimeout(150_000);
    const eventId = deadLetterOfValidEvent();
    await firstSignIn(page, base, addOperator(), '/console/lettres-mortes');
    await page.getByRole('heading', { level: 1, name: 'Lettres mortes' }).waitFor();
    const row = await letterRow(page, eventId);
    await expectAccessible(page, 'Lettres mortes');
    const seq = Number(await row.getByRole('cell').nth(1).textContent());
    await row.getByRole('button', { name: new RegExp(`^Rejouer la lettre n° ${seq} de ${DEAD_LETTER_DURABLE}$`) }).click();
    await page.getByLabel('Motif du rejeu').fill(REASON);
    await page.getByRole('button', { name: 'Rejouer la lettre', exact: true }).click();
    await expect(page.getByText(`Lettre n° ${seq} rejouée`, { exact: false }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Recharger' }).click();
    await expect(row).toHaveCount(0);
  });
});
