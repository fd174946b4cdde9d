import type { INestApplication } from '@nestjs/common';
import { getModelToken } from '@nestjs/mongoose';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  AccountEvents,
  AlertsRpc,
  CatalogueEvents,
  DomainError,
  exportPersonalDataRpc,
  FOLLOW_MESSAGES,
  type EventContract,
} from '@popote/contracts';
import { AppModule as IdentityModule, identityConfig, seedIdentity } from '@popote/identity/app';
import type { RpcClient } from '@popote/platform';
import { eventually, parisTime, resetJetStream, serviceEnv, startServiceApp, testNats, testRpcClient } from '@popote/testing';
import type { Model } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Alert } from '../src/alerts/alert.schema';
import { DigestService, digestId, parisDayAndHour } from '../src/alerts/digest.service';
import { AppModule } from '../src/app.module';
import { AlertPreferencesDoc, Favourite, Follow, PushDevice, pushDeviceId } from '../src/audience/audience.schema';
import { SLOW_HOST_PAUSE_MS } from '../src/alerts/push-sender.service';
import { notificationsConfig } from '../src/config';
import { alertsSettled, publishEvent, queuedPush } from './alert-helpers';
import { PushEndpoint, type TestDevice } from './push-endpoint';

interface InboxMail {
  subject: string;
  text: string;
  to: { address: string }[];
  headers: Record<string, string>;
}

const COOK = 'demo-cook-amina';
const CLAIRE = 'demo-consumer-claire';

/**
 * The alerts end to end (docs/alerts.md): events published on the real broker, two notifications
 * replicas on one database, pushes received by a local push service that checks the VAPID signature
 * and decrypts each payload, the digest through the real mail server.
 */
describe('alerts: followers, favourites, Web Push and the daily digest', () => {
  const apps: INestApplication[] = [];
  let rpc: RpcClient;
  let nc: NatsConnection;
  let push: PushEndpoint;
  let alerts: Model<Alert>;
  let devices: Model<PushDevice>;
  const [claireLaptop, clairePhone, lucasPhone, meiOld, meiFlaky] = [
    'claire-laptop',
    'claire-phone',
    'lucas-phone',
    'mei-old',
    'mei-flaky',
  ];
  const dev: Record<string, TestDevice> = {};

  const publish = <T>(contract: EventContract<T>, data: T, times = 1) => publishEvent(nc, contract, data, times);
  const tagged = (d: TestDevice, tag: string) => d.received.filter((r) => r.payload.tag === tag);
  const settled = (about: string) => alertsSettled(alerts, { about });
  const inbox = async () => (await (await fetch(`${inject('infraEnv').MAIL_INBOX_URL}/email`)).json()) as InboxMail[];

  beforeAll(async () => {
    await resetJetStream();
    const idEnv = serviceEnv('identity', __filename);
    await seedIdentity(idEnv);
    apps.push(await startServiceApp('identity', IdentityModule.forRoot(identityConfig(idEnv)), idEnv.NATS_URL!));
    // Two replicas of notifications, one database: each event is worked on by one, or both.
    const env = serviceEnv('notifications', __filename, { ALERT_DIGEST_HOUR: '0', ALERT_DIGEST_CHECK_MS: '0' });
    const config = notificationsConfig(env);
    for (let i = 0; i < 2; i++) apps.push(await startServiceApp('notifications', AppModule.forRoot(config), config.NATS_URL));
    const app = apps[1]!;
    alerts = app.get(getModelToken(Alert.name));
    devices = app.get(getModelToken(PushDevice.name));
    rpc = await testRpcClient(config.NATS_URL);
    nc = await testNats(config.NATS_URL);
    push = await PushEndpoint.start(config.VAPID_PUBLIC_KEY);
    dev[claireLaptop] = push.device(claireLaptop);
    dev[clairePhone] = push.device(clairePhone);
    dev[lucasPhone] = push.device(lucasPhone);
    dev[meiOld] = push.device(meiOld, { kind: 'gone' });
    dev[meiFlaky] = push.device(meiFlaky, { kind: 'fail', times: 1, status: 503 });
    // Who follows whom, favourites, devices, preferences: as the audience's RPCs store them.
    const follows = app.get<Model<Follow>>(getModelToken(Follow.name));
    await follows.insertMany(
      [CLAIRE, 'demo-cook-lucas', 'demo-cook-mei'].map((u) => ({ _id: `${u}|${COOK}`, follower_id: u, cook_id: COOK })),
    );
    const owners: Record<string, string> = {
      [claireLaptop]: CLAIRE,
      [clairePhone]: CLAIRE,
      [lucasPhone]: 'demo-cook-lucas',
      [meiOld]: 'demo-cook-mei',
      [meiFlaky]: 'demo-cook-mei',
    };
    await devices.insertMany(
      Object.entries(owners).map(([name, user]) => ({
        _id: pushDeviceId(dev[name]!.subscription.endpoint),
        user_id: user,
        endpoint: dev[name]!.subscription.endpoint,
        keys: dev[name]!.subscription.keys,
      })),
    );
    // Lucas wants no pushes about new dishes (emails only).
    await app.get<Model<AlertPreferencesDoc>>(getModelToken(AlertPreferencesDoc.name)).create({
      _id: 'demo-cook-lucas',
      preferences: { new_dish: { email: true, push: false } },
    });
    await app
      .get<Model<Favourite>>(getModelToken(Favourite.name))
      .create({ _id: `${CLAIRE}|meal-fav`, user_id: CLAIRE, meal_id: 'meal-fav' });
  });

  afterAll(async () => {
    await nc?.close();
    await rpc?.close();
    for (const app of apps.reverse()) await app.close();
    await push?.close();
  });

  it('a followed cook’s new dish: one signed, encrypted push per allowed device, even when the event comes twice', async () => {
    const created = await publish(CatalogueEvents.mealCreated, { meal_id: 'meal-new', cook_id: COOK, name: 'Tajine de poulet' }, 2);
    await settled('meal-new');
    const expected = {
      title: 'Nouveau plat de amina_cuisine',
      body: 'Tajine de poulet est disponible sur Popote.',
      url: '/meals/meal-new',
      tag: 'meal-meal-new',
    };
    expect(tagged(dev[claireLaptop]!, 'meal-meal-new').map((r) => r.payload)).toEqual([expected]);
    expect(tagged(dev[clairePhone]!, 'meal-meal-new').map((r) => r.payload)).toEqual([expected]);
    const [received] = tagged(dev[claireLaptop]!, 'meal-meal-new');
    expect(received!.claims).toMatchObject({ aud: push.origin, sub: 'mailto:contact@popote.fr' });
    expect(received!.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // Lucas turned new-dish pushes off: none (his digest line is queued).
    expect(dev[lucasPhone]!.requests).toBe(0);
    // Mei's flaky device failed once (503) and got it on the retry; her old one answered 410 and is gone.
    expect(tagged(dev[meiFlaky]!, 'meal-meal-new')).toHaveLength(1);
    expect(dev[meiFlaky]!.requests).toBe(2);
    expect(dev[meiOld]!.requests).toBe(1);
    expect(await devices.exists({ _id: pushDeviceId(dev[meiOld]!.subscription.endpoint) })).toBeNull();
    for (const d of Object.values(dev)) expect(d.rejected, d.name).toEqual([]);
    // The records: ids from the cause, one per person and channel (and device).
    const ids = (await alerts.find({ about: 'meal-new' }, { _id: 1, status: 1 }).lean<Alert[]>()).map((a) => `${a._id} ${a.status}`).sort();
    const deviceOf = (name: string) => pushDeviceId(dev[name]!.subscription.endpoint);
    expect(ids).toEqual(
      [
        `${created.id}|${CLAIRE}|email waiting`,
        `${created.id}|${CLAIRE}|push|${deviceOf(claireLaptop)} sent`,
        `${created.id}|${CLAIRE}|push|${deviceOf(clairePhone)} sent`,
        `${created.id}|demo-cook-lucas|email waiting`,
        `${created.id}|demo-cook-mei|email waiting`,
        `${created.id}|demo-cook-mei|push|${deviceOf(meiFlaky)} sent`,
        `${created.id}|demo-cook-mei|push|${deviceOf(meiOld)} dropped`,
      ].sort(),
    );
  });

  it('a favourite back in stock twice the same day alerts once; new pick-up slots alert the followers', async () => {
    const backInStock = await publish(CatalogueEvents.mealBackInStock, { meal_id: 'meal-fav', cook_id: COOK, name: 'Couscous' });
    await publish(CatalogueEvents.mealBackInStock, { meal_id: 'meal-fav', cook_id: COOK, name: 'Couscous' });
    await publish(CatalogueEvents.pickupSlotsOpened, { cook_id: COOK, weekdays: [2, 6], days: [] });
    await settled('meal-fav');
    await settled(COOK);
    expect(tagged(dev[clairePhone]!, 'meal-meal-fav').map((r) => r.payload)).toEqual([
      {
        title: 'De nouveau disponible : Couscous',
        body: 'Votre plat favori « Couscous » est de nouveau disponible. Réservez vite votre portion !',
        url: '/meals/meal-fav',
        tag: 'meal-meal-fav',
      },
    ]);
    // The alert's day is the event's (Paris), not the test's clock a second later (a run across midnight).
    const { day } = parisDayAndHour(new Date(backInStock.occurred_at));
    expect(await alerts.exists({ _id: `meal-fav|${CLAIRE}|${day}|email` })).not.toBeNull();
    expect(tagged(dev[lucasPhone]!, `slots-${COOK}`).map((r) => r.payload.body)).toEqual([
      'amina_cuisine ouvre de nouveaux créneaux de retrait : le mardi et le samedi.',
    ]);
    expect(tagged(dev[claireLaptop]!, `slots-${COOK}`).map((r) => r.payload.url)).toEqual([`/cook/${COOK}`]);
  });

  it('pushes claimed by a replica that died before sending them go out once, from another, when the claim’s lease is over', async () => {
    const base = {
      kind: 'new_dish',
      channel: 'push',
      user_id: CLAIRE,
      cause: 'crash',
      about: 'meal-crash',
      body: 'b',
      url: '/meals/meal-crash',
      attempts: 0,
      last_error: null,
      sent_at: null,
      digest_id: null,
      next_attempt_at: new Date(),
      created_at: new Date(),
      updated_at: new Date(),
    };
    const device = pushDeviceId(dev[claireLaptop]!.subscription.endpoint);
    // As a dead replica leaves them: claimed (`sending`), one lease over, one still running.
    await alerts.collection.insertMany([
      {
        ...base,
        _id: `crash|${CLAIRE}|push|${device}`,
        device_id: device,
        status: 'sending',
        lease_until: new Date(Date.now() - 1000),
        title: 'Orphelin',
        tag: 'crash-1',
      },
      {
        ...base,
        _id: `held|${CLAIRE}|push|${device}`,
        device_id: device,
        status: 'sending',
        lease_until: new Date(Date.now() + 60_000),
        title: 'Tenu',
        tag: 'crash-2',
      },
    ] as never[]);
    await eventually(() => tagged(dev[claireLaptop]!, 'crash-1').length > 0, 15_000);
    await new Promise((r) => setTimeout(r, 2500));
    expect(tagged(dev[claireLaptop]!, 'crash-1').map((r) => r.payload.title)).toEqual(['Orphelin']);
    expect(tagged(dev[claireLaptop]!, 'crash-2')).toEqual([]);
    expect((await alerts.findById(`held|${CLAIRE}|push|${device}`).lean<Alert>())!.status).toBe('sending');
  });

  it('a push service that never answers does not hold back other buyers’ pushes: it is paused, its pushes wait without spending attempts', async () => {
    const silent = await PushEndpoint.start(notificationsConfig(serviceEnv('notifications', __filename)).VAPID_PUBLIC_KEY);
    try {
      // 40 pushes queued first, each to a device of the silent service (five rounds of the sender's 8 slots at 10 s each).
      const hanging = Array.from({ length: 40 }, (_, i) => silent.device(`silent-${i}`, { kind: 'hang' }));
      await devices.insertMany(
        hanging.map((d, i) => ({
          _id: pushDeviceId(d.subscription.endpoint),
          user_id: `u-silent-${i}`,
          endpoint: d.subscription.endpoint,
          keys: d.subscription.keys,
        })),
      );
      await alerts.collection.insertMany(
        hanging.map((d, i) =>
          queuedPush({
            _id: `slow|u-silent-${i}|push`,
            kind: 'new_dish',
            cause: 'slow-host',
            user_id: `u-silent-${i}`,
            device_id: pushDeviceId(d.subscription.endpoint),
            about: `slow-${i}`,
            title: 'Nouveau plat',
            tag: `slow-${i}`,
          }),
        ) as never[],
      );
      // Then Claire's orders are ready: pushed to her laptop, on another push service.
      const laptop = pushDeviceId(dev[claireLaptop]!.subscription.endpoint);
      const started = Date.now();
      await alerts.collection.insertMany(
        [1, 2, 3].map((n) =>
          queuedPush({
            _id: `ready-${n}|${CLAIRE}|push`,
            kind: 'order_updates',
            cause: 'slow-host',
            user_id: CLAIRE,
            device_id: laptop,
            about: `ready-${n}`,
            title: 'Votre commande est prête à être retirée !',
            tag: `ready-${n}`,
          }),
        ) as never[],
      );
      await eventually(() => [1, 2, 3].every((n) => tagged(dev[claireLaptop]!, `ready-${n}`).length === 1), 40_000, 250);
      // One send timeout (10 s) at most, not one per round of slots.
      expect(Date.now() - started).toBeLessThan(SLOW_HOST_PAUSE_MS / 2);
      // The silent service's pushes wait for its pause to end; none has spent more than the attempt that timed out.
      const waiting = await alerts.find({ cause: 'slow-host', kind: 'new_dish' }).lean<Alert[]>();
      expect(waiting.filter((a) => a.status === 'sent')).toEqual([]);
      expect(Math.max(...waiting.map((a) => a.attempts))).toBeLessThanOrEqual(1);
      expect(hanging.reduce((n, d) => n + d.requests, 0)).toBeLessThanOrEqual(2 * 8);
    } finally {
      await alerts.deleteMany({ cause: 'slow-host' });
      await silent.close();
    }
  });

  it('a push service that redirects is not followed: the push is not sent there, the address it named gets nothing', async () => {
    const service = await PushEndpoint.start(notificationsConfig(serviceEnv('notifications', __filename)).VAPID_PUBLIC_KEY);
    try {
      // The address a redirect could point at (inside the network, say): a device that would accept it.
      const inside = service.device('inside');
      const redirecting = service.device('redirecting', { kind: 'redirect', to: inside.subscription.endpoint });
      const deviceId = pushDeviceId(redirecting.subscription.endpoint);
      await devices.insertMany([
        { _id: deviceId, user_id: 'u-redirect', endpoint: redirecting.subscription.endpoint, keys: redirecting.subscription.keys },
      ]);
      await alerts.collection.insertOne(
        queuedPush({
          _id: 'redirect|u-redirect|push',
          kind: 'order_updates',
          cause: 'redirect',
          about: 'redirect',
          user_id: 'u-redirect',
          device_id: deviceId,
          title: 'Votre commande est prête à être retirée !',
          tag: 'redirect',
        }) as never,
      );
      const tried = await eventually(async () => {
        const a = await alerts.findById('redirect|u-redirect|push').lean<Alert>();
        return a && a.attempts >= 1 ? a : undefined;
      }, 20_000);
      expect(redirecting.requests).toBeGreaterThanOrEqual(1);
      expect(tried.status).not.toBe('sent');
      expect(tried.last_error).toBeTruthy();
      expect(inside.requests).toBe(0);
      expect(inside.received).toEqual([]);
    } finally {
      await alerts.deleteMany({ cause: 'redirect' });
      await devices.deleteMany({ user_id: 'u-redirect' });
      await service.close();
    }
  });

  it('one digest a day, with a one-click unsubscribe that works signed out and refuses a tampered token in French', async () => {
    const now = new Date();
    const [a, b] = await Promise.all(apps.slice(1).map((app) => app.get(DigestService).run(now)));
    const { day } = parisDayAndHour(now);
    const mail = await eventually(async () =>
      (await inbox()).find((m) => m.to.some((t) => t.address === 'claire@popote.test') && m.subject === 'Popote : 3 nouveautés pour vous'),
    );
    // Claire: the dish, the favourite, the slots; Lucas and Mei (accounts of cooks, who follow too) theirs.
    expect((a ?? 0) + (b ?? 0)).toBe(3);
    expect(mail.text).toContain(
      'Nouveaux plats de vos cuisiniers\n- Nouveau plat de amina_cuisine : Tajine de poulet est disponible sur Popote.',
    );
    expect(mail.text).toContain('/meals/meal-fav');
    const header = mail.headers['list-unsubscribe'];
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const m = /^<(https?:\/\/[^>]+\/alertes\/desabonnement\?token=([^>]+))>, <mailto:[^>]+>$/.exec(header ?? '');
    expect(m, header).not.toBeNull();
    const token = decodeURIComponent(m![2]!);
    // Nothing more today, whatever comes.
    await publish(CatalogueEvents.mealCreated, { meal_id: 'meal-later', cook_id: COOK, name: 'Gratin' });
    await settled('meal-later');
    // (Later that same Paris day, even when the run has passed midnight meanwhile.)
    expect(await apps[1]!.get(DigestService).run(parisTime(0, '23:59', now))).toBe(0);
    const lineOfLater = () => alerts.findOne({ about: 'meal-later', user_id: CLAIRE, channel: 'email' }).lean<Alert>();
    expect((await lineOfLater())!.status).toBe('waiting');
    expect(await alerts.countDocuments({ digest_id: digestId(CLAIRE, day) })).toBe(3);

    const tampered = token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const refused = (await rpc.call(AlertsRpc.unsubscribe, { token: tampered }).catch((e: unknown) => e)) as DomainError;
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused.message).toBe(FOLLOW_MESSAGES.unsubscribeInvalid);
    const done = await rpc.call(AlertsRpc.unsubscribe, { token });
    expect(done.message).toBe(
      "Vous ne recevrez plus d'emails pour : nouveaux plats de mes cuisiniers ; nouveaux créneaux de retrait de mes cuisiniers ; mes plats favoris de nouveau disponibles.",
    );
    expect(await rpc.call(AlertsRpc.unsubscribe, { token })).toEqual(done);
    const prefs = await apps[1]!
      .get<Model<AlertPreferencesDoc>>(getModelToken(AlertPreferencesDoc.name))
      .findById(CLAIRE)
      .lean<AlertPreferencesDoc>();
    expect(prefs!.preferences).toMatchObject({ new_dish: { email: false }, new_slots: { email: false }, back_in_stock: { email: false } });
    // Tomorrow: the line that waited is dropped (its kind's emails are off now), and no email goes.
    // (Noon of the next Paris day: `now` + 24 h is still the same day at 00:30 on the 25-hour day of October.)
    const tomorrow = parisTime(1, '12:00', now);
    expect(await apps[1]!.get(DigestService).run(tomorrow)).toBe(2); // Lucas's and Mei's, not Claire's
    expect((await lineOfLater())!.status).toBe('dropped');
    await new Promise((r) => setTimeout(r, 1500));
    expect(
      (await inbox()).filter((x) => x.to.some((t) => t.address === 'claire@popote.test') && x.subject.startsWith('Popote :')),
    ).toHaveLength(1);
  });

  it('a person’s alerts are in their data export, and go with their account', async () => {
    const LUCAS = 'demo-cook-lucas';
    const actor = { user_id: LUCAS, user_type: 'cook' as const };
    const pages = [];
    let cursor: string | null = null;
    do {
      const page = await rpc.call(exportPersonalDataRpc('notifications'), { actor, cursor });
      pages.push(page);
      cursor = page.next_cursor;
    } while (cursor);
    const exported = pages.flatMap((p) => (p.sections.alerts ?? []) as { title: string; channel: string }[]);
    expect(exported).toContainEqual(expect.objectContaining({ title: 'Nouveau plat de amina_cuisine', channel: 'email' }));
    expect(exported).toHaveLength(await alerts.countDocuments({ user_id: LUCAS }));

    await publish(AccountEvents.erasureRequested, {
      user_id: LUCAS,
      email: 'lucas@popote.test',
      names: [],
      requested_at: new Date().toISOString(),
    });
    await eventually(async () => ((await alerts.countDocuments({ user_id: LUCAS })) === 0 ? true : undefined), 15_000);
    expect(await alerts.countDocuments({ user_id: CLAIRE })).toBeGreaterThan(0); // nobody else's
  });
});
