import type { Page } from '@playwright/test';
import { pathOf } from './support/accounts';
import { contactEmail, expect, test } from './support/fixtures';

const footer = (page: Page) => page.getByRole('navigation', { name: 'Liens du pied de page' });

test.describe('static pages and footer', () => {
  test('renders /about, /faq, /privacy and /contact in French, reached from the footer', async ({ page, pageErrors, base }) => {
    const support = await contactEmail();
    await page.goto(`${base}/meals`);
    await page.getByRole('heading', { level: 1, name: 'Plats disponibles' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');

    // The footer's links and the support address from the runtime configuration. The
    // heading may be the server's first paint of /meals: the footer comes with the real page.
    await footer(page).getByRole('link', { name: 'Parcourir les plats', exact: true }).waitFor();
    for (const name of ['Parcourir les plats', 'Devenir cuisinier', 'À propos', 'FAQ', 'Contact', 'Confidentialité']) {
      expect(await footer(page).getByRole('link', { name, exact: true }).count(), name).toBe(1);
    }
    expect(await footer(page).getByRole('link', { name: 'Devenir cuisinier' }).getAttribute('href')).toBe(
      '/auth?mode=inscription&type=cook',
    );
    const mail = page.getByRole('contentinfo').getByRole('link', { name: support });
    expect(await mail.getAttribute('href')).toBe(`mailto:${support}`);

    const pages = [
      {
        link: 'À propos',
        path: '/about',
        heading: 'À propos de Popote',
        title: 'À propos · Popote',
        text: 'Certains cuisiniers livrent eux-mêmes près de chez eux',
      },
      {
        link: 'FAQ',
        path: '/faq',
        heading: 'Questions fréquentes',
        title: 'Questions fréquentes · Popote',
        text: 'Vous ne trouvez pas votre réponse ?',
      },
      {
        link: 'Confidentialité',
        path: '/privacy',
        heading: 'Politique de confidentialité',
        title: 'Politique de confidentialité · Popote',
        text: 'En vigueur au 25 novembre 2026',
      },
      { link: 'Contact', path: '/contact', heading: 'Contact', title: 'Contact · Popote', text: 'Envoyer un message' },
    ];
    for (const expected of pages) {
      await footer(page).getByRole('link', { name: expected.link, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: expected.heading, exact: true }).waitFor();
      expect(pathOf(page)).toBe(expected.path);
      await page.getByText(expected.text).first().waitFor();
      expect(await page.title()).toBe(expected.title);
    }

    // Straight to a page by its address (client-side routing behind the static server).
    await page.goto(`${base}/privacy`);
    await page.getByRole('heading', { level: 1, name: 'Politique de confidentialité' }).waitFor();
    const privacy = await page.getByRole('main').innerText();
    for (const fact of [
      'argon2id',
      'httpOnly',
      '15 minutes',
      '30 jours',
      'numéros de carte',
      'métadonnées',
      'RGPD',
      'CNIL',
      // The rights the profile honours, and the real retention.
      'Télécharger mes données',
      'Supprimer mon compte',
      '10 ans',
      'nouveau mot de passe : 30 minutes',
      // Retention purged by notifications (CONTACT_RETENTION_DAYS, EMAIL_LOG_RETENTION_DAYS) and the export's expiry.
      '3 ans après leur envoi',
      "1 an après l'envoi",
      'reste disponible 7 jours',
      // Sponsored dishes (ADR 0020): counted without anything in the browser, the day's key forgotten.
      'Plats sponsorisés',
      'effacée à la fin de ce jour',
    ]) {
      expect(privacy, fact).toContain(fact);
    }
    expect(await page.getByRole('main').getByRole('link', { name: support }).count()).toBeGreaterThan(0);
    expect(privacy).not.toMatch(/24\s*h?\s*\/\s*7|24 heures sur 24/);
    expect(pageErrors).toEqual([]);
  });

  test.describe(() => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('FAQ: four category tabs and accordion answers, with the keyboard', async ({ page, base }) => {
      await page.goto(`${base}/faq`);
      // The page is its own chunk: it shows once that has loaded.
      await page.getByRole('heading', { level: 1, name: 'Questions fréquentes' }).waitFor();
      const tabs = page.getByRole('tab');
      expect(await tabs.allInnerTexts()).toEqual(['Commander', 'Cuisiner', 'Paiement', 'Compte']);
      expect(await page.getByRole('tab', { name: 'Commander' }).getAttribute('aria-selected')).toBe('true');
      expect(await page.getByRole('main').innerText()).not.toMatch(/24\s*h?\s*\/\s*7|24 heures sur 24/);

      // One tab stop; arrows move between categories (WAI-ARIA tabs).
      await page.getByRole('tab', { name: 'Commander' }).focus();
      await page.keyboard.press('ArrowRight');
      const cooking = page.getByRole('tab', { name: 'Cuisiner' });
      expect(await cooking.getAttribute('aria-selected')).toBe('true');
      expect(await cooking.evaluate((element) => element === document.activeElement)).toBe(true);
      await page.keyboard.press('End');
      expect(await page.getByRole('tab', { name: 'Compte' }).getAttribute('aria-selected')).toBe('true');
      await page.keyboard.press('ArrowRight'); // wraps around
      expect(await page.getByRole('tab', { name: 'Commander' }).getAttribute('aria-selected')).toBe('true');

      // Accordion: a button per question, folded; Enter opens it, Space closes it.
      const question = page.getByRole('button', { name: 'Les plats sont-ils livrés ?' });
      const answer = page.getByText('Oui, par les cuisiniers qui le proposent');
      expect(await question.getAttribute('aria-expanded')).toBe('false');
      expect(await answer.isVisible()).toBe(false);
      await question.focus();
      await page.keyboard.press('Enter');
      expect(await question.getAttribute('aria-expanded')).toBe('true');
      await answer.waitFor();
      expect(await page.getByRole('region', { name: 'Les plats sont-ils livrés ?' }).count()).toBe(1);
      await page.keyboard.press('Space');
      expect(await question.getAttribute('aria-expanded')).toBe('false');
      await answer.waitFor({ state: 'hidden' });

      // Other categories have their own questions.
      await page.getByRole('tab', { name: 'Paiement' }).click();
      await page.getByRole('button', { name: 'Mes données bancaires sont-elles en sécurité ?' }).click();
      await page.getByText('Popote ne les reçoit pas et ne les stocke jamais').waitFor();
    });
  });
});
