import { jetstreamManager, jetstream, type JetStreamManager } from '@nats-io/jetstream';
import { connect, headers as natsHeaders } from '@nats-io/transport-node';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { profile } from './profiles';

/**
 * `./popote dlq` — the dead-letter queue (stream DEAD_LETTERS, subjects dlq.<durable>):
 *   ./popote dlq                 lists what is there, by consumer, with the reasons
 *   ./popote dlq replay <durable|all> [--dry-run]
 *                                publishes each dead letter again on its original subject (a new
 *                                message id; every consumer applies an event once, so the consumers
 *                                that had handled it skip it), then removes it from the queue.
 * NATS_URL selects the server (default: the local dev product's; `--test` for the test ports).
 */
interface DeadLetter {
  seq: number;
  durable: string;
  subject: string;
  reason: string;
  eventId: string;
  type: string;
  data: Uint8Array;
  headers: [string, string][];
}

async function list(jsm: JetStreamManager): Promise<DeadLetter[]> {
  const info = await jsm.streams.info('DEAD_LETTERS').catch(() => null);
  if (!info || info.state.messages === 0) return [];
  const out: DeadLetter[] = [];
  for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq++) {
    const m = await jsm.streams.getMessage('DEAD_LETTERS', { seq }).catch(() => null);
    if (!m) continue;
    let eventId = '?';
    let type = '?';
    try {
      const e = m.json<{ id: string; type: string }>();
      eventId = e.id;
      type = e.type;
    } catch {
      /* not an envelope: listed as such */
    }
    const hdrs: [string, string][] = [];
    for (const [k, v] of m.header ?? []) hdrs.push([k, v[0]]);
    out.push({
      seq,
      durable: m.header?.get('Popote-Dlq-Durable') || m.subject.replace(/^dlq\./, ''),
      subject: m.header?.get('Popote-Dlq-Subject') ?? '?',
      reason: m.header?.get('Popote-Dlq-Reason') ?? '',
      eventId,
      type,
      data: m.data,
      headers: hdrs,
    });
  }
  return out;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const test = args.includes('--test');
  const dry = args.includes('--dry-run');
  const [cmd = 'list', target] = args.filter((a) => !a.startsWith('--'));
  const p = profile(test ? 'test' : 'dev');
  const url = process.env.NATS_URL ?? `nats://127.0.0.1:${p.servers.nats}`;
  // Credentials: NATS_USER/NATS_PASSWORD, else the operator user the local launcher wrote.
  let user = process.env.NATS_USER;
  let pass = process.env.NATS_PASSWORD;
  if (!user && existsSync(join(p.dataDir, 'nats-operator.json'))) {
    const creds = JSON.parse(readFileSync(join(p.dataDir, 'nats-operator.json'), 'utf8')) as { NATS_USER?: string; NATS_PASSWORD?: string };
    user = creds.NATS_USER;
    pass = creds.NATS_PASSWORD;
  }
  const nc = await connect({
    servers: url.split(','),
    name: 'popote-dlq',
    ...(user ? { user, pass, inboxPrefix: `_INBOX_${user}` } : {}),
  });
  try {
    const jsm = await jetstreamManager(nc);
    const letters = await list(jsm);
    if (cmd === 'list') {
      if (!letters.length) console.log('popote dlq: empty');
      const byDurable = new Map<string, DeadLetter[]>();
      for (const l of letters) byDurable.set(l.durable, [...(byDurable.get(l.durable) ?? []), l]);
      for (const [durable, ls] of byDurable) {
        console.log(`${durable}: ${ls.length}`);
        for (const l of ls) console.log(`  #${l.seq} ${l.type} ${l.eventId} (${l.subject}): ${l.reason}`);
      }
      return;
    }
    if (cmd !== 'replay' || !target) throw new Error('usage: ./popote dlq [list] | replay <durable|all> [--dry-run] [--test]');
    const chosen = letters.filter((l) => target === 'all' || l.durable === target);
    const js = jetstream(nc);
    for (const l of chosen) {
      if (l.subject === '?') {
        console.log(`  #${l.seq}: no original subject, left in the queue`);
        continue;
      }
      if (dry) {
        console.log(`  would replay #${l.seq} ${l.type} ${l.eventId} → ${l.subject}`);
        continue;
      }
      const h = natsHeaders();
      for (const [k, v] of l.headers) if (!k.startsWith('Popote-Dlq-') && k !== 'Nats-Msg-Id') h.set(k, v);
      h.set('Popote-Replayed-From', `DEAD_LETTERS#${l.seq}`);
      await js.publish(l.subject, l.data, { headers: h, msgID: `replay-${l.eventId}-${l.seq}` });
      await jsm.streams.deleteMessage('DEAD_LETTERS', l.seq);
      console.log(`  replayed #${l.seq} ${l.type} ${l.eventId} → ${l.subject}`);
    }
    console.log(`popote dlq: ${dry ? 'would replay' : 'replayed'} ${chosen.length} of ${letters.length}`);
  } finally {
    await nc.close();
  }
}

main().catch((err) => {
  console.error(`popote dlq: ${(err as Error).message}`);
  process.exit(1);
});
