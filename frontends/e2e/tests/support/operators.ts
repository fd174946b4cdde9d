import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { generate } from 'otplib';

const ROOT = process.env.POPOTE_ROOT ?? fileURLToPath(new URL('../../../../', import.meta.url));

export interface TestOperator {
  email: string;
  name: string;
  password: string;
}

/**
 * A new operator, made as an administrator does (`./popote operator add`: identity's own command on
 * identity's database, the test run's MongoDB), and the first password it prints once.
 */
export function addOperator(): TestOperator {
  const mongoUrl = process.env.POPOTE_MONGO_URL;
  if (!mongoUrl) throw new Error('POPOTE_MONGO_URL is set by the test runner (./popote test)');
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `ops-${id}@popote.test`;
  const name = `Opérateur ${id}`;
  const output = execFileSync(process.execPath, ['services/identity/dist/operators/operator-cli.js', 'add', email, name], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', MONGO_URL: mongoUrl, MONGO_DB: 'popote_identity' },
  });
  const password = /Mot de passe provisoire : (\S+)/.exec(output)?.[1];
  if (!password) throw new Error(`operator-cli printed no password:\n${output}`);
  return { email, name, password };
}

/** The current code of the operator's authenticator app, from the secret the console showed. */
export const appCode = (secret: string): Promise<string> => generate({ secret: secret.replace(/\s/g, '') });

/**
 * A new operator's first sign-in as a person does it: password, the app set with the secret shown,
 * its first code, the recovery codes put away; ends on `next` (a console page).
 */
export async function firstSignIn(page: Page, base: string, operator: TestOperator, next: string): Promise<void> {
  await page.goto(`${base}/console/connexion?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Email').fill(operator.email);
  await page.getByLabel('Mot de passe').fill(operator.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.getByRole('heading', { level: 2, name: 'Activer la double authentification' }).waitFor();
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  await page.getByLabel('Code à 6 chiffres').fill(await appCode(secret));
  await page.getByRole('button', { name: 'Activer' }).click();
  await page.getByRole('heading', { level: 2, name: 'Vos codes de secours' }).waitFor();
  await page.getByLabel('J’ai mis ces codes en lieu sûr').check();
  await page.getByRole('button', { name: 'Continuer vers la console' }).click();
  await page.waitForURL(`${base}${next}`);
}
