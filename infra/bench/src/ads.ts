import { MongoClient } from 'mongodb';
import autocannon from 'autocannon';
import type { Browser } from 'playwright-core';
import { confirmAccountsIn, createMeal, person, signUp, stopConfirmingAccounts, type Person } from './checkout';
import { CPU_SLOWDOWN, FAST_4G, launch, lcpOnce, median } from './page-weight';

/**
 * `./popote bench ads` (ADR 0020): /meals with 50 running campaigns against none, in one launch, in
 * turns (none, 50, none, 50: campaigns stopped and started again between rounds), so that a drift of
 * the machine weighs on both. Each round measures
 *  - the page in headless Chromium at 4× CPU and Fast 4G, cold: LCP, the time until React's list
 *    shows its cards, and (with campaigns) until the sponsored card shows — median of PAGE_RUNS loads;
 *  - the two GraphQL operations the page sends, under autocannon (16 connections, SECONDS each): the
 *    list (`Meals`, the whole answers of ADR 0006) and `sponsoredMeal` (the rotation).
 * Not included: the display and click reports (after a second on screen), the cooks' dashboards.
 */
const CAMPAIGNS = Number(process.env.BENCH_CAMPAIGNS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PAGE_RUNS = Number(process.env.BENCH_PAGE_RUNS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

/** The list as /meals asks it on its first page (the card fields). */
const MEALS = JSON.stringify({
  query:
    'query Meals($first: Int) { meals(first: $first) { items { meal_id name cook_name price_cents image_card_url portions_available rating_average } next_cursor } }',
  variables: { first: 20 },
});
const SPONSORED = JSON.stringify({ query: '{ sponsoredMeal { campaign_id advertiser_name meal { meal_id name portions_available } } }' });

async function load(bff: string, body: string) {
  const r = await autocannon({
    url: `${bff}/graphql`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    connections: 16,
    duration: SECONDS,
  });
  const failed = r.errors + r.timeouts + r.non2xx;
  if (failed) throw new Error(`ads bench: ${failed} failed requests`);
  return { throughput: +(r.requests.total / r.duration).toFixed(1), p50: r.latency.p50, p99: r.latency.p99 };
}

/** One cold, throttled load of /meals: LCP, React's cards, the sponsored card (when expected). */
async function pageOnce(browser: Browser, shell: string, sponsored: boolean) {
  const lcp = await lcpOnce(browser, shell, '/meals');
  const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 412, height: 915 }, isMobile: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', FAST_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(`${shell}/meals`, { waitUntil: 'commit', timeout: 60_000 });
    // React's list: a card outside the server's first paint.
    await page.locator('#root main article').first().waitFor({ timeout: 60_000 });
    const cards = (await page.evaluate('performance.now()')) as number;
    let card: number | null = null;
    if (sponsored) {
      await page.getByText('Sponsorisé', { exact: true }).first().waitFor({ timeout: 60_000 });
      card = (await page.evaluate('performance.now()')) as number;
    }
    return { lcp: lcp.ms, cards: Math.round(cards), sponsored: card === null ? null : Math.round(card) };
  } finally {
    await context.close();
  }
}

export async function adsBench(urls: { bff: string; shell: string }, mongoUrl: string) {
  await confirmAccountsIn(mongoUrl);
  const mongo = await MongoClient.connect(mongoUrl);
  const browser = await launch();
  try {
    // 50 cooks, a dish each (1 000 portions), 40 € available each (a released sale in the ledger): two campaigns of 15 €.
    const cooks: { gql: Person; meal: string }[] = [];
    for (let i = 0; i < CAMPAIGNS; i++) {
      const gql = person(urls.bff);
      const created = await signUp(gql, 'cook', 5000 + i);
      const cookId = created.signUp.user.user_id as string;
      await mongo
        .db('popote_payments')
        .collection('ledgerEntries')
        .insertOne({
          _id: `release:bench-ads-${cookId}` as never,
          cook_id: cookId,
          kind: 'release',
          order_id: `bench-ads-${cookId}`,
          payout_id: null,
          campaign_id: null,
          pending_cents: 0,
          available_cents: 4_000,
          advertising_cents: 0,
          created_at: new Date(),
        });
      cooks.push({ gql, meal: await createMeal(gql, 1000, `Plat mis en avant ${i + 1}`) });
    }
    const visitor = person(urls.bff);
    const shown = async () => (await visitor('{ sponsoredMeal { campaign_id } }')).sponsoredMeal !== null;
    const until = async (want: boolean) => {
      const deadline = Date.now() + 60_000;
      while ((await shown()) !== want) {
        if (Date.now() > deadline) throw new Error(`ads bench: the sponsored card did not ${want ? 'appear' : 'go'} within a minute`);
        await new Promise((r) => setTimeout(r, 250));
      }
    };
    let running: { gql: Person; id: string }[] = [];
    const start = async () => {
      running = await Promise.all(
        cooks.map(async ({ gql, meal }) => {
          const r = await gql('mutation($i: StartCampaignInput!) { startCampaign(input: $i) { campaign_id } }', {
            i: { meal_id: meal, budget_cents: 1_500, days: 10 },
          });
          return { gql, id: r.startCampaign.campaign_id as string };
        }),
      );
      await until(true);
    };
    const stop = async () => {
      await Promise.all(running.map(({ gql, id }) => gql('mutation($c: ID!) { stopCampaign(campaign_id: $c) { status } }', { c: id })));
      running = [];
      await until(false);
    };

    const round = async (campaigns: boolean) => {
      const pages = [];
      await pageOnce(browser, urls.shell, campaigns); // warms the servers, not measured
      for (let i = 0; i < PAGE_RUNS; i++) pages.push(await pageOnce(browser, urls.shell, campaigns));
      return {
        campaigns: campaigns ? CAMPAIGNS : 0,
        page_ms: {
          lcp: median(pages.map((p) => p.lcp)),
          react_cards: median(pages.map((p) => p.cards)),
          sponsored_card: campaigns ? median(pages.map((p) => p.sponsored!)) : null,
          all: pages,
        },
        graphql: { meals: await load(urls.bff, MEALS), sponsored_meal: await load(urls.bff, SPONSORED) },
      };
    };
    const rounds: Awaited<ReturnType<typeof round>>[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      rounds.push(await round(false));
      await start();
      rounds.push(await round(true));
      await stop();
    }
    const side = (campaigns: boolean) => rounds.filter((r) => r.campaigns > 0 === campaigns);
    const med = (xs: number[]) => median(xs);
    const summary = (campaigns: boolean) => ({
      lcp_ms: med(side(campaigns).map((r) => r.page_ms.lcp)),
      react_cards_ms: med(side(campaigns).map((r) => r.page_ms.react_cards)),
      meals_rps: med(side(campaigns).map((r) => r.graphql.meals.throughput)),
      meals_p99_ms: med(side(campaigns).map((r) => r.graphql.meals.p99)),
      sponsored_rps: med(side(campaigns).map((r) => r.graphql.sponsored_meal.throughput)),
      sponsored_p99_ms: med(side(campaigns).map((r) => r.graphql.sponsored_meal.p99)),
    });
    return {
      settings: {
        campaigns: CAMPAIGNS,
        rounds: ROUNDS,
        page_runs: PAGE_RUNS,
        seconds: SECONDS,
        connections: 16,
        cpu_slowdown: CPU_SLOWDOWN,
      },
      without: summary(false),
      with_campaigns: summary(true),
      rounds,
    };
  } finally {
    await browser.close();
    await mongo.close();
    await stopConfirmingAccounts();
  }
}
