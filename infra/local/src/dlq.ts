import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { listDeadLetters, replayDeadLetters, type DeadLetter } from './dead-letters';
import { profile } from './profiles';

/**
 * `./popote dlq` — the dead-letter queue (stream DEAD_LETTERS, subjects dlq.<durable>):
 *   ./popote dlq                 lists what is there, by consumer, with the reasons
 *   ./popote dlq replay <durable|all> [--dry-run]
 *                                publishes the original of each dead letter again, read from EVENTS
 *                                at the sequence the letter names (never the letter's own copy: a
 *                                service writes its dead letters), then removes the letter. A
 *                                letter whose original is not in EVENTS or does not match it is
 *                                refused and left in the queue (exit code 1). Every consumer applies
 *                                an event once, so the consumers that had handled it skip it.
 * NATS_URL selects the server (default: the local dev product's; `--test` for the test ports).
 * The operators' console replays a letter without publishing: the service that wrote it has its own
 * consumer handle the original again, with the same checks (@popote/platform DeadLetterReplays);
 * a per-partition consumer's letters are replayed here only (they go back through their partition's order).
 */
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
    if (cmd === 'list') {
      const letters = await listDeadLetters(await jetstreamManager(nc));
      if (!letters.length) console.log('popote dlq: empty');
      const byDurable = new Map<string, DeadLetter[]>();
      for (const l of letters) byDurable.set(l.durable, [...(byDurable.get(l.durable) ?? []), l]);
      for (const [durable, ls] of byDurable) {
        console.log(`${durable}: ${ls.length}`);
        for (const l of ls)
          console.log(
            `  #${l.seq} ${l.type ?? '?'} ${l.eventId ?? '?'} (${l.subject ?? '?'}, EVENTS #${l.originalSeq ?? '?'}): ${l.reason}`,
          );
      }
      return;
    }
    if (cmd !== 'replay' || !target) throw new Error('usage: ./popote dlq [list] | replay <durable|all> [--dry-run] [--test]');
    const { replayed, refused } = await replayDeadLetters(nc, target, { dryRun: dry, log: (line) => console.log(line) });
    console.log(`popote dlq: ${dry ? 'would replay' : 'replayed'} ${replayed.length}, refused ${refused.length}`);
    if (refused.length) process.exitCode = 1;
  } finally {
    await nc.close();
  }
}

main().catch((err) => {
  console.error(`popote dlq: ${(err as Error).message}`);
  process.exit(1);
});
