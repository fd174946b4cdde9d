import type { Page } from '@playwright/test';
import { newAccount, signUp } from './support/accounts';
import { describeViolations, seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { graphql } from './support/graphql';

const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];

/** Waits for what each page shows once loaded, so axe checks the page and not its spinner. */
async function openAndSettle(page: Page, url: string, heading: string | RegExp): Promise<void> {
  await page.goto(url);
  await page.getByRole('heading', { level: 1, name: heading }).first().waitFor();
  // Pictures and data settle; a page that keeps a connection open is not waited for long.
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
}

async function expectNoSeriousViolations(page: Page, what: string): Promise<void> {
  const violations = await seriousViolations(page);
  expect(violations, `${what}:\n${describeViolations(violations)}`).toEqual([]);
}

test.describe('accessibility (axe-core: no serious or critical violation)', () => {
  // One test per width: each visits nine page states.
  for (const viewport of WIDTHS) {
    test.describe(() => {
      test.use({ viewport });

      test(`/, /meals, /auth and the static pages, ${viewport.width} px wide`, async ({ page, base }) => {
        test.setTimeout(120_000);
        const pages: [string, string | RegExp][] = [
          ['/', 'Des plats faits maison, près de chez vous'],
          ['/meals', 'Plats disponibles'],
          ['/auth', 'Connexion'],
          ['/about', 'À propos de Popote'],
          ['/faq', 'Questions fréquentes'],
          ['/privacy', 'Politique de confidentialité'],
          ['/contact', 'Contact'],
        ];
        for (const [path, heading] of pages) {
          await openAndSettle(page, `${base}${path}`, heading);
          if (path === '/') await page.getByRole('heading', { name: 'Plats à la une' }).waitFor();
          // The meal cards (their prices), not the list's skeleton.
          if (path === '/meals')
            await page
              .getByText(/\d+,\d{2}\s€/)
              .first()
              .waitFor();
          await expectNoSeriousViolations(page, `${path} at ${viewport.width} px`);
        }
        // Open states too: an FAQ answer, the contact form's errors.
        await openAndSettle(page, `${base}/faq`, 'Questions fréquentes');
        await page.getByRole('button', { name: 'Comment passer une commande ?' }).click();
        await expectNoSeriousViolations(page, `/faq (answer open) at ${viewport.width} px`);
        await openAndSettle(page, `${base}/contact`, 'Contact');
        await page.getByRole('button', { name: 'Envoyer le message' }).click();
        await page.getByText('Le nom est requis').waitFor();
        await expectNoSeriousViolations(page, `/contact (errors) at ${viewport.width} px`);
      });
    });
  }

  test('/cart signed in, with a meal in it, at 1280 and 390 px', async ({ page, base }) => {
    test.setTimeout(90_000);
    await signUp(page, base, newAccount());
    // One portion of a demo meal, through the BFF with the page's session cookies.
    const meals = await graphql<{ meals: { items: { meal_id: string; portions_available: number }[] } }>(
      page,
      'query { meals(first: 5) { items { meal_id portions_available } } }',
    );
    const meal = meals.data?.meals.items.find((item) => item.portions_available > 0);
    expect(meal, 'a meal in stock').toBeDefined();
    const cart = await graphql(page, 'mutation ($id: ID!) { addToCart(meal_id: $id, quantity: 1) { item_count } }', {
      id: meal?.meal_id,
    });
    expect(cart.errors).toBeUndefined();
    for (const viewport of WIDTHS) {
      await page.setViewportSize(viewport);
      await openAndSettle(page, `${base}/cart`, /^Panier/);
      await expectNoSeriousViolations(page, `/cart at ${viewport.width} px`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `/cart at ${viewport.width} px`).toBeLessThanOrEqual(0);
    }
  });

  test.describe(() => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('is usable with the keyboard: skip link first, visible focus, labelled controls', async ({ page, base }) => {
      test.setTimeout(90_000);
      await openAndSettle(page, `${base}/contact`, 'Contact');
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Aller au contenu' });
      expect(await skip.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await skip.isVisible()).toBe(true);
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('contenu');

      // From the main content, Tab reaches the form fields in order, each with a visible outline.
      await page.getByLabel('Nom', { exact: true }).focus();
      for (const label of ['Email', 'Sujet', 'Message']) {
        await page.keyboard.press('Tab');
        const focused = page.getByLabel(label, { exact: true });
        expect(await focused.evaluate((element) => element === document.activeElement), label).toBe(true);
        const outline = await focused.evaluate((element) => getComputedStyle(element).outlineStyle);
        expect(outline, label).not.toBe('none');
      }
      await page.keyboard.press('Tab');
      const submit = page.getByRole('button', { name: 'Envoyer le message' });
      expect(await submit.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await submit.evaluate((element) => getComputedStyle(element).outlineStyle)).not.toBe('none');

      // Nothing overflows sideways at 390 px.
      for (const path of ['/', '/meals', '/auth', '/about', '/faq', '/privacy', '/contact']) {
        await page.goto(`${base}${path}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, path).toBeLessThanOrEqual(0);
      }
    });
  });
});
