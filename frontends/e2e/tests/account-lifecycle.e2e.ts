import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { linkIn, mainNav, newAccount, openVerificationLink, signUp, submitSignIn } from './support/accounts';
import { expect, test } from './support/fixtures';
import { graphql } from './support/graphql';
import { waitForEmail } from './support/mail';
import { addFromCard, buyOne, cartLink, DEMO, openMeals } from './support/shop';

const to = (email: string, subject: string) => (m: { subject: string; to: { address: string }[] }) =>
  m.subject === subject && m.to.some((a) => a.address.toLowerCase() === email.toLowerCase());

test.describe('account lifecycle: verification, password reset, export, erasure', () => {
  test('an unverified account sees the banner, cannot pay, resends the email; the link confirms it once', async ({
    page,
    pageErrors,
    base,
  }) => {
    const account = newAccount();
    await signUp(page, base, account, 'consumer', { verify: false });
    const banner = page.getByRole('complementary', { name: 'Confirmation de votre adresse email' });
    await banner.getByText(`Confirmez votre adresse email (${account.email})`).waitFor();

    // The cart fills; paying is refused with the reason.
    await openMeals(page, base, DEMO.tajine.name);
    await addFromCard(page, DEMO.tajine.name);
    await cartLink(page, 1).click();
    await page.getByRole('button', { name: 'Procéder au paiement' }).click();
    // The pick-up slot first, then the payment, which is refused.
    await page
      .getByRole('radiogroup', { name: /^Retrait chez / })
      .locator('label')
      .first()
      .click();
    await page.getByRole('button', { name: 'Continuer vers le paiement' }).click();
    await page.getByText("Confirmez d'abord votre adresse email", { exact: false }).first().waitFor();

    // 'Renvoyer l'email': a second link; the first one no longer works.
    await banner.getByRole('button', { name: "Renvoyer l'email" }).click();
    await page.getByText(`Email de confirmation envoyé à ${account.email}`).waitFor();
    const first = await waitForEmail(to(account.email, 'Confirmez votre adresse email'));
    await page.goto(linkIn(first.text));
    await page.getByRole('button', { name: 'Confirmer mon adresse email' }).click();
    await page.getByRole('alert').filter({ hasText: "Ce lien n'est pas valide ou a expiré" }).waitFor();

    await openVerificationLink(page, account.email, 1);
    await page.getByRole('link', { name: "Retour à l'accueil" }).click();
    await mainNav(page).getByRole('button', { name: 'Déconnexion' }).waitFor();
    expect(await banner.count()).toBe(0);

    // The same link again: already used.
    const second = await waitForEmail(to(account.email, 'Confirmez votre adresse email'), 30_000, 1);
    await page.goto(linkIn(second.text));
    await page.getByRole('button', { name: 'Confirmer mon adresse email' }).click();
    await page.getByRole('alert').filter({ hasText: 'Ce lien a déjà été utilisé' }).waitFor();
    expect(pageErrors).toEqual([]);
  });

  test("'Mot de passe oublié ?': the link by email, a new password, the old one refused, the link used once", async ({
    page,
    pageErrors,
    base,
  }) => {
    const account = newAccount();
    await signUp(page, base, account);
    await mainNav(page).getByRole('button', { name: 'Déconnexion' }).click();
    await mainNav(page).getByRole('link', { name: 'Connexion' }).click();
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    await page.getByRole('heading', { level: 1, name: 'Mot de passe oublié' }).waitFor();
    await page.getByRole('button', { name: 'Envoyer le lien' }).click();
    await page.getByText("L'email est requis").waitFor();
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Envoyer le lien' }).click();
    await page.getByText(`Si un compte existe pour ${account.email}, un email vient de lui être envoyé.`, { exact: false }).waitFor();

    const mail = await waitForEmail(to(account.email, 'Réinitialisation de votre mot de passe'));
    const link = linkIn(mail.text);
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Nouveau mot de passe' }).waitFor();
    await page.getByRole('textbox', { name: 'Nouveau mot de passe', exact: true }).fill('nouveau-secret');
    await page.getByLabel('Confirmer le nouveau mot de passe').fill('autre-secret');
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await page.getByText('Les mots de passe ne correspondent pas').waitFor();
    await page.getByLabel('Confirmer le nouveau mot de passe').fill('nouveau-secret');
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await page.getByText('Mot de passe modifié. Connectez-vous avec votre nouveau mot de passe.').waitFor();

    // The link a second time: refused.
    await page.goto(link);
    await page.getByRole('textbox', { name: 'Nouveau mot de passe', exact: true }).fill('encore-autre');
    await page.getByLabel('Confirmer le nouveau mot de passe').fill('encore-autre');
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await page.getByRole('alert').filter({ hasText: 'Ce lien a déjà été utilisé' }).waitFor();

    await page.goto(`${base}/`);
    await submitSignIn(page, account.email, account.password);
    await page.getByText('Email ou mot de passe invalide').waitFor();
    await page.getByLabel('Mot de passe', { exact: true }).fill('nouveau-secret');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByText('Bienvenue !').waitFor();
    expect(pageErrors).toEqual([]);
  });

  test('changes the address: a link to the new one, a notice to the old one, effective once confirmed', async ({
    page,
    pageErrors,
    base,
  }) => {
    const account = newAccount();
    const next = `nouvelle-${account.email}`;
    await signUp(page, base, account);
    await mainNav(page).getByRole('link', { name: 'Profil' }).click();
    const card = page.getByRole('region', { name: 'Adresse email' });
    await card.getByText('Confirmée').waitFor();
    await card.getByRole('button', { name: "Changer d'adresse" }).click();
    await card.getByLabel('Nouvelle adresse email').fill(next);
    await card.getByLabel('Mot de passe actuel').fill('pas-le-bon');
    await card.getByRole('button', { name: 'Envoyer le lien de confirmation' }).click();
    await card.getByText('Le mot de passe est incorrect').waitFor();
    await card.getByLabel('Mot de passe actuel').fill(account.password);
    await card.getByRole('button', { name: 'Envoyer le lien de confirmation' }).click();
    await card.getByText(`Un lien de confirmation a été envoyé à ${next}.`, { exact: false }).waitFor();
    expect(await card.getByText(account.email, { exact: true }).count()).toBe(1);

    const notice = await waitForEmail(to(account.email, "Demande de changement d'adresse email"));
    expect(notice.text).toContain(next);
    const link = await waitForEmail(to(next, 'Confirmez votre nouvelle adresse email'));
    await page.goto(linkIn(link.text));
    await page.getByRole('button', { name: 'Confirmer mon adresse email' }).click();
    await page.getByText(`Adresse email confirmée : votre compte utilise désormais ${next}.`).waitFor();
    await page.getByRole('link', { name: 'Voir mon profil' }).click();
    await page.getByRole('region', { name: 'Adresse email' }).getByText(next, { exact: true }).waitFor();
    expect(pageErrors).toEqual([]);
  });

  test("'Télécharger mes données' prepares the archive, offers it and emails the link; 'Supprimer mon compte' waits for an order in progress, then erases", async ({
    page,
    pageErrors,
    base,
    openPage,
  }) => {
    test.setTimeout(180_000);
    const account = newAccount();
    await signUp(page, base, account);
    await buyOne(page, base, DEMO.curry.name);

    await mainNav(page).getByRole('link', { name: 'Profil' }).click();
    const data = page.getByRole('region', { name: 'Mes données' });
    // Asked: in preparation (the card follows it), then ready, with its expiry date.
    await data.getByRole('button', { name: 'Télécharger mes données' }).click();
    await page.getByText('Demande enregistrée : votre archive est en préparation.').waitFor();
    await data.getByText('Votre archive est prête').waitFor({ timeout: 60_000 });
    await data.getByText(/^Disponible jusqu’au \d{1,2} \S+ \d{4}/).waitFor();
    const download = page.waitForEvent('download');
    await data.getByRole('button', { name: /^Télécharger l’archive \(ZIP, [\d\s,]+ [KM]o\)$/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('mes-donnees-popote.zip');
    const path = join(mkdtempSync(join(tmpdir(), 'export-')), 'export.zip');
    await file.saveAs(path);
    const names = execFileSync('unzip', ['-Z1', path], { encoding: 'utf8' });
    for (const part of [
      'identity/profile.json',
      'catalogue/dishes.json',
      'cart/cart.json',
      'ordering/orders-placed.json',
      'payments/payments.json',
      'notifications/emails-sent.json',
    ])
      expect(names).toContain(part);
    expect(JSON.parse(execFileSync('unzip', ['-p', path, 'identity/profile.json'], { encoding: 'utf8' }))).toMatchObject({
      email: account.email,
    });
    await page.getByText('Vos données ont été téléchargées').waitFor();

    // The email: its link opens the profile's card (signed in), where the archive is.
    const mail = await waitForEmail(to(account.email, 'Votre archive de données Popote est prête'));
    const link = /https?:\/\/\S+\/profile#mes-donnees/.exec(mail.text ?? '')?.[0];
    expect(link, mail.text).toBeTruthy();
    await page.goto(`${base}/`);
    await page.goto(link!);
    await data.getByText('Votre archive est prête').waitFor();
    expect(await data.getByRole('button', { name: /^Télécharger l’archive/ }).count()).toBe(1);

    // Someone else cannot download it: another account gets a French refusal, not the file.
    const exported = await graphql<{ dataExport: { download_url: string } }>(page, '{ dataExport { download_url } }');
    const archiveUrl = exported.data?.dataExport.download_url;
    expect(archiveUrl, JSON.stringify(exported.errors)).toBeTruthy();
    const other = await openPage();
    await signUp(other.page, base, newAccount());
    const refused = await other.page.evaluate(async (url) => {
      const res = await fetch(url);
      return { status: res.status, body: (await res.json()) as { message: string } };
    }, archiveUrl!);
    expect(refused).toEqual({
      status: 404,
      body: expect.objectContaining({ message: expect.stringContaining('n’existe pas ou n’est plus disponible') }),
    });
    await other.context.close();

    const erase = page.getByRole('region', { name: 'Supprimer mon compte' });
    await erase.getByRole('button', { name: 'Supprimer mon compte' }).click();
    await erase.getByRole('button', { name: 'Supprimer définitivement' }).click();
    await erase.getByText('Le mot de passe est requis').waitFor();
    await erase.getByLabel('Mot de passe', { exact: true }).fill('pas-le-bon');
    await erase.getByRole('button', { name: 'Supprimer définitivement' }).click();
    await erase.getByText('Le mot de passe est incorrect').waitFor();
    await erase.getByLabel('Mot de passe', { exact: true }).fill(account.password);
    await erase.getByRole('button', { name: 'Supprimer définitivement' }).click();
    await erase.getByRole('alert').filter({ hasText: 'tant qu’une commande est en cours' }).waitFor();

    // The order is cancelled (by its consumer, while pending): now the account goes.
    await page.goto(`${base}/orders`);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Annuler la commande' }).first().click();
    await page.getByText('Commande annulée').first().waitFor();
    await mainNav(page).getByRole('link', { name: 'Profil' }).click();
    await erase.getByRole('button', { name: 'Supprimer mon compte' }).click();
    await erase.getByLabel('Mot de passe', { exact: true }).fill(account.password);
    await erase.getByRole('button', { name: 'Supprimer définitivement' }).click();
    await page.getByText('Votre compte a été supprimé.').waitFor();
    await mainNav(page).getByRole('link', { name: 'Connexion' }).waitFor();
    await submitSignIn(page, account.email, account.password);
    await page.getByText('Email ou mot de passe invalide').waitFor();
    expect(pageErrors).toEqual([]);
  });
});
