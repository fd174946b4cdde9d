import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = process.env.POPOTE_ROOT ?? fileURLToPath(new URL('../../../../', import.meta.url));

/** Consumed by notifications-PickupReminder alone, and followed by no other process (the BFF follows none of it). */
export const DEAD_LETTER_SUBJECT = 'evt.ordering.pickup-reminder-due.v1';
export const DEAD_LETTER_DURABLE = 'notifications-PickupReminder';

// The test run's NATS as the operator user (`./popote dlq --test` reaches it so: the test profile's
// port, the credentials the launcher wrote next to the data); `nc`, `jetstream`, `headers` and the
// script's arguments in scope. Run by Node from the repository (its node_modules).
const CONNECT = `
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { connect, headers } = require('@nats-io/transport-node');
const { jetstream } = require('@nats-io/jetstream');
const { profile } = require('./infra/local/dist/profiles.js');
const [subject, id, durable] = process.argv.slice(1);
const p = profile('test');
const creds = JSON.parse(readFileSync(join(p.dataDir, 'nats-operator.json'), 'utf8'));
const run = (body) => (async () => {
  const nc = await connect({
    servers: process.env.NATS_URL || 'nats://127.0.0.1:' + p.servers.nats,
    user: creds.NATS_USER,
    pass: creds.NATS_PASSWORD,
    inboxPrefix: '_INBOX_' + creds.NATS_USER,
  });
  await body(nc);
  await nc.close();
})().catch((err) => { console.error(err); process.exit(1); });
`;

const PUBLISH = `${CONNECT}
run(async (nc) => {
  const envelope = { id, type: subject, occurred_at: new Date().toISOString(), correlation_id: id, causation_id: null, data: { order_id: id } };
  await jetstream(nc).publish(subject, JSON.stringify(envelope), { msgID: id });
});
`;

/**
 * A real dead letter in the running product: an event its consumer's contract refuses (its data
 * lacks every field but `order_id`), published as the operator NATS user — the one user that may
 * publish an event again, the one `./popote dlq` uses. notifications dead-letters it at its first
 * delivery ('invalid message: …'); a replay fails the same way, so the letter stays. Its event id.
 */
export function publishInvalidEvent(): string {
  const id = `e2e-dlq-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  execFileSync(process.execPath, ['-e', PUBLISH, DEAD_LETTER_SUBJECT, id], { cwd: ROOT, encoding: 'utf8', stdio: 'pipe' });
  return id;
}

// A valid event notifications handles, then its dead letter as a consumer writes it (consumer.ts):
// subject `dlq.<durable>`, the original's bytes, its subject and EVENTS sequence in the headers.
const LETTER = `${CONNECT}
run(async (nc) => {
  const at = new Date(Date.now() + 86400000);
  const data = { order_id: id, consumer_id: id, cook_id: id, cook_name: 'Cuisine e2e', pickup_start: at.toISOString(), pickup_end: new Date(+at + 1800000).toISOString() };
  const bytes = JSON.stringify({ id, type: subject, occurred_at: new Date().toISOString(), correlation_id: id, causation_id: null, data });
  const js = jetstream(nc);
  const ack = await js.publish(subject, bytes, { msgID: id });
  // The letter as notifications writes one: with its own NATS user (the only one that may, under its durables).
  const conf = readFileSync(join(p.dataDir, 'nats-auth.conf'), 'utf8');
  const pass = /"user": ?"notifications", ?"password": ?"([^"]+)"/.exec(conf)[1];
  const service = await connect({ servers: process.env.NATS_URL || 'nats://127.0.0.1:' + p.servers.nats, user: 'notifications', pass, inboxPrefix: '_INBOX_notifications' });
  const h = headers();
  h.set('Popote-Dlq-Subject', subject);
  h.set('Popote-Dlq-Seq', String(ack.seq));
  h.set('Popote-Dlq-Durable', durable);
  h.set('Popote-Dlq-Reason', 'SMTP indisponible (simulé par le test)');
  await jetstream(service).publish('dlq.' + durable, bytes, { msgID: durable + ':' + ack.seq, headers: h });
  await service.close();
});
`;

/**
 * A dead letter whose cause is gone: a valid reminder event (an unknown buyer: no email leaves),
 * which notifications handles, and its letter under notifications-PickupReminder written with
 * notifications' own NATS user, as its consumer writes one when it gives up — the case of an outage fixed since. Replaying it from the console runs
 * the original through the durable's handler (applied once) and removes the letter. Its event id.
 */
export function deadLetterOfValidEvent(): string {
  const id = `e2e-dlq-ok-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  execFileSync(process.execPath, ['-e', LETTER, DEAD_LETTER_SUBJECT, id, DEAD_LETTER_DURABLE], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: 'pipe',
  });
  return id;
}
