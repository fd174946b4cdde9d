import type { Page } from '@playwright/test';
import { contactEmail, expect, test } from './support/fixtures';
import { waitForEmail } from './support/mail';

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function fill(page: Page, values: { name: string; email: string; subject: string; message: string }) {
  await field(page, 'Nom').fill(values.name);
  await field(page, 'Email').fill(values.email);
  await field(page, 'Sujet').fill(values.subject);
  await field(page, 'Message').fill(values.message);
}

test.describe('contact form', () => {
  test.describe(() => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('checks the fields in French, then the message reaches the support inbox and the form is cleared', async ({
      page,
      pageErrors,
      base,
    }) => {
      const support = await contactEmail();
      await page.goto(`${base}/contact`);
      await page.getByRole('heading', { level: 1, name: 'Contact' }).waitFor();
      const mutations: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/graphql') && request.method() === 'POST') mutations.push(request.postData() ?? '');
      });

      // Empty: every field is required, nothing is sent.
      await page.getByRole('button', { name: 'Envoyer le message' }).click();
      for (const message of ['Le nom est requis', "L'email est requis", 'Le sujet est requis', 'Le message est requis']) {
        await page.getByText(message).waitFor();
      }
      await field(page, 'Email').fill('pas-une-adresse');
      await page.getByRole('button', { name: 'Envoyer le message' }).click();
      await page.getByText('Adresse email invalide').waitFor();
      expect(await field(page, 'Email').getAttribute('aria-invalid')).toBe('true');
      expect(mutations.filter((body) => body.includes('sendContactMessage'))).toEqual([]);

      const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
      const sender = `e2e-contact-${id}@popote.test`;
      const subject = `Question sur ma commande ${id}`;
      await fill(page, {
        name: 'Camille Testeur',
        email: sender,
        subject,
        message: 'Bonjour,\nÀ quelle heure puis-je retirer mon plat ?',
      });
      await page.getByRole('button', { name: 'Envoyer le message' }).click();
      const sent = page.getByText('Message envoyé avec succès !');
      await sent.waitFor();
      const sentAt = Date.now();
      for (const label of ['Nom', 'Email', 'Sujet', 'Message']) expect(await field(page, label).inputValue(), label).toBe('');
      // Toasts: top-centre, for 3 s (spec), plus the library's 1 s exit.
      const box = await sent.boundingBox();
      expect(Math.abs((box?.x ?? 0) + (box?.width ?? 0) / 2 - 195)).toBeLessThan(30);
      expect(box?.y ?? 999).toBeLessThan(120);
      await sent.waitFor({ state: 'detached', timeout: 10_000 });
      expect(Date.now() - sentAt).toBeLessThan(6_000);

      // The notifications service emails support; the sender can be answered directly.
      const email = await waitForEmail((message) => message.subject === `[Contact] ${subject}`);
      expect(email.to.map((to) => to.address)).toEqual([support]);
      expect(email.replyTo?.map((to) => to.address)).toEqual([sender]);
      expect(email.text).toContain('À quelle heure puis-je retirer mon plat ?');
      expect(pageErrors).toEqual([]);
    });
  });

  test('says so when the message cannot be sent, shows the server’s field errors and keeps what was typed', async ({ page, base }) => {
    await page.goto(`${base}/contact`);
    const values = { name: 'Camille', email: 'camille@popote.test', subject: 'Bonjour', message: 'Un message' };

    // The BFF refuses a field (extensions.fields): shown next to it.
    await page.route(`${base}/graphql`, (route) =>
      route.request().postData()?.includes('sendContactMessage')
        ? route.fulfill({
            status: 200,
            contentType: 'application/json',
            body: JSON.stringify({
              data: null,
              errors: [
                {
                  message: 'Données invalides',
                  extensions: { code: 'VALIDATION_FAILED', fields: { subject: 'Le sujet est trop court' } },
                },
              ],
            }),
          })
        : route.fallback(),
    );
    await fill(page, values);
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await page.getByText("Erreur lors de l'envoi du message").waitFor();
    await page.getByText('Le sujet est trop court').waitFor();
    expect(await field(page, 'Sujet').inputValue()).toBe('Bonjour');

    // The network fails: the same toast, nothing lost.
    await page.unrouteAll();
    await page.route(`${base}/graphql`, (route) =>
      route.request().postData()?.includes('sendContactMessage') ? route.abort('connectionrefused') : route.fallback(),
    );
    // Error toasts stay 3 s too (spec), then leave (plus the library's 1 s exit).
    const shownAt = Date.now();
    await page.getByText("Erreur lors de l'envoi du message").waitFor({ state: 'detached', timeout: 10_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(3_000);
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await page.getByText("Erreur lors de l'envoi du message").waitFor();
    expect(await field(page, 'Message').inputValue()).toBe('Un message');
    expect(await field(page, 'Nom').inputValue()).toBe('Camille');
  });
});
