import type { Locator, Page } from '@playwright/test';
import { mainNav, newAccount, signUp, type TestAccount } from './accounts';

/** The demo meals (services/catalogue/src/seed/demo-data.ts) the shopping tests use. */
export const DEMO = {
  tajine: { name: 'Tajine de poulet aux citrons confits', cook: 'amina_cuisine', price: '12,50 €' },
  couscous: { name: 'Couscous aux sept légumes', cook: 'amina_cuisine', portions: 2 },
  quiche: { name: 'Quiche lorraine', cook: 'lucas_bistrot', portions: 1 },
  tarte: { name: 'Tarte au chocolat', cook: 'lucas_bistrot' },
  curry: { name: 'Curry vert thaï au poulet', cook: 'mei_wok', price: '13,00 €' },
} as const;

export const DEMO_PASSWORD = 'popote123';

/** A meal's card on a list page, found by its name (the card is an article named by its title). */
export const mealCard = (page: Page, name: string): Locator => page.getByRole('article', { name, exact: true });

/** The nav bar's 'Panier (N)' link. */
export const cartLink = (page: Page, count: number): Locator => mainNav(page).getByRole('link', { name: `Panier (${count})`, exact: true });

/** Prices are written with a no-break space before '€'; compare texts with plain spaces. */
export const plain = (text: string | null): string => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

/** Opens /meals and waits for the given card. */
export async function openMeals(page: Page, base: string, waitFor: string): Promise<void> {
  await page.goto(`${base}/meals`);
  await page.getByRole('heading', { level: 1, name: 'Plats disponibles' }).waitFor();
  await mealCard(page, waitFor).waitFor();
}

/** Adds one portion from a meal's card on /meals and waits for the toast. */
export async function addFromCard(page: Page, name: string): Promise<void> {
  await mealCard(page, name)
    .getByRole('button', { name: /^Ajouter au panier/ })
    .click();
  await mealCard(page, name)
    .getByRole('group', { name: `Quantité de ${name}` })
    .waitFor();
}

/** Signs in on /auth with a known account (a demo cook...) and waits for the nav to know it. */
export async function signInAs(page: Page, base: string, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto(`${base}/auth`);
  await page.getByRole('heading', { level: 1, name: 'Connexion' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.getByText('Bienvenue !').waitFor();
  await mainNav(page).getByRole('button', { name: 'Déconnexion' }).waitFor();
}

/** Signs in with a known cook account (a demo cook...) and opens a tab of the dashboard (`?onglet=commandes`...). */
export async function openDashboardAs(page: Page, base: string, email: string, tab: string): Promise<void> {
  await signInAs(page, base, email);
  await page.goto(`${base}/cook/dashboard?onglet=${tab}`);
}

/**
 * How far after the first slot offered the tests' slot starts. The first one offered sits at the edge
 * of what may be chosen (the cook's cutoff, or the next quarter hour): taken a second before the edge
 * moves, it is refused as closed or past a second later. Half an hour on, it stays open for the test.
 */
const SLOT_MARGIN_MS = 30 * 60_000;

/**
 * On /checkout, as a buyer does: a pick-up slot offered by each of the `cooks` cooks — among the
 * first ones, half an hour after the first (or the last offered), whatever the hour — then 'Continuer vers le paiement'.
 */
export async function chooseFirstSlots(page: Page, cooks: number): Promise<void> {
  await page.getByRole('heading', { level: 2, name: 'Créneaux de retrait' }).waitFor();
  const groups = page.getByRole('radiogroup');
  await groups.nth(cooks - 1).waitFor();
  for (const group of await groups.all()) {
    // Each radio's value is its slot's start (ISO instant), in the order offered.
    const starts = (
      await group.locator('input[type="radio"]').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))
    ).map((start) => Date.parse(start));
    const from = starts[0]! + SLOT_MARGIN_MS;
    const index = starts.findIndex((start) => start >= from);
    await group
      .locator('label')
      .nth(index >= 0 ? index : starts.length - 1)
      .click();
  }
  await page.getByRole('button', { name: 'Continuer vers le paiement' }).click();
}

/** From /cart: 'Procéder au paiement', then /checkout: a pick-up slot per cook, and the payment form ready. */
export async function proceedToCheckout(page: Page, base: string, cooks = 1): Promise<void> {
  await page.getByRole('button', { name: 'Procéder au paiement' }).click();
  await page.waitForURL(`${base}/checkout`);
  await chooseFirstSlots(page, cooks);
  await page.getByRole('button', { name: /^Payer / }).waitFor();
}

/** Fills the sandbox card form and presses 'Payer …'. */
export async function payWith(page: Page, number: string): Promise<void> {
  await page.getByLabel('Numéro de carte').fill(number);
  await page.getByLabel("Date d'expiration (MM/AA)").fill(`12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`);
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Payer / }).click();
}

/** From /meals to a paid order: one portion of `meal` in the cart, the first pick-up slot, a card that pays; waits for /orders. */
export async function buyOne(page: Page, base: string, meal: string): Promise<void> {
  await openMeals(page, base, meal);
  await addFromCard(page, meal);
  await cartLink(page, 1).click();
  await proceedToCheckout(page, base);
  await payWith(page, '4242 4242 4242 4242');
  await page.waitForURL(`${base}/orders`);
}

/** A fresh consumer, signed up on `page`, buys one portion of `meal`: the buyer, and the order's number read on /orders. */
export async function orderAsNewConsumer(page: Page, base: string, meal: string): Promise<{ buyer: TestAccount; number: string }> {
  const buyer = newAccount();
  await signUp(page, base, buyer);
  await buyOne(page, base, meal);
  const heading = page.getByRole('region', { name: /Commandes en cours/ }).getByRole('heading', { name: /^Commande n° / });
  await heading.first().waitFor();
  return { buyer, number: (await heading.first().innerText()).replace('Commande n° ', '').trim() };
}

/** An order's card on /orders or the cook's dashboard, by its number. */
export const orderCard = (scope: Page | Locator, number: string): Locator =>
  scope.getByRole('article', { name: `Commande n° ${number}`, exact: true });

/** Whether the add-to-cart confetti is on screen now: canvas-confetti's canvas has painted pixels. */
export async function confettiOnScreen(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('body > canvas');
    const context = canvas && canvas.width > 0 && canvas.height > 0 ? canvas.getContext('2d') : null;
    if (!canvas || !context) return false;
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
    for (let alpha = 3; alpha < pixels.length; alpha += 4) if (pixels[alpha] !== 0) return true;
    return false;
  });
}

/** Waits until confetti shows (or is over, with `over`), polling its canvas. */
export async function waitForConfetti(page: Page, { over = false, timeoutMs = 20_000 } = {}): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await confettiOnScreen(page)) === over) {
    if (Date.now() > deadline) throw new Error(over ? 'the confetti never ended' : 'no confetti');
    await page.waitForTimeout(100);
  }
}

/** Whether confetti showed at any moment of the next `ms` milliseconds. */
export async function confettiWithin(page: Page, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await confettiOnScreen(page)) return true;
    await page.waitForTimeout(100);
  }
  return false;
}
