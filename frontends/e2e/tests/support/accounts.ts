import type { Locator, Page } from '@playwright/test';
import { waitForEmail } from './mail';

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

/**
 * Fills and sends the sign-up form of /auth, then confirms the address as a person does: the link of
 * the verification email (local mail inbox), 'Confirmer mon adresse email' (paying and publishing
 * need it). Leaves the page on /. `verify: false` stops after 'Compte créé avec succès !'.
 */
export async function signUp(
  page: Page,
  base: string,
  account: TestAccount,
  type: 'consumer' | 'cook' = 'consumer',
  { verify = true }: { verify?: boolean } = {},
): Promise<void> {
  await page.goto(`${base}/auth`);
  await showSignUpForm(page);
  await fillSignUpForm(page, account);
  await page.getByRole('radio', { name: type === 'cook' ? 'Vendre des repas' : 'Commander des repas' }).check();
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await page.getByText('Compte créé avec succès !').waitFor();
  await page.waitForURL(`${base}/`);
  if (!verify) return;
  await openVerificationLink(page, account.email);
  await page.goto(`${base}/`);
  await mainNav(page).getByRole('button', { name: 'Déconnexion' }).waitFor();
}

/** The link of an account email (`…?token=…`) in its text. */
export function linkIn(text: string | undefined): string {
  const link = /https?:\/\/\S+[?&]token=[A-Za-z0-9_%-]+/.exec(text ?? '')?.[0];
  if (!link) throw new Error(`no link in the email: ${text}`);
  return link;
}

/** Opens the newest verification email's link to `email` and confirms; waits for 'Adresse email confirmée !'. */
export async function openVerificationLink(page: Page, email: string, nth = 0): Promise<void> {
  const mail = await waitForEmail(
    (m) => m.to.some((a) => a.address.toLowerCase() === email.toLowerCase()) && m.subject === 'Confirmez votre adresse email',
    30_000,
    nth,
  );
  await page.goto(linkIn(mail.text));
  await page.getByRole('button', { name: 'Confirmer mon adresse email' }).click();
  await page.getByText('Adresse email confirmée !').waitFor();
}

/**
 * From /auth's sign-in form to the sign-up form. Waits for the sign-up form itself: both forms have
 * an 'Email' and a 'Mot de passe' field, and what is typed in the sign-in form is not carried over.
 */
export async function showSignUpForm(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Inscription' }).click();
  await page.getByRole('heading', { level: 1, name: 'Inscription' }).waitFor();
  await page.getByRole('button', { name: 'Créer mon compte' }).waitFor();
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
