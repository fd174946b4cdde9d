import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { mainNav, newAccount, signUp } from './support/accounts';
import { describeViolations, seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { DEMO, mealCard, openDashboardAs, openMeals } from './support/shop';

/** With POPOTE_E2E_SCREENSHOTS=<folder>, the pages of these tests are kept as PNGs there (for a person to look at). */
async function shot(page: Page, name: string): Promise<void> {
  const folder = process.env.POPOTE_E2E_SCREENSHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: join(folder, `${name}.png`), fullPage: true });
}

const AMINA = { id: 'demo-cook-amina', name: 'Amina Benali', username: 'amina_cuisine', email: 'amina@popote.test' };

/** The follower count of a FollowButton ('3 abonnés'), as a number. */
async function followers(page: Page): Promise<number> {
  const text = await page.getByTestId('follower-count').first().textContent();
  const count = /^(\d+) abonnés?$/.exec(text ?? '')?.[1];
  if (count === undefined) throw new Error(`no follower count in "${text}"`);
  return Number(count);
}

/** Counts the page's questions to the browser for the notification permission (none may come on load). */
async function countPermissionRequests(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as { __permissionAsked: number };
    w.__permissionAsked = 0;
    if (!('Notification' in window)) return;
    const ask = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = (...args: Parameters<typeof Notification.requestPermission>) => {
      w.__permissionAsked++;
      return ask(...args);
    };
  });
}
const permissionRequests = (page: Page) => page.evaluate(() => (window as unknown as { __permissionAsked: number }).__permissionAsked);

test.describe('following cooks, favourite dishes, alerts', () => {
  test("'Suivre' on the meal detail and the cook page: the count for everyone, 'Mes cuisiniers', the cook's dashboard; notifications offered after following, never on load", async ({
    base,
    openPage,
  }) => {
    const buyer = await openPage();
    const visitor = await openPage();
    const cook = await openPage();
    const { page, context } = buyer;
    await countPermissionRequests(context);
    await signUp(page, base, newAccount(), 'consumer', { verify: false });

    await openMeals(page, base, DEMO.tajine.name);
    await mealCard(page, DEMO.tajine.name).getByRole('link', { name: DEMO.tajine.name }).click();
    await page.getByRole('heading', { level: 1, name: DEMO.tajine.name }).waitFor();
    const follow = page.getByRole('button', { name: `Suivre ${AMINA.username}`, exact: true });
    await follow.waitFor();
    const before = await followers(page);
    expect(await permissionRequests(page)).toBe(0);
    expect(await page.getByRole('complementary', { name: /Être prévenu/ }).count()).toBe(0);

    await follow.click();
    await page.getByRole('button', { name: `Ne plus suivre ${AMINA.username}`, exact: true }).waitFor();
    await page.getByText(`Vous suivez ${AMINA.username}.`).waitFor();
    expect(await followers(page)).toBe(before + 1);
    // Following is the moment to offer notifications: explained first, the browser not asked yet.
    const prompt = page.getByRole('complementary', { name: `Être prévenu des nouveaux plats de ${AMINA.username} ?` });
    await prompt.waitFor();
    expect(await prompt.textContent()).toContain('Votre navigateur va vous demander l’autorisation.');
    expect(await permissionRequests(page)).toBe(0);
    await shot(page, 'follow-meal-detail');
    await prompt.getByRole('button', { name: 'Activer les notifications' }).click();
    await prompt.waitFor({ state: 'detached' });
    expect(await permissionRequests(page)).toBe(1);

    // The cook page says the same.
    await page.goto(`${base}/cook/${AMINA.id}`);
    await page.getByRole('heading', { level: 1, name: AMINA.name }).waitFor();
    await page.getByRole('button', { name: `Ne plus suivre ${AMINA.name}`, exact: true }).waitFor();
    expect(await followers(page)).toBe(before + 1);
    await shot(page, 'follow-cook-page');

    // A visitor sees the count, and 'Suivre' asks to sign in.
    await visitor.page.goto(`${base}/cook/${AMINA.id}`);
    await visitor.page.getByRole('heading', { level: 1, name: AMINA.name }).waitFor();
    await visitor.page.getByTestId('follower-count').waitFor();
    expect(await followers(visitor.page)).toBe(before + 1);
    await visitor.page.getByRole('button', { name: `Suivre ${AMINA.name}`, exact: true }).click();
    await visitor.page.getByText('Veuillez vous connecter pour suivre un cuisinier').waitFor();
    await visitor.page.waitForURL(`${base}/auth`);

    // The cook's dashboard counts their followers.
    await openDashboardAs(cook.page, base, AMINA.email, 'apercu');
    const stat = cook.page.getByRole('listitem').filter({ hasText: 'Abonnés' });
    await stat.getByText(String(before + 1), { exact: true }).waitFor();
    await shot(cook.page, 'cook-dashboard-followers');

    // 'Mes cuisiniers' in the profile, and 'Ne plus suivre' from there.
    await mainNav(page).getByRole('link', { name: 'Profil' }).click();
    const card = page.getByRole('region', { name: 'Mes cuisiniers' });
    await card.getByRole('link', { name: AMINA.name }).waitFor();
    await shot(page, 'profile-cooks-alerts');
    await card.getByRole('button', { name: `Ne plus suivre ${AMINA.name}` }).click();
    await page.getByText(`Vous ne suivez plus ${AMINA.name}.`).waitFor();
    await card.getByText('Vous ne suivez encore aucun cuisinier.', { exact: false }).waitFor();
    await page.goto(`${base}/cook/${AMINA.id}`);
    await page.getByRole('button', { name: `Suivre ${AMINA.name}`, exact: true }).waitFor();
    expect(await followers(page)).toBe(before);
  });

  test("the heart on a card and on the detail, 'Mes favoris' (newest first, a heart taken away), nothing for a visitor", async ({
    page,
    base,
  }) => {
    await openMeals(page, base, DEMO.curry.name);
    expect(await mealCard(page, DEMO.curry.name).getByRole('button', { name: 'Ajouter aux favoris' }).count()).toBe(0);

    await signUp(page, base, newAccount(), 'consumer', { verify: false });
    await mainNav(page).getByRole('link', { name: 'Mes favoris' }).click();
    await page.getByRole('heading', { level: 1, name: 'Mes favoris' }).waitFor();
    await page.getByText("Vous n'avez pas encore de plat favori.", { exact: false }).waitFor();

    await openMeals(page, base, DEMO.curry.name);
    const curryHeart = mealCard(page, DEMO.curry.name).getByRole('button', { name: 'Ajouter aux favoris' });
    expect(await curryHeart.getAttribute('aria-pressed')).toBe('false');
    await curryHeart.click();
    const curryPressed = mealCard(page, DEMO.curry.name).getByRole('button', { name: 'Retirer des favoris' });
    await curryPressed.waitFor();
    expect(await curryPressed.getAttribute('aria-pressed')).toBe('true');
    await shot(page, 'favourite-card');

    await mealCard(page, DEMO.tajine.name).getByRole('link', { name: DEMO.tajine.name }).click();
    await page.getByRole('heading', { level: 1, name: DEMO.tajine.name }).waitFor();
    await page.getByRole('button', { name: 'Ajouter aux favoris' }).click();
    await page.getByRole('button', { name: 'Retirer des favoris', pressed: true }).waitFor();
    await page.getByText(`${DEMO.tajine.name} est dans vos favoris.`).waitFor();

    await mainNav(page).getByRole('link', { name: 'Mes favoris' }).click();
    await page.getByRole('heading', { level: 1, name: 'Mes favoris' }).waitFor();
    await mealCard(page, DEMO.tajine.name).waitFor();
    const names = await page.getByRole('article').evaluateAll((cards) => cards.map((c) => c.querySelector('h2, h3')?.textContent));
    expect(names).toEqual([DEMO.tajine.name, DEMO.curry.name]);
    await shot(page, 'favourites-page');

    await mealCard(page, DEMO.curry.name).getByRole('button', { name: 'Retirer des favoris' }).click();
    await mealCard(page, DEMO.curry.name).getByRole('button', { name: 'Ajouter aux favoris', pressed: false }).waitFor();
    await page.reload();
    await mealCard(page, DEMO.tajine.name).waitFor();
    expect(await page.getByRole('article').count()).toBe(1);
  });

  test("'Alertes' in the profile: a choice saved and still there after a reload; the order emails are not optional", async ({
    page,
    base,
  }) => {
    await signUp(page, base, newAccount(), 'consumer', { verify: false });
    await page.goto(`${base}/profile`);
    const card = page.getByRole('region', { name: 'Alertes' });
    const newDishEmail = card.getByRole('checkbox', { name: 'Email : Nouveaux plats de mes cuisiniers' });
    const backInStockPush = card.getByRole('checkbox', { name: 'Notification : Mes plats favoris de nouveau disponibles' });
    await newDishEmail.waitFor();
    expect([await newDishEmail.isChecked(), await backInStockPush.isChecked()]).toEqual([true, true]);
    expect(await card.getByRole('checkbox', { name: /^Email : Suivi de mes commandes/ }).count()).toBe(0);
    expect(await card.getByRole('row', { name: /Suivi de mes commandes/ }).textContent()).toContain('Toujours envoyé');
    await card.getByRole('button', { name: 'Recevoir les notifications sur cet appareil' }).waitFor();

    await newDishEmail.uncheck();
    await backInStockPush.uncheck();
    await card.getByRole('button', { name: 'Enregistrer les préférences' }).click();
    await page.getByText('Préférences enregistrées.').waitFor();
    await shot(page, 'alert-preferences');
    await page.reload();
    await newDishEmail.waitFor();
    expect([
      await newDishEmail.isChecked(),
      await backInStockPush.isChecked(),
      await card.getByRole('checkbox', { name: 'Email : Nouveaux créneaux de retrait de mes cuisiniers' }).isChecked(),
    ]).toEqual([false, false, true]);
  });

  test('signed in, the hearts, the follow button, the prompt, the profile cards and the unsubscribe page have no serious axe violation (1280 and 390 px)', async ({
    base,
    openPage,
  }) => {
    test.setTimeout(120_000);
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const { context, page } = await openPage({ viewport });
      const expectAccessible = async (what: string) => {
        await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
        const violations = await seriousViolations(page);
        expect(violations, `${what} at ${viewport.width} px:\n${describeViolations(violations)}`).toEqual([]);
      };
      await signUp(page, base, newAccount(), 'consumer', { verify: false });
      await openMeals(page, base, DEMO.curry.name);
      await mealCard(page, DEMO.curry.name).getByRole('button', { name: 'Ajouter aux favoris' }).click();
      await mealCard(page, DEMO.curry.name).getByRole('button', { name: 'Retirer des favoris' }).waitFor();
      await expectAccessible('/meals with a heart pressed');
      await page.goto(`${base}/cook/${AMINA.id}`);
      await page.getByRole('button', { name: `Suivre ${AMINA.name}`, exact: true }).click();
      await page.getByRole('complementary', { name: /Être prévenu/ }).waitFor();
      await expectAccessible('the cook page, followed, with the notifications prompt');
      await page.goto(`${base}/favourites`);
      await mealCard(page, DEMO.curry.name).waitFor();
      await expectAccessible('/favourites');
      await page.goto(`${base}/profile`);
      await page.getByRole('region', { name: 'Mes cuisiniers' }).getByRole('link', { name: AMINA.name }).waitFor();
      await page.getByRole('region', { name: 'Alertes' }).getByRole('checkbox').first().waitFor();
      await expectAccessible('/profile (Mes cuisiniers, Alertes)');
      await page.goto(`${base}/alerts/unsubscribe?token=abc`);
      await page.getByRole('button', { name: 'Confirmer la désinscription' }).waitFor();
      await expectAccessible('/alerts/unsubscribe');
      await context.close();
    }
  });

  test("an email's unsubscribe link, signed out: opening it changes nothing until 'Confirmer la désinscription'; a forged one is refused in French", async ({
    page,
    base,
  }) => {
    await page.goto(`${base}/alertes/desabonnement?token=${encodeURIComponent('pas.un.jeton-signé')}`);
    await page.waitForURL(/\/alerts\/unsubscribe\?token=/);
    await page.getByRole('heading', { level: 1, name: 'Se désabonner des emails d’alerte' }).waitFor();
    await page.getByRole('button', { name: 'Confirmer la désinscription' }).click();
    await page.getByRole('alert').getByText("Ce lien de désinscription n'est pas valide.").waitFor();
    await shot(page, 'unsubscribe-refused');
  });

  test('the service worker shows a push delivered by the browser (CDP ServiceWorker.deliverPushMessage) and its click opens the pushed page', async ({
    page,
    context,
    base,
  }) => {
    await context.grantPermissions(['notifications'], { origin: base });
    const cdp = await context.newCDPSession(page);
    const registrations = new Map<string, string>();
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
      for (const r of updated) if (!r.isDeleted) registrations.set(r.scopeURL, r.registrationId);
    });
    await cdp.send('ServiceWorker.enable');
    await page.goto(`${base}/about`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await expect.poll(() => registrations.get(`${base}/`), { timeout: 10_000 }).toBeTruthy();

    const payload = { title: 'Amina Benali a publié un plat', body: DEMO.tajine.name, url: '/meals', tag: 'e2e-new-dish' };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: base,
      registrationId: registrations.get(`${base}/`)!,
      data: JSON.stringify(payload),
    });
    const shown = async () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          url: (n.data as { url?: string } | null)?.url,
        })),
      );
    await expect.poll(shown, { timeout: 10_000 }).toEqual([{ ...payload, url: `${base}/meals` }]);

    // The same tag replaces the notification; a url elsewhere is never opened.
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: base,
      registrationId: registrations.get(`${base}/`)!,
      data: JSON.stringify({ ...payload, body: 'Deuxième', url: 'https://ailleurs.example/piège' }),
    });
    await expect.poll(shown, { timeout: 10_000 }).toEqual([{ ...payload, body: 'Deuxième', url: `${base}/` }]);

    // The click: headless Chromium draws no notification to click and DevTools has no command that
    // clicks one, so the click is dispatched inside the worker, on the very notification the push
    // made: the worker's own `notificationclick` listener runs (an event the page did not get from
    // the browser may not extend its life, but the routing has started by then), closes it and
    // sends the open tab to the pushed page.
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: base,
      registrationId: registrations.get(`${base}/`)!,
      data: JSON.stringify({ ...payload, tag: 'e2e-click', url: '/meals' }),
    });
    await expect.poll(async () => (await shown()).some((n) => n.tag === 'e2e-click'), { timeout: 10_000 }).toBe(true);
    const worker = context.serviceWorkers().find((w) => w.url() === `${base}/sw.js`);
    expect(worker, 'the shell’s service worker').toBeDefined();
    await worker!.evaluate(async () => {
      // The worker's global (this file is typed for pages: DOM, not WebWorker).
      const sw = self as unknown as {
        registration: ServiceWorkerRegistration;
        dispatchEvent(event: Event): boolean;
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      };
      const [notification] = await sw.registration.getNotifications({ tag: 'e2e-click' });
      sw.dispatchEvent(new sw.NotificationEvent('notificationclick', { notification: notification! }));
    });
    await page.waitForURL(`${base}/meals`);
    await page.getByRole('heading', { level: 1, name: 'Plats disponibles' }).waitFor();
    await expect.poll(async () => (await shown()).map((n) => n.tag), { timeout: 10_000 }).toEqual(['e2e-new-dish']);
    await cdp.detach();
  });
});
