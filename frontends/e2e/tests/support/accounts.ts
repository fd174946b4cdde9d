import type { Locator, Page } from 'playwright-core';

export interface TestAccount {
  email: string;
  password: string;
  name: string;
  username: string;
  location: string;
}

/** A fresh, unique account: tests never depend on each other's users nor on the demo data. */
export function newAccount(): TestAccount {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    email: `e2e-${id}@popote.test`,
    password: 'popote123',
    name: 'Camille Testeur',
    username: `e2e_${id}`,
    location: 'Lyon 7e',
  };
}

export const mainNav = (page: Page): Locator => page.getByRole('navigation', { name: 'Navigation principale' });

export const pathOf = (page: Page): string => new URL(page.url()).pathname;

/** Fills and sends the sign-up form of /auth; leaves the page on / once 'Compte créé avec succès !' shows. */
export async function signUp(
  page: Page,
  base: string,
  account: TestAccount,
  type: 'consumer' | 'cook' = 'consumer',
): Promise<void> {
  await page.goto(`${base}/auth`);
  await page.getByRole('button', { name: 'Inscription' }).click();
  await page.getByRole('heading', { level: 1, name: 'Inscription' }).waitFor();
  await fillSignUpForm(page, account);
  await page.getByRole('radio', { name: type === 'cook' ? 'Vendre des repas' : 'Commander des repas' }).check();
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await page.getByText('Compte créé avec succès !').waitFor();
  await page.waitForURL(`${base}/`);
}

export async function fillSignUpForm(page: Page, account: TestAccount): Promise<void> {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(account.password);
  await page.getByLabel('Nom complet').fill(account.name);
  await page.getByLabel('Pseudo').fill(account.username);
  await page.getByLabel('Localisation').fill(account.location);
}

/** Signs in from the nav bar's 'Connexion' link. Does not wait for the outcome. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await mainNav(page).getByRole('link', { name: 'Connexion' }).click();
  await page.getByRole('heading', { level: 1, name: 'Connexion' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

export async function signOut(page: Page, base: string): Promise<void> {
  await mainNav(page).getByRole('button', { name: 'Déconnexion' }).click();
  await mainNav(page).getByRole('link', { name: 'Connexion' }).waitFor();
  await page.waitForURL(`${base}/`);
}
