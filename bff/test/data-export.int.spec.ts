import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { jetstream } from '@nats-io/jetstream';
import { DataExportJob, EXPORT_MESSAGES, STREAMS } from '@popote/contracts';
import { markEmailVerified } from '../../services/identity/test/fixtures';
import { MediaStorage, OutboxRelay } from '@popote/platform';
import { getConnectionToken, getModelToken } from '@nestjs/mongoose';
import { eventually, GqlSession, testNats, tokenOfLink, waitForMail } from '@popote/testing';
import mongoose, { type Connection, type Model } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { User } from '../../services/identity/src/users/user.schema';
import type { ExportJob, ExportSlot } from '../src/account/exports/data-export.store';
import { DataExportWorker, EXPORT_MAX_ATTEMPTS } from '../src/account/exports/data-export.worker';
import { type BffConfig } from '../src/config';
import { bffConfig, startBff, startServices, type Services } from './support/services';

const FIELDS = '{ export_id status download_url expires_at ready_at size_bytes }';
const REQUEST = `mutation { requestDataExport ${FIELDS} }`;
const LATEST = `{ dataExport ${FIELDS} }`;
const SIGN_UP = 'mutation($i: SignUpInput!) { signUp(input: $i) { user { user_id } } }';

let n = 0;
/** The support address of this file's notifications (unique: the test mail server is shared). */
const SUPPORT = `support-${Date.now().toString(36)}@popote.test`;

/**
 * The data export job (ADR 0026, 0027) with two BFF replicas on one database and one bucket,
 * every service real: one export in preparation per person across replicas, one builder per job
 * (the JetStream work queue: two replicas pulling, a builder that died), the archive's contents, the owner alone downloads it,
 * expiry and the sweep, the rate limit, a failed job and 'Réessayer', erasure of the archives.
 */
describe('data export job (two BFF replicas)', () => {
  const apps: Record<string, INestApplication> = {};
  const replicas: { app: INestApplication; url: string; worker: DataExportWorker }[] = [];
  let db: Connection;
  let archives: MediaStorage;
  let config: BffConfig;

  const jobs = () => db.collection<ExportJob>('dataExports');
  const slots = () => db.collection<ExportSlot>('dataExportSlots');

  /** A new account; its address confirmed (as its emailed link would) unless `verified` is false: an export needs it. */
  const person = async (url = replicas[0]!.url, { verified = true, email = '' } = {}) => {
    const tag = `${Date.now().toString(36)}${++n}`;
    const s = new GqlSession(url);
    email ||= `export-${tag}@popote.test`;
    const r = await s.gql(SIGN_UP, {
      i: { email, password: 'secret1', name: `Export ${tag}`, username: `ex_${tag}`, location: 'Lyon', user_type: 'consumer' },
    });
    expect(r.errors).toBeUndefined();
    if (verified) await markEmailVerified(apps.identity!, email);
    return { s, email, user_id: r.data.signUp.user.user_id as string };
  };
  const download = async (s: GqlSession, ready: { download_url: string }) => {
    const res = await fetch(`${replicas[0]!.url}${ready.download_url}`, { headers: { cookie: s.cookieHeader() } });
    expect(res.status).toBe(200);
    const file = join(mkdtempSync(join(tmpdir(), 'export-')), 'a.zip');
    writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    return {
      names: execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n'),
      read: (name: string) => execFileSync('unzip', ['-p', file, name], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }),
    };
  };
  const on = (s: GqlSession, i: number) => Object.assign(new GqlSession(replicas[i]!.url), { cookies: s.cookies }) as GqlSession;
  const pauseAll = () => Promise.all(replicas.map((r) => r.worker.pause()));
  const resumeAll = () => Promise.all(replicas.map((r) => r.worker.start()));
  /** The job, once in `status` (the builders work from the queue on their own). */
  const jobIn = (id: string, status: ExportJob['status']) => eventually(() => jobs().findOne({ _id: id, status }), 30_000);
  const readyOf = (s: GqlSession) =>
    eventually(async () => {
      const d = (await s.gql(LATEST)).data?.dataExport;
      return d?.status === 'ready' ? d : undefined;
    }, 30_000);

  let stack: Services;

  beforeAll(async () => {
    stack = await startServices(__filename, { seed: false, env: { notifications: { SUPPORT_EMAIL: SUPPORT } } });
    Object.assign(apps, stack.apps);
    // One database and one bucket for both replicas, as in a deployment; a short lease, so a dead
    // builder's job goes to another replica within seconds.
    const bffEnv = stack.bffEnv({
      EXPORT_BUCKET: `${stack.env('catalogue').MEDIA_BUCKET!}-exports`,
      RATE_LIMIT_SIGN_UP: '1000/60',
      RATE_LIMIT_EXPORT: '3/3600',
      EXPORT_LEASE_MS: '3000',
      EXPORT_SWEEP_MS: '3600000',
    });
    config = bffConfig(bffEnv);
    for (let i = 0; i < 2; i++) {
      const { app, url } = await startBff(config);
      replicas.push({ app, url, worker: app.get(DataExportWorker) });
    }
    archives = new MediaStorage({ ...config, MEDIA_BUCKET: config.EXPORT_BUCKET });
    db = await mongoose.createConnection(bffEnv.MONGO_URL!, { dbName: bffEnv.MONGO_DB }).asPromise();
  }, 120_000);

  afterAll(async () => {
    await db?.close();
    for (const r of replicas) await r.app.close();
    await stack?.close();
  });

  it('request → ready → the archive of every service → the email; nobody else downloads it', async () => {
    const p = await person();
    const started = Date.now();
    const asked = (await p.s.gql(REQUEST)).data.requestDataExport;
    const ready = await readyOf(p.s);
    const elapsed = Date.now() - started;
    expect(ready).toMatchObject({ export_id: asked.export_id, download_url: `/media/account/exports/${asked.export_id}.zip` });
    // Expires 7 days after it was ready.
    expect(Date.parse(ready.expires_at) - Date.parse(ready.ready_at)).toBe(168 * 3_600_000);
    const job = (await jobs().findOne({ _id: asked.export_id }))!;
    expect(job).toMatchObject({ status: 'ready', attempts: 1, user_id: p.user_id });
    console.info(`export ready in ${elapsed} ms (build ${job.build_ms} ms, ${job.size_bytes} bytes)`);

    // Downloaded from the other replica: the job and the bucket are shared.
    const res = await fetch(`${replicas[1]!.url}${ready.download_url}`, { headers: { cookie: p.s.cookieHeader() } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const file = join(mkdtempSync(join(tmpdir(), 'export-')), 'a.zip');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.length).toBe(ready.size_bytes);
    writeFileSync(file, bytes);
    const names = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
    for (const service of ['identity', 'catalogue', 'cart', 'ordering', 'payments', 'notifications'])
      expect(
        names.some((f) => f.startsWith(`${service}/`)),
        service,
      ).toBe(true);
    expect(JSON.parse(execFileSync('unzip', ['-p', file, 'identity/profile.json'], { encoding: 'utf8' }))).toMatchObject({
      email: p.email,
    });
    expect(JSON.parse(execFileSync('unzip', ['-p', file, 'export.json'], { encoding: 'utf8' }))).toMatchObject({
      export_id: asked.export_id,
    });
    // The emails sent for the account are in it (found by its id), the links' secrets taken out.
    const token = tokenOfLink((await waitForMail(p.email, /Confirmez votre adresse email/)).text);
    const sent = execFileSync('unzip', ['-p', file, 'notifications/emails-sent.json'], { encoding: 'utf8' });
    expect(JSON.parse(sent)).toEqual([expect.objectContaining({ to: p.email, subject: 'Confirmez votre adresse email' })]);
    expect(sent).toContain('verify-email?token=[retiré]');
    expect(sent).not.toContain(token);

    const mail = await waitForMail(p.email, /Votre archive de données Popote est prête/);
    expect(mail.text).toMatch(/http:\/\/[^\s]+\/profile#mes-donnees/);
    expect(mail.text).toMatch(/disponible jusqu'au \d{1,2} \S+ \d{4}/);

    // Someone else (another account, on either replica) or nobody: refused in French, never the file.
    const other = await person();
    for (const replica of replicas) {
      const stranger = await fetch(`${replica.url}${ready.download_url}`, { headers: { cookie: other.s.cookieHeader() } });
      expect(stranger.status).toBe(404);
      expect(await stranger.json()).toMatchObject({ code: 'NOT_FOUND', message: EXPORT_MESSAGES.notFound });
    }
    expect((await (await fetch(`${replicas[0]!.url}${ready.download_url}`)).json()).message).toBe(EXPORT_MESSAGES.downloadSignIn);
    expect(
      (await fetch(`${replicas[0]!.url}/media/account/exports/..%2F..%2Fetc.zip`, { headers: { cookie: p.s.cookieHeader() } })).status,
    ).toBe(404);
    // The other person's profile shows nothing of it.
    expect((await other.s.gql(LATEST)).data.dataExport).toBeNull();
  }, 90_000);

  it('one export in preparation per person, even asked on both replicas at once; a rate limit in French', async () => {
    await pauseAll();
    try {
      const p = await person();
      const answers = await Promise.all([on(p.s, 0).gql(REQUEST), on(p.s, 1).gql(REQUEST), on(p.s, 0).gql(REQUEST)]);
      const refused = answers.filter((a) => a.errors);
      expect(answers.length - refused.length).toBe(1);
      for (const r of refused)
        expect(r.errors![0]).toMatchObject({ message: EXPORT_MESSAGES.inProgress, extensions: { code: 'CONFLICT' } });
      expect(await jobs().countDocuments({ user_id: p.user_id })).toBe(1);
      expect((await p.s.gql(LATEST)).data.dataExport.status).toBe('preparing');
      // Not ready yet: the download address answers so.
      const id = answers.find((a) => !a.errors)!.data.requestDataExport.export_id as string;
      const early = await fetch(`${replicas[0]!.url}/media/account/exports/${id}.zip`, { headers: { cookie: p.s.cookieHeader() } });
      expect(early.status).toBe(409);
      expect((await early.json()).message).toBe(EXPORT_MESSAGES.notReady);

      // Built, then asked again up to the limit (3 an hour here, the first counted): the next one is refused with the wait.
      await resumeAll();
      await readyOf(p.s);
      for (let i = 0; i < 2; i++) {
        expect((await p.s.gql(REQUEST)).errors).toBeUndefined();
        await readyOf(p.s);
      }
      const limited = await p.s.gql(REQUEST);
      expect(limited.errors![0]!.extensions?.code).toBe('RATE_LIMITED');
      expect(limited.errors![0]!.message).toMatch(
        /^Vous avez demandé plusieurs archives de vos données récemment\. .* dans \d+ minutes\.$/,
      );
      // One archive per person: the previous ones went when the newer was ready.
      expect(await archives.keys(`${p.user_id}/`)).toHaveLength(1);
      expect(await jobs().countDocuments({ user_id: p.user_id })).toBe(1);
    } finally {
      await resumeAll();
    }
  }, 90_000);

  it('a job queued while no builder runs is built once by two replicas pulling at once; a dead builder is taken over', async () => {
    await pauseAll();
    const p = await person();
    const id = (await p.s.gql(REQUEST)).data.requestDataExport.export_id as string;
    expect(await jobs().findOne({ _id: id })).toMatchObject({ status: 'pending', enqueued_at: expect.any(Date) });
    // "Restart": no builder ran when it was asked; both replicas now pull from the queue together.
    await resumeAll();
    const job = await jobIn(id, 'ready');
    expect(job.attempts).toBe(1); // one build started, on one replica
    expect(await slots().countDocuments({ _id: p.user_id })).toBe(0);

    // A builder that died: it took the job from the queue, started (its attempt counted) and stopped
    // beating. After the lease, the queue gives the job to a replica, which builds it as attempt 2.
    await pauseAll();
    const q = await person();
    const id2 = (await q.s.gql(REQUEST)).data.requestDataExport.export_id as string;
    const nc = await testNats(config.NATS_URL);
    try {
      const dead = await (await jetstream(nc).consumers.get(STREAMS.jobs.name, DataExportJob.workers)).next({ expires: 5_000 });
      expect(dead?.json()).toEqual({ export_id: id2 });
      await jobs().updateOne({ _id: id2 }, { $inc: { attempts: 1 } });
      await resumeAll();
      await new Promise((r) => setTimeout(r, 1_000));
      expect((await jobs().findOne({ _id: id2 }))!.status).toBe('pending'); // the dead builder's lease is still live
      expect(await jobIn(id2, 'ready')).toMatchObject({ attempts: 2 });
    } finally {
      await nc.close();
    }
  }, 90_000);

  it("attempts spent: 'échec', then 'Réessayer' builds a new one", async () => {
    await pauseAll();
    const p = await person();
    const id = (await p.s.gql(REQUEST)).data.requestDataExport.export_id as string;
    // As if EXPORT_MAX_ATTEMPTS builders had started it and died.
    await jobs().updateOne({ _id: id }, { $set: { attempts: EXPORT_MAX_ATTEMPTS } });
    await resumeAll();
    await jobIn(id, 'failed');
    expect((await p.s.gql(LATEST)).data.dataExport).toMatchObject({ export_id: id, status: 'failed', download_url: null });
    // 'Réessayer': a new job (the slot was freed).
    const retry = (await p.s.gql(REQUEST)).data.requestDataExport;
    expect(retry.export_id).not.toBe(id);
    expect((await readyOf(p.s)).export_id).toBe(retry.export_id);
  }, 60_000);

  it('a job whose queueing failed is queued by the sweep', async () => {
    await pauseAll();
    const p = await person();
    const id = (await p.s.gql(REQUEST)).data.requestDataExport.export_id as string;
    // Taken off the queue, as if NATS had refused the publish; the job says it never reached it.
    const nc = await testNats(config.NATS_URL);
    try {
      (await (await jetstream(nc).consumers.get(STREAMS.jobs.name, DataExportJob.workers)).next({ expires: 5_000 }))!.ack();
    } finally {
      await nc.close();
    }
    await jobs().updateOne({ _id: id }, { $set: { enqueued_at: null, requested_at: new Date(Date.now() - 60_000) } });
    await resumeAll();
    await new Promise((r) => setTimeout(r, 1_000));
    expect((await jobs().findOne({ _id: id }))!.status).toBe('pending'); // nothing in the queue for it
    await replicas[0]!.worker.sweep();
    expect(await jobIn(id, 'ready')).toMatchObject({ attempts: 1, enqueued_at: expect.any(Date) });
  }, 60_000);

  it('expiry: refused with its French message at once, deleted from the bucket by the sweep', async () => {
    const p = await person();
    await p.s.gql(REQUEST);
    const ready = await readyOf(p.s);
    // The builder's last write (the email asked) first: FerretDB rewrites whole documents, so this
    // test must not write the job at the same moment (in the product, only the sweep writes a ready job, 7 days later).
    await eventually(() => jobs().findOne({ _id: ready.export_id, notified_at: { $ne: null } }), 10_000);
    await jobs().updateOne({ _id: ready.export_id }, { $set: { expires_at: new Date(Date.now() - 1000) } });
    expect((await p.s.gql(LATEST)).data.dataExport).toMatchObject({ status: 'expired', download_url: null });
    const res = await fetch(`${replicas[0]!.url}${ready.download_url}`, { headers: { cookie: p.s.cookieHeader() } });
    expect(res.status).toBe(410);
    expect((await res.json()).message).toBe(EXPORT_MESSAGES.expired);
    expect(await archives.keys(`${p.user_id}/`)).toHaveLength(1);
    await Promise.all(replicas.map((r) => r.worker.sweep()));
    expect(await archives.keys(`${p.user_id}/`)).toEqual([]);
    expect(await jobs().findOne({ _id: ready.export_id })).toMatchObject({ status: 'expired', object_key: null });
  }, 60_000);

  it('erasing the account deletes its archives and jobs, finished or in preparation', async () => {
    const p = await person();
    await p.s.gql(REQUEST);
    await readyOf(p.s);
    await pauseAll();
    await jobs().insertOne({
      _id: `pending-${p.user_id}`.slice(0, 40),
      user_id: p.user_id,
      user_type: 'consumer',
      status: 'pending',
      requested_at: new Date(),
    });
    expect(await archives.keys(`${p.user_id}/`)).toHaveLength(1);
    // Erased from the second replica; the first hears the event (its durable consumer) — either way nothing is left.
    const erased = await on(p.s, 1).gql('mutation { deleteAccount(password: "secret1") }');
    expect(erased.errors).toBeUndefined();
    expect(await archives.keys(`${p.user_id}/`)).toEqual([]);
    expect(await jobs().countDocuments({ user_id: p.user_id })).toBe(0);
    expect(await slots().countDocuments({ _id: p.user_id })).toBe(0);
    await resumeAll();
  }, 60_000);

  it('an address not confirmed cannot ask for an export (French), and one no longer confirmed when it is built fails it', async () => {
    const unverified = await person(undefined, { verified: false });
    const refused = await unverified.s.gql(REQUEST);
    expect(refused.errors?.[0]).toMatchObject({ message: EXPORT_MESSAGES.emailNotVerified, extensions: { code: 'FORBIDDEN' } });
    expect(await jobs().countDocuments({ user_id: unverified.user_id })).toBe(0);
    expect(await slots().countDocuments({ _id: unverified.user_id })).toBe(0);

    // Asked while confirmed; by the time it is built the address is not (an email change confirmed
    // elsewhere, an administrator): the job fails at once, without an archive or another attempt.
    await pauseAll();
    const p = await person();
    const id = (await p.s.gql(REQUEST)).data.requestDataExport.export_id as string;
    // Under the document's lease, as identity's own writes (see markEmailVerified).
    const users = apps.identity!.get<Model<User>>(getModelToken(User.name), { strict: false });
    await apps
      .identity!.get(OutboxRelay, { strict: false })
      .change(users, p.user_id, () => users.updateOne({ _id: p.user_id }, { $set: { email_verified_at: null } }));
    await resumeAll();
    expect(await jobIn(id, 'failed')).toMatchObject({ error: EXPORT_MESSAGES.emailNotVerified, attempts: 1 });
    expect(await archives.keys(`${p.user_id}/`)).toEqual([]);
  }, 60_000);

  it("an account with the support address gets none of support's mail, nor anyone's contact message", async () => {
    const visitor = `Bonjour, ici un visiteur ${Date.now()}`;
    expect(
      (
        await new GqlSession(replicas[0]!.url).gql('mutation($i: ContactInput!) { sendContactMessage(input: $i) }', {
          i: { name: 'Visiteur', email: `visiteur-${Date.now()}@popote.test`, subject: 'Question', message: visitor },
        })
      ).errors,
    ).toBeUndefined();
    // Signed up with the support address (and confirmed: the mailbox's owner made an account).
    const impostor = await person(undefined, { email: SUPPORT });
    const asked = (await impostor.s.gql(REQUEST)).data.requestDataExport;
    const ready = await readyOf(impostor.s);
    expect(ready.export_id).toBe(asked.export_id);
    const archive = await download(impostor.s, ready);
    expect(JSON.parse(archive.read('notifications/emails-sent.json'))).toEqual([]);
    expect(JSON.parse(archive.read('notifications/contact-messages.json'))).toEqual([]);
    for (const name of archive.names) expect(archive.read(name), name).not.toContain(visitor);
  }, 60_000);

  it('a cook whose orders do not fit one NATS message (1 MB) gets all of them, page by page', async () => {
    const p = await person();
    const ordering = apps.ordering!.get<Connection>(getConnectionToken()).collection('orders');
    const start = Date.now() - 60 * 86_400_000;
    const docs = Array.from({ length: 1500 }, (_, i) => ({
      _id: `big-${p.user_id}-${i}`,
      checkout_id: `big-checkout-${p.user_id}-${i}`,
      consumer_id: `buyer-${i % 40}`,
      consumer_name: 'Claire L.',
      cook_id: p.user_id,
      cook_name: 'Export',
      total_cents: 2400,
      order_status: 'delivered',
      delivery_option: 'pickup',
      stock_status: 'pending',
      items: [1, 2, 3].map((k) => ({
        order_item_id: `big-${i}-${k}`,
        meal_id: `meal-${k}`,
        name: `Tajine de poulet aux citrons confits et aux olives n° ${k}`,
        quantity: 2,
        price_cents: 400,
      })),
      created_at: new Date(start + i * 60_000),
      updated_at: new Date(start + i * 60_000),
    }));
    await ordering.insertMany(docs as never[]);
    // As one reply, this cook's orders alone are over NATS's 1 MB.
    expect(JSON.stringify(docs).length).toBeGreaterThan(1_048_576);
    await p.s.gql(REQUEST);
    const ready = await eventually(async () => {
      const d = (await p.s.gql(LATEST)).data?.dataExport;
      return d?.status === 'ready' ? d : undefined;
    }, 90_000);
    const job = (await jobs().findOne({ _id: ready.export_id }))!;
    console.info(`export of ${docs.length} orders ready: build ${job.build_ms} ms, ${job.size_bytes} bytes, attempt ${job.attempts}`);
    const archive = await download(p.s, ready);
    const received = JSON.parse(archive.read('ordering/orders-received.json')) as { order_id: string }[];
    expect(received).toHaveLength(await ordering.countDocuments({ cook_id: p.user_id }));
    expect(new Set(received.map((o) => o.order_id)).size).toBe(docs.length);
    expect(received[0]!.order_id).toBe(`big-${p.user_id}-${docs.length - 1}`); // newest first
    // The other files of the service are whole too (the list's file was closed before them).
    expect(JSON.parse(archive.read('ordering/orders-placed.json'))).toEqual([]);
    expect(JSON.parse(archive.read('ordering/reviews-received.json'))).toEqual([]);
  }, 120_000);
});
