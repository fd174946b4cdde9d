import { fillSignUpForm, mainNav, newAccount, pathOf, showSignUpForm, signOut, signUp, submitSignIn } from './support/accounts';
import { expect, test } from './support/fixtures';

test.describe('accounts: sign-up, sign-in, profile, role switch, guards', () => {
  test('signs up as a consumer, signs out, refuses a wrong password, then signs in again', async ({ page, pageErrors, base }) => {
    const account = newAccount();
    await signUp(page, base, account, 'consumer');
    const nav = mainNav(page);
    await nav.getByRole('link', { name: 'Profil' }).waitFor();
    expect(await nav.getByRole('button', { name: 'Déconnexion' }).isVisible()).toBe(true);
    expect(await nav.getByRole('link', { name: 'Mes commandes' }).isVisible()).toBe(true);
    expect(await nav.getByRole('link', { name: 'Panier' }).isVisible()).toBe(true);
    expect(await nav.getByRole('link', { name: 'Connexion' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Tableau de bord' }).count()).toBe(0);

    // /auth is for visitors: a signed-in person is sent home.
    await page.goto(`${base}/auth`);
    await nav.getByRole('link', { name: 'Profil' }).waitFor();
    await page.waitForURL(`${base}/`);

    await signOut(page, base);
    expect(await nav.getByRole('link', { name: 'Profil' }).count()).toBe(0);

    await submitSignIn(page, account.email, 'pas-le-bon-mot-de-passe');
    await page.getByText('Email ou mot de passe invalide').waitFor();
    expect(pathOf(page)).toBe('/auth');

    await page.getByLabel('Mot de passe', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByText('Bienvenue !').waitFor();
    await page.waitForURL(`${base}/`);
    await nav.getByRole('link', { name: 'Profil' }).waitFor();
    expect(pageErrors).toEqual([]);
  });

  test('edits the profile (kept after a reload), changes the password, and opens orders and cart', async ({ page, pageErrors, base }) => {
    const account = newAccount();
    await signUp(page, base, account);
    await mainNav(page).getByRole('link', { name: 'Profil' }).click();
    await page.getByRole('heading', { level: 1, name: account.name }).waitFor();
    expect(await page.getByText(`@${account.username}`).first().isVisible()).toBe(true);
    const info = page.getByRole('region', { name: 'Informations personnelles' });
    expect(await info.getByText(account.email).isVisible()).toBe(true);
    expect(await info.getByText('Client', { exact: true }).isVisible()).toBe(true);

    const location = `Villeurbanne ${Date.now().toString(36)}`;
    await info.getByRole('button', { name: 'Modifier' }).click();
    expect(await info.getByLabel('Email').isEditable()).toBe(false);
    await info.getByLabel('Localisation').fill(location);
    await info.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Profil mis à jour avec succès').waitFor();
    await info.getByText(location).waitFor();

    await page.reload();
    await page.getByRole('region', { name: 'Informations personnelles' }).getByText(location).waitFor();

    // Password: a confirmation that differs is caught before anything is sent.
    const password = page.getByRole('region', { name: 'Mot de passe' });
    const newPassword = 'nouveau-secret-42';
    await password.getByLabel('Mot de passe actuel', { exact: true }).fill(account.password);
    await password.getByLabel('Nouveau mot de passe', { exact: true }).fill(newPassword);
    await password.getByLabel('Confirmer le nouveau mot de passe', { exact: true }).fill('autre-chose');
    await password.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await password.getByText('Les mots de passe ne correspondent pas').waitFor();
    await password.getByLabel('Confirmer le nouveau mot de passe', { exact: true }).fill(newPassword);
    await password.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await page.getByText('Mot de passe modifié avec succès').waitFor();
    // The toast sits over the nav bar, and a pointer on it keeps it open: let it go first.
    await page.getByText('Mot de passe modifié avec succès').waitFor({ state: 'hidden' });

    // Pages of the consumer remote reserved to signed-in people.
    await mainNav(page).getByRole('link', { name: 'Mes commandes' }).click();
    await page.getByRole('heading', { level: 1, name: 'Mes commandes' }).waitFor();
    await page.getByText("Vous n'avez pas encore de commande.").waitFor();
    await mainNav(page).getByRole('link', { name: 'Panier' }).click();
    await page.getByRole('heading', { level: 1, name: 'Panier' }).waitFor();
    await page.getByText('Votre panier est vide').waitFor();

    // The new password is the one that works now.
    await signOut(page, base);
    await submitSignIn(page, account.email, newPassword);
    await page.getByText('Bienvenue !').waitFor();
    await mainNav(page).getByRole('link', { name: 'Profil' }).waitFor();
    expect(pageErrors).toEqual([]);
  });

  test('switches a consumer to cook (dashboard, cook profile) and back to consumer', async ({ page, pageErrors, base }) => {
    const account = newAccount();
    await signUp(page, base, account);
    const nav = mainNav(page);

    // Not a cook yet: the dashboard sends back home.
    await page.goto(`${base}/cook/dashboard`);
    await nav.getByRole('link', { name: 'Profil' }).waitFor();
    await page.waitForURL(`${base}/`);

    await nav.getByRole('link', { name: 'Profil' }).click();
    await page.getByRole('button', { name: 'Devenir cuisinier' }).click();
    const role = page.getByRole('region', { name: 'Type de compte' });
    await role.getByRole('button', { name: 'Confirmer' }).click();
    await page.getByText('Vous êtes maintenant cuisinier !').waitFor();
    await page.waitForURL(`${base}/cook/dashboard`);
    await page.getByRole('heading', { level: 1, name: 'Tableau de bord' }).waitFor();
    await nav.getByRole('link', { name: 'Tableau de bord' }).waitFor();

    // The cook profile card appears on the profile and saves.
    await nav.getByRole('link', { name: 'Profil' }).click();
    const cook = page.getByRole('region', { name: 'Profil cuisinier' });
    await cook.getByRole('button', { name: 'Modifier' }).click();
    // A limit only the server checks answers in French, next to the field.
    await cook.getByLabel('Spécialités').fill(`Tajine, ${'Couscous aux sept légumes '.repeat(4)}`);
    await cook.getByRole('button', { name: 'Enregistrer' }).click();
    await cook.getByText('Chaque élément ne doit pas dépasser 80 caractères').waitFor();
    await page.getByText('Erreur lors de la mise à jour du profil').waitFor();
    await cook.getByLabel('Spécialités').fill('Tajine, Couscous , ');
    await cook.getByLabel("Années d'expérience").fill('7');
    await cook.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Profil cuisinier mis à jour avec succès').waitFor();
    await cook.getByRole('listitem').filter({ hasText: 'Couscous' }).waitFor();
    expect(await cook.getByText('7 ans').isVisible()).toBe(true);

    // Still a cook after a reload (the server's word, not only the page's).
    await page.reload();
    await page.getByRole('button', { name: 'Devenir client' }).click();
    await page.getByRole('region', { name: 'Type de compte' }).getByRole('button', { name: 'Confirmer' }).click();
    await page.getByText('Vous êtes maintenant client !').waitFor();
    await page.waitForURL(`${base}/meals`);
    await page.getByRole('heading', { level: 1, name: 'Plats disponibles' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Tableau de bord' }).count()).toBe(0);

    await page.reload();
    await nav.getByRole('link', { name: 'Profil' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Tableau de bord' }).count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  test('sends a signed-out visitor of /orders and /profile to /auth', async ({ page, base }) => {
    for (const path of ['/orders', '/profile', '/cart']) {
      await page.goto(`${base}${path}`);
      await page.getByRole('heading', { level: 1, name: 'Connexion' }).waitFor();
      expect(pathOf(page)).toBe('/auth');
    }
  });

  test('checks the sign-up form in French before sending it (2-letter username, short password)', async ({ page, base }) => {
    await page.goto(`${base}/auth`);
    await showSignUpForm(page);
    await fillSignUpForm(page, { ...newAccount(), username: 'ab', password: '12345' });
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/graphql') && request.postData()?.includes('signUp')) requests.push(request.url());
    });
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await page.getByText('Le pseudo doit contenir au moins 3 caractères').waitFor();
    await page.getByText('Le mot de passe doit contenir au moins 6 caractères').waitFor();
    expect(await page.getByLabel('Pseudo').getAttribute('aria-invalid')).toBe('true');
    expect(requests).toEqual([]);
    expect(pathOf(page)).toBe('/auth');
  });
  test("shows the server's reason next to the field: an email that already has an account", async ({ page, base }) => {
    const account = newAccount();
    await signUp(page, base, account);
    await signOut(page, base);
    await page.goto(`${base}/auth`);
    await showSignUpForm(page);
    await fillSignUpForm(page, { ...newAccount(), email: account.email.toUpperCase() });
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Créer mon compte' }) });
    await form.getByText('Cette adresse email est déjà utilisée').waitFor();
    expect(await page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
    expect(pathOf(page)).toBe('/auth');
  });

  test('shows "Veuillez vous connecter pour accéder à votre profil" when the session ends on /profile', async ({ context, page, base }) => {
    await signUp(page, base, newAccount());
    await mainNav(page).getByRole('link', { name: 'Profil' }).click();
    const info = page.getByRole('region', { name: 'Informations personnelles' });
    await info.getByRole('button', { name: 'Modifier' }).click();

    // The session ends behind the page's back (cookies gone: expired, signed out elsewhere...).
    await context.clearCookies();
    await info.getByRole('button', { name: 'Enregistrer' }).click();

    await page.getByText('Veuillez vous connecter pour accéder à votre profil').waitFor();
    expect(pathOf(page)).toBe('/profile');
    await mainNav(page).getByRole('link', { name: 'Connexion' }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Connexion' }).click();
    await page.getByRole('heading', { level: 1, name: 'Connexion' }).waitFor();
  });
});
