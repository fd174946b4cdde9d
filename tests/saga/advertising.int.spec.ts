import type { INestApplication } from '@nestjs/common';
import {
  AD_FORM_MESSAGES,
  AD_MESSAGES,
  AdsRpc,
  CatalogueRpc,
  erasureBlockersRpc,
  exportPersonalDataRpc,
  OrderingEvents,
  PayoutsRpc,
  subjectOf,
  type Actor,
} from '@popote/contracts';
import { jetstream } from '@nats-io/jetstream';
import { eventually, expectDomainError, findEvent, testNats } from '@popote/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdMeasureDoc, CampaignDoc, LedgerEntryDoc } from './documents';
import { consumer, cook, runJob, startStack, type Stack } from './stack';

/** A campaign day of these tests (payments' ADS_DAY_MS): its spend is settled 1.5 s after it ends. */
const DAY_MS = 6_000;
/** 1 € a display (ADS_CPM_CENTS 100 000 per thousand): a day's share of 2,50 € is spent by the third display. */
const CPM = 100_000;

interface SettleOutcome {
  days: number;
  closed: number;
  orphans: number;
}

/**
 * Advertisements (ADR 0020) on the real services, payments twice (two replicas on one database):
 * the budget reserved from the ledger, displays and clicks counted once per viewer and day, each
 * day's spend capped and settled once, the rest given back, orders after a click counted — the money
 * counted from payments' stored ledger, in cents.
 */
describe('advertisements: a campaign paid from the ledger, exact in cents, on two payments replicas', () => {
  let s: Stack;
  let replica: INestApplication;
  let n = 0;
  const ledger = () => s.db('payments').collection<LedgerEntryDoc>('ledgerEntries');
  const campaigns = () => s.db('payments').collection<CampaignDoc>('adCampaigns');
  const displays = () => s.db('payments').collection<AdMeasureDoc>('adDisplays');
  const available = async (c: Actor) => (await s.rpc.call(PayoutsRpc.overview, { actor: c })).available_cents;
  /** A cook with `cents` available (a picked-up sale already released), and a dish with portions. */
  const cookWith = async (cents: number) => {
    const chef = cook(`cook-ads-${++n}-${Date.now()}`);
    await ledger().insertOne({
      _id: `release:seed-${chef.user_id}`,
      cook_id: chef.user_id,
      kind: 'release',
      order_id: `seed-${chef.user_id}`,
      pending_cents: 0,
      available_cents: cents,
      advertising_cents: 0,
      created_at: new Date(),
    });
    return { chef, meal: await s.newMeal(chef.user_id, 20) };
  };
  /** Payments' settlement, on both replicas at once (each would run it on its own timer). */
  const settleEverywhere = (...now: [number?]) =>
    Promise.all([s.payments, replica].map((app) => runJob<SettleOutcome>(app, 'ad-settlement', ...now)));
  const campaignEntries = (id: string) => ledger().find({ campaign_id: id }).toArray();
  const active = async () => (await s.rpc.call(AdsRpc.activeCampaigns, {})).items;

  beforeAll(async () => {
    s = await startStack(__filename, { payments: { ADS_DAY_MS: String(DAY_MS), ADS_CPM_CENTS: String(CPM) } });
    replica = await s.startPaymentsReplica();
  });

  afterAll(async () => {
    await s?.stop();
  });

  it('refuses, in French and writing nothing, a dish that is not the cook’s, sold out, a budget the balance does not cover, a bad budget', async () => {
    const { chef, meal } = await cookWith(1_000);
    const other = await cookWith(10_000);
    const start = (actor: Actor, meal_id: string, budget_cents: number, days = 1) =>
      expectDomainError(s.rpc.call(AdsRpc.startCampaign, { actor, input: { meal_id, budget_cents, days } }));

    expect((await start(other.chef, meal, 500)).message).toBe(AD_MESSAGES.notYourMeal);
    const short = await start(chef, meal, 1_500);
    expect(short.code).toBe('VALIDATION_FAILED');
    expect(short.message).toBe(AD_MESSAGES.balanceShort('10,00 €'));
    const tooSmall = await start(chef, meal, 499);
    expect(tooSmall.code).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(tooSmall.fields)).toContain(AD_FORM_MESSAGES.budgetMin);
    expect(JSON.stringify((await start(chef, meal, 500, 6)).fields)).toContain(AD_FORM_MESSAGES.dailyTooLow);

    const dish = (await s.rpc.call(CatalogueRpc.getMeal, { meal_id: meal })).meal!;
    await s.rpc.call(CatalogueRpc.updateMeal, {
      actor: chef,
      meal_id: meal,
      input: { name: dish.name, description: dish.description, price_cents: dish.price_cents, portions_available: 0, portions_seen: 20 },
    });
    await eventually(async () => (await s.stock(meal)) === 0);
    expect((await start(chef, meal, 500)).message).toBe(AD_MESSAGES.soldOut);

    expect(await ledger().countDocuments({ cook_id: chef.user_id, kind: 'ad_reserve' })).toBe(0);
    expect(await campaigns().countDocuments({ cook_id: chef.user_id })).toBe(0);
    expect(await available(chef)).toBe(1_000);
  });

  it('ten campaigns at once for 5 € each on a balance of 20 €, over two replicas: never more reserved than the balance', async () => {
    const { chef } = await cookWith(2_000);
    const meals = await Promise.all(Array.from({ length: 10 }, () => s.newMeal(chef.user_id, 5)));
    const outcomes = await Promise.allSettled(
      meals.map((meal_id) => s.rpc.call(AdsRpc.startCampaign, { actor: chef, input: { meal_id, budget_cents: 500, days: 1 } })),
    );
    const started = outcomes.filter((o) => o.status === 'fulfilled').length;
    const refusals = outcomes.flatMap((o) => (o.status === 'rejected' ? [(o.reason as Error).message] : []));
    expect(started).toBeGreaterThanOrEqual(1);
    expect(started).toBeLessThanOrEqual(4);
    for (const message of refusals) expect([AD_MESSAGES.balanceBusy, AD_MESSAGES.balanceShort('0,00 €')]).toContain(message);
    // Counted from the stored ledger: one reservation per campaign, the balance never below zero.
    const reserves = await ledger().find({ cook_id: chef.user_id, kind: 'ad_reserve' }).toArray();
    expect(reserves).toHaveLength(started);
    expect(await campaigns().countDocuments({ cook_id: chef.user_id, status: 'active' })).toBe(started);
    expect(await available(chef)).toBe(2_000 - 500 * started);
    // A second campaign on a dish already put forward is refused.
    const running = (await campaigns().findOne({ cook_id: chef.user_id }))!;
    const again = await expectDomainError(
      s.rpc.call(AdsRpc.startCampaign, { actor: chef, input: { meal_id: running.meal_id, budget_cents: 500, days: 1 } }),
    );
    expect(again.message).toBe(AD_MESSAGES.alreadyRunning);
  });

  it('start → displays once per viewer and day → the day spent out stops showing → day settled once, capped → stopped → the rest given back', async () => {
    const { chef, meal } = await cookWith(2_000);
    const { campaign } = await s.rpc.call(AdsRpc.startCampaign, { actor: chef, input: { meal_id: meal, budget_cents: 500, days: 2 } });
    expect(campaign).toMatchObject({ status: 'active', budget_cents: 500, daily_budget_cents: 250, cpm_cents: CPM, spent_cents: 0 });
    expect(await available(chef)).toBe(1_500);
    expect((await s.rpc.call(PayoutsRpc.overview, { actor: chef })).advertising_cents).toBe(500);
    expect((await active()).find((a) => a.campaign_id === campaign.campaign_id)?.remaining_millicents).toBe(250_000);

    const buyer = consumer();
    const visitor = { address: '203.0.113.7' };
    const record = (viewer: object) =>
      s.rpc.call(AdsRpc.recordDisplay, { campaign_id: campaign.campaign_id, viewer: viewer as { user_id: string } });
    // The same buyer ten times at once (both replicas answer), the same visitor thrice, another visitor once.
    const counted = await Promise.all([
      ...Array.from({ length: 10 }, () => record({ user_id: buyer.user_id })),
      ...Array.from({ length: 3 }, () => record(visitor)),
      record({ ...visitor, address: '198.51.100.4' }),
    ]);
    expect(counted.filter((c) => c.counted)).toHaveLength(3);
    // The cook seeing their own card pays nothing.
    expect((await record({ user_id: chef.user_id })).counted).toBe(false);
    expect(await displays().countDocuments({ campaign_id: campaign.campaign_id })).toBe(3);
    // Three displays at 1 € cost more than the day's 2,50 €: the campaign leaves the rotation (payments keeps its list 5 s).
    await eventually(async () => !(await active()).some((a) => a.campaign_id === campaign.campaign_id), 10_000);
    const overview = (await s.rpc.call(AdsRpc.campaigns, { actor: chef })).campaigns.find((c) => c.campaign_id === campaign.campaign_id)!;
    expect(overview).toMatchObject({ status: 'exhausted_today', displays: 3, spent_cents: 250 });
    expect((await s.rpc.call(AdsRpc.recordClick, { campaign_id: campaign.campaign_id, viewer: { user_id: buyer.user_id } })).counted).toBe(
      true,
    );

    // Day 0 closes; both replicas settle it, twice: one entry, capped at the day's share.
    await waitUntil(+new Date(campaign.starts_at) + DAY_MS + 1_600);
    await settleEverywhere();
    await settleEverywhere();
    const day0 = (await campaignEntries(campaign.campaign_id)).filter((e) => e.kind === 'ad_spend');
    expect(day0).toEqual([
      expect.objectContaining({ _id: `ad_spend:${campaign.campaign_id}:0`, advertising_cents: -250, available_cents: 0, displays: 3 }),
    ]);
    // The day closed, its displays and its salt are gone (its count is in the entry): nothing keyed by a viewer is left of it.
    expect(await displays().countDocuments({ campaign_id: campaign.campaign_id, day: 0 })).toBe(0);
    // The day closed, its salt is gone: the stored viewer keys can no longer be recomputed from anyone's id or address.
    expect(
      await s
        .db('payments')
        .collection('adSalts')
        .countDocuments({ _id: `${campaign.campaign_id}:0` as never }),
    ).toBe(0);
    // Day 1 has its budget again: back in the rotation.
    await eventually(async () => (await active()).some((a) => a.campaign_id === campaign.campaign_id), 10_000);

    // Stopped during day 1 (no display that day): once settled, 2,50 € spent, 2,50 € back, the advertising column at zero.
    const { campaign: stopped } = await s.rpc.call(AdsRpc.stopCampaign, { actor: chef, campaign_id: campaign.campaign_id });
    expect(stopped.status).toBe('stopped');
    await expect(
      expectDomainError(s.rpc.call(AdsRpc.stopCampaign, { actor: chef, campaign_id: campaign.campaign_id })),
    ).resolves.toMatchObject({
      message: AD_MESSAGES.alreadyOver,
    });
    await waitUntil(+new Date(stopped.stopped_at!) + 1_600);
    await settleEverywhere();
    await settleEverywhere();
    const entries = await campaignEntries(campaign.campaign_id);
    expect(entries.map((e) => [e._id.split(':')[0], e.available_cents, e.advertising_cents]).sort()).toEqual(
      [
        ['ad_release', 250, -250],
        ['ad_reserve', -500, 500],
        ['ad_spend', 0, -250],
        ['ad_spend', 0, 0],
      ].sort(),
    );
    expect(entries.reduce((sum, e) => sum + e.advertising_cents!, 0)).toBe(0);
    expect(await available(chef)).toBe(1_750);
    expect(await campaigns().findOne({ _id: campaign.campaign_id })).toMatchObject({
      status: 'stopped',
      settled: true,
      refunded_cents: 250,
    });
    const [closed] = (await s.rpc.call(AdsRpc.campaigns, { actor: chef })).campaigns;
    expect(closed).toMatchObject({ status: 'stopped', spent_cents: 250, refunded_cents: 250, displays: 3, clicks: 1 });
    // The CSV says the same, in French.
    const { csv } = await s.rpc.call(AdsRpc.campaignsCsv, { actor: chef });
    expect(csv.split('\r\n')[0]).toBe(
      'Plat;Statut;Début (UTC);Fin (UTC);Arrêtée (UTC);Budget (€);Dépensé (€);Rendu (€);Affichages;Clics;Commandes',
    );
    expect(csv).toContain(';Arrêtée;');
    expect(csv).toContain(';5,00;2,50;2,50;3;1;0');
  });

  it('a campaign that runs its course: one display a day at 1 €, the unspent 4 € back at the end', async () => {
    const { chef, meal } = await cookWith(500);
    const { campaign } = await s.rpc.call(AdsRpc.startCampaign, { actor: chef, input: { meal_id: meal, budget_cents: 500, days: 1 } });
    expect(await available(chef)).toBe(0);
    await s.rpc.call(AdsRpc.recordDisplay, { campaign_id: campaign.campaign_id, viewer: { user_id: consumer().user_id } });
    await waitUntil(+new Date(campaign.ends_at) + 1_600);
    // A display after the end counts nothing.
    expect((await s.rpc.call(AdsRpc.recordDisplay, { campaign_id: campaign.campaign_id, viewer: { user_id: 'late' } })).counted).toBe(
      false,
    );
    await settleEverywhere();
    const entries = await campaignEntries(campaign.campaign_id);
    expect(entries.find((e) => e.kind === 'ad_spend')).toMatchObject({ advertising_cents: -100, displays: 1 });
    expect(entries.find((e) => e.kind === 'ad_release')).toMatchObject({ available_cents: 400, advertising_cents: -400 });
    expect(await available(chef)).toBe(400);
    expect(await campaigns().findOne({ _id: campaign.campaign_id })).toMatchObject({ status: 'ended', settled: true, refunded_cents: 400 });
  });

  it('an order of the dish after its buyer clicked the card counts once, replayed or not; without a click it does not', async () => {
    const { chef, meal } = await cookWith(1_000);
    const { campaign } = await s.rpc.call(AdsRpc.startCampaign, { actor: chef, input: { meal_id: meal, budget_cents: 500, days: 1 } });
    const clicked = consumer();
    const other = consumer();
    await s.rpc.call(AdsRpc.recordClick, { campaign_id: campaign.campaign_id, viewer: { user_id: clicked.user_id } });
    await s.buy(clicked, meal);
    await s.buy(other, meal);
    await s.drained('payments');
    const orders = async () => (await s.rpc.call(AdsRpc.campaigns, { actor: chef })).campaigns[0]!.orders;
    await eventually(async () => (await orders()) === 1);
    // The clicked buyer's order-placed again, under a new event id (a replay): still one order counted.
    const placed = await findEvent<{ consumer_id: string }>(
      OrderingEvents.orderPlaced.subject,
      (e) => e.data.consumer_id === clicked.user_id,
      15_000,
      s.nats,
    );
    const nc = await testNats(s.nats);
    try {
      const replay = { ...placed, id: `${placed.id}-replayed` };
      await jetstream(nc).publish(subjectOf(OrderingEvents.orderPlaced, placed.data as never), JSON.stringify(replay), {
        msgID: replay.id,
      });
    } finally {
      await nc.close();
    }
    await s.drained('payments');
    expect(await orders()).toBe(1);
    const conversions = s.db('payments').collection('adConversions');
    expect(await conversions.countDocuments({ campaign_id: campaign.campaign_id })).toBe(1);
    await s.rpc.call(AdsRpc.stopCampaign, { actor: chef, campaign_id: campaign.campaign_id });
  });

  it('one network counts one display a campaign day, however many it sends: 500 forged from one address, 500 from one IPv6 /64', async () => {
    const { chef, meal } = await cookWith(1_000);
    const { campaign } = await s.rpc.call(AdsRpc.startCampaign, { actor: chef, input: { meal_id: meal, budget_cents: 500, days: 1 } });
    const record = (address: string) => s.rpc.call(AdsRpc.recordDisplay, { campaign_id: campaign.campaign_id, viewer: { address } });
    const v4 = await Promise.all(Array.from({ length: 500 }, () => record('198.51.100.77')));
    // Every /128 of one /64 (a phone or a household gets a whole /64), written every way IPv6 allows.
    const v6 = await Promise.all(
      Array.from({ length: 500 }, (_, i) =>
        record(i % 2 ? `2001:db8:12:34::${i.toString(16)}` : `2001:0db8:0012:0034:0:0:0:${i.toString(16)}`),
      ),
    );
    // An IPv4-mapped IPv6 address is its IPv4 one; another network counts once more.
    const mapped = await record('::ffff:198.51.100.77');
    const other = await record('2001:db8:12:35::1');
    expect([v4, v6].map((r) => r.filter((c) => c.counted).length)).toEqual([1, 1]);
    expect([mapped.counted, other.counted]).toEqual([false, true]);
    expect(await displays().countDocuments({ campaign_id: campaign.campaign_id })).toBe(3);
    const overview = (await s.rpc.call(AdsRpc.campaigns, { actor: chef })).campaigns.find((c) => c.campaign_id === campaign.campaign_id)!;
    expect(overview).toMatchObject({ displays: 3 });
    await s.rpc.call(AdsRpc.stopCampaign, { actor: chef, campaign_id: campaign.campaign_id });
  });

  it('a reservation whose campaign was never written (a crash between the two) is given back once, by either replica', async () => {
    const { chef } = await cookWith(1_000);
    const orphan = `orphan-${Date.now()}`;
    // Reserved a minute ago: not yet an orphan for the replicas' own periodic runs (5 minutes), so only
    // the runs below, told it is 6 minutes later, may give it back — and exactly one of them does.
    const later = Date.now() + 5 * 60_000;
    await ledger().insertOne({
      _id: `ad_reserve:${orphan}`,
      cook_id: chef.user_id,
      kind: 'ad_reserve',
      order_id: null,
      campaign_id: orphan,
      pending_cents: 0,
      available_cents: -700,
      advertising_cents: 700,
      created_at: new Date(Date.now() - 60_000),
    });
    expect(await available(chef)).toBe(300);
    const outcomes = await settleEverywhere(later);
    expect(outcomes.reduce((sum, o) => sum + o.orphans, 0)).toBe(1);
    await settleEverywhere(later);
    expect(await ledger().countDocuments({ campaign_id: orphan, kind: 'ad_release' })).toBe(1);
    expect(await campaigns().findOne({ _id: orphan })).toMatchObject({ status: 'failed', settled: true });
    expect(await available(chef)).toBe(1_000);
    // The tombstone is no campaign of the cook's.
    expect((await s.rpc.call(AdsRpc.campaigns, { actor: chef })).campaigns).toHaveLength(0);
  });

  it('export and erasure: the cook’s campaigns are exported and block erasure until closed; a buyer’s displays stay counted without them', async () => {
    const { chef, meal } = await cookWith(1_000);
    const { campaign } = await s.rpc.call(AdsRpc.startCampaign, { actor: chef, input: { meal_id: meal, budget_cents: 500, days: 1 } });
    const buyer = consumer();
    await s.rpc.call(AdsRpc.recordDisplay, { campaign_id: campaign.campaign_id, viewer: { user_id: buyer.user_id } });
    await s.rpc.call(AdsRpc.recordClick, { campaign_id: campaign.campaign_id, viewer: { user_id: buyer.user_id } });

    const blockers = await s.rpc.call(erasureBlockersRpc('payments'), { user_id: chef.user_id });
    expect(blockers.reasons).toContain(AD_MESSAGES.erasureBlocked);
    const cookExport = JSON.stringify(await s.rpc.call(exportPersonalDataRpc('payments'), { actor: chef, cursor: null }));
    expect(cookExport).toContain(campaign.campaign_id);
    const buyerExport = JSON.stringify(await s.rpc.call(exportPersonalDataRpc('payments'), { actor: buyer, cursor: null }));
    // The click (kept with the buyer's id for the 7 days its orders may count); displays hold no id at all.
    expect(buyerExport).toContain('sponsored-dishes-opened');
    expect(buyerExport).toContain(campaign.campaign_id);
    expect(buyerExport).not.toContain('sponsored-dishes-seen');
    expect(JSON.stringify(await displays().find({ campaign_id: campaign.campaign_id }).toArray())).not.toContain(buyer.user_id);

    await s.erase(buyer);
    const clicks = s.db('payments').collection<AdMeasureDoc>('adClicks');
    await eventually(async () => (await clicks.countDocuments({ user_id: buyer.user_id })) === 0, 15_000);
    expect(await clicks.countDocuments({ campaign_id: campaign.campaign_id, user_id: null })).toBe(1);
    expect(await displays().countDocuments({ campaign_id: campaign.campaign_id })).toBe(1);
    // A click older than the 7 days its orders may count forgets who clicked; a recent one keeps it.
    const someone = consumer();
    await s.rpc.call(AdsRpc.recordClick, { campaign_id: campaign.campaign_id, viewer: { user_id: someone.user_id } });
    await clicks.insertOne({
      _id: `${campaign.campaign_id}:old:${someone.user_id}`,
      campaign_id: campaign.campaign_id,
      day: 0,
      user_id: someone.user_id,
      created_at: new Date(Date.now() - 8 * 86_400_000),
    });
    await settleEverywhere();
    expect((await clicks.find({ user_id: someone.user_id }).toArray()).map((c) => c._id)).not.toContain(
      `${campaign.campaign_id}:old:${someone.user_id}`,
    );
    expect(await clicks.countDocuments({ user_id: someone.user_id })).toBe(1);
    await s.rpc.call(AdsRpc.stopCampaign, { actor: chef, campaign_id: campaign.campaign_id });
  });
});

async function waitUntil(at: number): Promise<void> {
  const ms = at - Date.now();
  if (ms > 0) await new Promise((r) => setTimeout(r, ms));
}
