import { expect, test } from './support/fixtures';

test.describe('shell navigation', () => {
  test('shows "Page introuvable" with a way home for an unknown address', async ({ page, base }) => {
    await page.goto(`${base}/cette-page-n-existe-pas`);
    await page.getByRole('heading', { level: 1, name: 'Page introuvable' }).waitFor();
    await page.getByRole('link', { name: "Retour à l'accueil" }).click();
    await page.getByRole('link', { name: 'Découvrir les plats' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  test.describe(() => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('searches from the nav bar, and the small-screen menu closes after a link', async ({ page, base }) => {
      await page.goto(`${base}/`);
      const menu = page.getByRole('button', { name: 'Menu' });
      const browse = page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Parcourir les plats' });
      expect(await browse.isVisible()).toBe(false);

      await menu.click();
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
      await page.getByRole('searchbox', { name: 'Rechercher des plats' }).fill('tajine');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: 'Plats disponibles' }).waitFor();
      expect(new URL(page.url()).search).toBe('?q=tajine');
      expect(await menu.getAttribute('aria-expanded')).toBe('false');

      await menu.click();
      await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Connexion' }).click();
      await page.getByRole('heading', { level: 1, name: 'Connexion' }).waitFor();
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
    });
  });
});
