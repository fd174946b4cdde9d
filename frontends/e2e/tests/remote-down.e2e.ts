import { newAccount, signUp } from './support/accounts';
import { expect, remoteBaseUrl, test } from './support/fixtures';

const UNAVAILABLE = 'Cette partie du site est momentanément indisponible.';

test.describe('the shell survives a missing remote', () => {
  test('shows the French fallback for the cook dashboard, keeps the navigation working, and retries', async ({ page, base }) => {
    const cookBase = await remoteBaseUrl('cook');
    // The dashboard is for cooks: sign up as one first (the shell and the BFF are up).
    await signUp(page, base, newAccount(), 'cook');

    // The cook remote is "down": its entry and chunks never arrive.
    const blockCook = (url: URL) => url.href.startsWith(cookBase);
    await page.route(blockCook, (route) => route.abort('connectionrefused'));

    await page.goto(`${base}/cook/dashboard`);
    await page.getByText(UNAVAILABLE).waitFor();
    const retry = page.getByRole('button', { name: 'Réessayer' });
    expect(await retry.isVisible()).toBe(true);

    // The shell's own navigation still works, to a page of another remote.
    await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Parcourir les plats' }).click();
    await page.getByRole('heading', { level: 1, name: 'Plats disponibles' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/meals');

    // Back on the dashboard with the remote still down, then "Réessayer" once it is back.
    await page.goBack();
    await page.getByText(UNAVAILABLE).waitFor();
    await page.unroute(blockCook);
    await page.getByRole('button', { name: 'Réessayer' }).click();
    await page.getByRole('heading', { level: 1, name: 'Tableau de bord' }).waitFor();
  });
});
