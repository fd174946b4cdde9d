import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import type { Page } from '@playwright/test';
import { newAccount, signUp } from './support/accounts';
import { describeViolations, seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { graphql } from './support/graphql';
import { markSellerVerified } from './support/seller';

/** A desktop Chrome: the BFF counts no display from a robot, and headless Chromium says it is one. */
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

async function shot(page: Page, name: string): Promise<void> {
  const folder = process.env.POPOTE_E2E_SCREENSHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: join(folder, `${name}.png`), fullPage: true });
}

/** What the cook has available to spend: a picked-up sale released in the ledger (the sale itself is payouts.e2e's). */
async function giveBalance(cookId: string, cents: number): Promise<void> {
  const mongoUrl = process.env.POPOTE_MONGO_URL;
  if (!mongoUrl) throw new Error('POPOTE_MONGO_URL is set by the test runner');
  const client = await MongoClient.connect(mongoUrl);
  try {
    await client
      .db('popote_payments')
      .collection('ledgerEntries')
      .insertOne({
        _id: `release:e2e-ads-${cookId}` as never,
        cook_id: cookId,
        kind: 'release',
        order_id: `e2e-ads-${cookId}`,
        payout_id: null,
        campaign_id: null,
        pending_cents: 0,
        available_cents: cents,
        advertising_cents: 0,
        created_at: new Date(),
      });
  } finally {
    await client.close();
  }
}

/** The cook's campaign row: its cells by column (after a reload, the figures as payments has them). */
async function campaignRow(page: Page, base: string, dish: string) {
  await page.goto(`${base}/cook/dashboard?onglet=mises-en-avant`);
  const row = page.getByRole('row').filter({ hasText: dish });
  await row.waitFor();
  const cells = await row.locator('th, td').allTextContents();
  const headers = await page.getByRole('columnheader').allTextContents();
  return Object.fromEntries(headers.map((h, i) => [h, (cells[i] ?? '').replace(/[\u00a0\u202f]/g, ' ')]));
}

async function until<T>(what: string, check: () => Promise<T | null | false>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** /meals until its sponsored card is the dish (the BFF learns of a new campaign within 10 s). */
async function openWithSponsored(page: Page, base: string, dish: string): Promise<void> {
  await until(`${dish} sponsored on /meals`, async () => {
    await page.goto(`${base}/meals`);
    await page.locator('main article').first().waitFor();
    return page
      .getByTestId('sponsored-card')
      .getByRole('link', { name: dish })
      .waitFor({ timeout: 3_000 })
      .then(() => true)
      .catch(() => false);
  });
}

test.describe('advertisements: a cook puts a dish forward, buyers see it labelled, the cook sees what it cost', () => {
  test("'Mettre en avant' → the third card of /meals, 'Sponsorisé' and 'Pourquoi ce plat ?' → a display and a click counted (not a robot's) → stopped, gone", async ({
    page: cook,
    base,
    openPage,
  }) => {
    const account = newAccount();
    await signUp(cook, base, account, 'cook');
    await markSellerVerified(account.email); // a new dish needs a verified seller (fixture)
    const dish = `Gratin mis en avant ${Date.now() % 100_000}`;
    const me = await graphql<{ me: { user: { user_id: string } } }>(cook, '{ me { user { user_id } } }');
    const cookId = me.data!.me.user.user_id;
    await graphql(cook, 'mutation($i: PickupSettingsInput!) { updatePickupSettings(input: $i) { cook_id } }', {
      i: {
        windows: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '23:45' })),
        days_off: [],
        address: { street: '3 rue du Four', postcode: '69007', commune_code: '69387' },
        cutoff_minutes: 0,
        slot_minutes: 15,
        capacity: 50,
        capacity_unit: 'orders',
      },
    });
    const created = await graphql(cook, 'mutation($i: CreateMealInput!) { createMeal(input: $i) { meal_id } }', {
      i: {
        name: dish,
        description: 'Gratin dauphinois',
        price_cents: 900,
        portions_available: 10,
        ingredients: ['Riz'],
        allergens: [],
        category: 'french',
        preparation_time: 60,
        available_date: new Date().toISOString(),
      },
    });
    expect(created.errors).toBeUndefined();
    await giveBalance(cookId, 2_000);

    // The form: the shared rules' French message, then a campaign of 10 € over 2 days.
    await cook.goto(`${base}/cook/dashboard?onglet=plats`);
    await cook.getByRole('button', { name: `Mettre en avant ${dish}` }).click();
    const dialog = cook.getByRole('dialog', { name: `Mettre en avant « ${dish} »` });
    await dialog.getByLabel('Budget total (€)').fill('4');
    await dialog.getByLabel('Nombre de jours').fill('2');
    await dialog.getByRole('button', { name: 'Lancer la mise en avant' }).click();
    await dialog.getByText("Le budget est d'au moins 5 €.").waitFor();
    await dialog.getByLabel('Budget total (€)').fill('10');
    await dialog.getByText('20,00 €').first().waitFor(); // the available balance, shown before paying
    await shot(cook, 'ads-form');
    const formViolations = await seriousViolations(cook);
    expect(formViolations, describeViolations(formViolations)).toEqual([]);
    await dialog.getByRole('button', { name: 'Lancer la mise en avant' }).click();
    await cook.getByText(`« ${dish} » est mis en avant : 10,00 € réservés sur votre solde.`, { exact: false }).first().waitFor();
    expect(await campaignRow(cook, base, dish)).toMatchObject({ Statut: 'En cours', Budget: '10,00 €', Affichages: '0' });

    const visitors: { close(): Promise<void> }[] = [];
    try {
      // A headless browser announces itself: it is shown the card, its display does not count.
      const robot = await openPage();
      visitors.push(robot.context);
      await openWithSponsored(robot.page, base, dish);
      await robot.page.waitForTimeout(2_500);

      const { context, page: visitor } = await openPage({ userAgent: CHROME });
      visitors.push(context);
      await openWithSponsored(visitor, base, dish);
      const card = visitor.getByTestId('sponsored-card');
      // Third among the cards of the default listing, labelled, with who paid and why.
      const third = visitor.locator('main ul > li').nth(2);
      expect(await third.getByTestId('sponsored-card').count()).toBe(1);
      await card.getByText('Sponsorisé', { exact: true }).waitFor();
      await card.getByRole('button', { name: 'Pourquoi ce plat ?' }).click();
      const why = card.getByText(`Ce plat est mis en avant contre paiement par ${account.username}`, { exact: false });
      await why.waitFor();
      expect(await card.getByRole('button', { name: 'Pourquoi ce plat ?' }).getAttribute('aria-expanded')).toBe('true');
      await shot(visitor, 'ads-meals-sponsored');
      const violations = await seriousViolations(visitor);
      expect(violations, describeViolations(violations)).toEqual([]);
      // A search ranks by relevance: no paid card there.
      await visitor.goto(`${base}/meals?q=gratin`);
      await visitor.getByRole('article', { name: dish, exact: true }).waitFor();
      await visitor.waitForTimeout(1_500);
      expect(await visitor.getByTestId('sponsored-card').count()).toBe(0);

      // The display (half the card on screen for a second), then the click that opens the dish.
      await openWithSponsored(visitor, base, dish);
      await until('the display counted', async () => (await campaignRow(cook, base, dish)).Affichages === '1');
      await card.getByRole('link', { name: dish }).click();
      await visitor.getByRole('heading', { level: 1, name: dish }).waitFor();
      const row = await until('the click counted', async () => {
        const r = await campaignRow(cook, base, dish);
        return r.Clics === '1' ? r : null;
      });
      // One display of 0,5 c rounds to 1 c; nothing given back while it runs.
      expect(row).toMatchObject({ Affichages: '1', Clics: '1', Commandes: '0', Dépensé: '0,01 €', Rendu: expect.stringMatching(/^—/) });
      await shot(cook, 'ads-campaigns');
      const tabViolations = await seriousViolations(cook);
      expect(tabViolations, describeViolations(tabViolations)).toEqual([]);
      // On a phone the table scrolls in its box: the page itself never gets wider than the screen.
      await cook.setViewportSize({ width: 390, height: 844 });
      expect(await cook.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await cook.setViewportSize({ width: 1280, height: 900 });

      // The CSV says the same.
      const [download] = await Promise.all([
        cook.waitForEvent('download'),
        cook.getByRole('button', { name: 'Télécharger le CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^popote-mises-en-avant-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = (await readFile((await download.path())!, 'utf8'))
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r\n/);
      expect(csv[0]).toBe('Plat;Statut;Début (UTC);Fin (UTC);Arrêtée (UTC);Budget (€);Dépensé (€);Rendu (€);Affichages;Clics;Commandes');
      expect(csv.find((l) => l.startsWith(dish))).toMatch(/;En cours;.*;10,00;0,01;;1;1;0$/);

      // Stopped: the tab says so, and the card leaves the pages (the BFF keeps its list 10 s, payments 5 s).
      cook.once('dialog', (d) => void d.accept());
      await cook.getByRole('row').filter({ hasText: dish }).getByRole('button', { name: 'Arrêter' }).click();
      await cook.getByRole('row').filter({ hasText: dish }).getByText('Arrêtée').first().waitFor();
      await until('the card gone from /meals', async () => {
        await visitor.goto(`${base}/meals`);
        await visitor.locator('main article').first().waitFor();
        await visitor.waitForTimeout(1_000);
        return (await visitor.getByTestId('sponsored-card').count()) === 0;
      });
    } finally {
      for (const v of visitors) await v.close();
    }
  });
});
