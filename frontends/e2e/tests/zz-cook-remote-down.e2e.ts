import { mainNav, newAccount, pathOf, signUp } from './support/accounts';
import { expect, remoteBaseUrl, test } from './support/fixtures';

const UNAVAILABLE = 'Cette partie du site est momentanément indisponible.';

/**
 * Independent deployment, for real: the cook remote's own server is stopped (not a request
 * blocked in the browser, as remote-down.e2e.ts does). The consumer remote and the shell are
 * separate servers and keep working; cook pages show the shell's fallback.
 *
 * Runs last (files run in name order, see playwright.config.ts): nothing after it has a cook remote.
 */
test.describe('the cook remote is stopped', () => {
  test('keeps the consumer pages working and shows the fallback on cook pages', async ({ page, pageErrors, base }) => {
    const pid = Number(process.env.POPOTE_COOK_PID);
    if (!Number.isInteger(pid) || pid <= 0) {
      throw new Error('POPOTE_COOK_PID is not set: ./popote test passes the cook remote server’s process id');
    }
    const cookBase = await remoteBaseUrl('cook');
    // A cook, signed in while everything is up (the dashboard is for cooks only).
    await signUp(page, base, newAccount(), 'cook');
    await page.goto(`${base}/cook/dashboard`);
    await page.getByRole('heading', { level: 1, name: 'Tableau de bord' }).waitFor();

    process.kill(pid, 'SIGTERM');
    const deadline = Date.now() + 10_000;
    for (;;) {
      const up = await fetch(`${cookBase}remoteEntry.js`, { signal: AbortSignal.timeout(1_000) }).then(
        () => true,
        () => false,
      );
      if (!up) break;
      if (Date.now() > deadline) throw new Error(`the cook remote (pid ${pid}) still answers at ${cookBase}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    // A new page load: the shell only knows the remote's entry URL, which no longer answers.
    await page.goto(`${base}/cook/dashboard`);
    await page.getByText(UNAVAILABLE).waitFor();
    await page.getByRole('button', { name: 'Réessayer' }).click();
    await page.getByText(UNAVAILABLE).waitFor();
    await page.goto(`${base}/create-meal`);
    await page.getByText(UNAVAILABLE).waitFor();
    // The shell's own chrome is all there, and leads to the consumer remote's pages.
    await mainNav(page).getByRole('link', { name: 'Tableau de bord' }).waitFor();
    await mainNav(page).getByRole('link', { name: 'Parcourir les plats' }).click();
    await page.getByRole('heading', { level: 1, name: 'Plats disponibles' }).waitFor();
    expect(pathOf(page)).toBe('/meals');
    await page
      .getByText(/\d+,\d{2}\s€/)
      .first()
      .waitFor();

    // A meal's page, the home page and a shell page, all without the cook remote.
    const mealLinks = await page
      .locator('main a[href^="/meals/"]')
      .evaluateAll((links) =>
        links.map((link) => link.getAttribute('href')).filter((href): href is string => /^\/meals\/[^/]+$/.test(href ?? '')),
      );
    expect(mealLinks.length).toBeGreaterThan(0);
    await page.goto(`${base}${mealLinks[0]}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByText(UNAVAILABLE).count()).toBe(0);
    await page.goto(`${base}/`);
    await page.getByRole('heading', { name: 'Plats à la une' }).waitFor();
    await page.goto(`${base}/faq`);
    await page.getByRole('heading', { level: 1, name: 'Questions fréquentes' }).waitFor();
    expect(await page.getByText(UNAVAILABLE).count()).toBe(0);

    // Back on a cook page: still the fallback, never a blank page or an uncaught error.
    await page.goto(`${base}/cook/dashboard`);
    await page.getByText(UNAVAILABLE).waitFor();
    expect(pageErrors).toEqual([]);
  });
});
