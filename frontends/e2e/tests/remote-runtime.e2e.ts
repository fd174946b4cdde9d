import { expect, remoteBaseUrl, test } from './support/fixtures';

/**
 * One Module Federation runtime per page (ADR 0012): the remotes are built without the
 * runtime core and without the bundler runtime, and take both from the page — the shell's main.js,
 * or, on a remote's own standalone page, its mf-runtime.js (the builds are checked by
 * static-server/build-output.spec.mjs; here, that both kinds of page run).
 */

test.describe('the page’s Module Federation runtime', () => {
  test('serves the composed page and a remote’s standalone page alike', async ({ base, openPage }) => {
    const pages = [`${base}/meals`, `${await remoteBaseUrl('consumer')}meals`];
    for (const url of pages) {
      const { context, page, pageErrors } = await openPage();
      await page.goto(url);
      await page.getByRole('heading', { level: 1, name: 'Plats disponibles' }).waitFor();
      await page.locator('article').first().waitFor();
      expect(await page.locator('article').count(), url).toBeGreaterThan(0);
      // An "add to cart" button works only once the container's shared React is the page's.
      await page.getByRole('button', { name: 'Ajouter au panier' }).first().waitFor();
      expect(pageErrors, url).toEqual([]);
      await context.close();
    }
  });
});
