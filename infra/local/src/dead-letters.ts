// The dead-letter queue as `./popote dlq` (dlq.ts) replays it: for every consumer, by publishing
// the original again (as the operator NATS user).
//
// The letters are read and checked by @popote/platform (events/dead-letters.ts), the code every
// service runs when an operator replays one of its letters from the console: a dead letter is
// written by the service whose consumer gave up, so NATS vouches only for its subject
// (`dlq.<durable>`); a replay never publishes the letter, it reads the original from EVENTS at the
// sequence the letter names and publishes exactly that message again; a letter whose original is
// not there, or that does not match it (another subject, another content), is refused and left in
// the queue.

import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { headers as natsHeaders, type NatsConnection } from '@nats-io/transport-node';
import { listDeadLetters, originalOf, refusalText, type DeadLetter } from '@popote/platform';
import { DEAD_LETTERS_STREAM, EVENTS_STREAM } from './nats-permissions';

export { listDeadLetters, type DeadLetter };

export interface ReplayReport {
  replayed: { letter: DeadLetter; subject: string; duplicate: boolean }[];
  refused: { letter: DeadLetter; why: string }[];
}

/**
 * Publishes again the original of each dead letter of `target` (a durable, or `all`), then removes
 * the letter. The original is published as it is in EVENTS (subject, content, headers) with a
 * message id of its own (`replay-EVENTS-<seq>`: two durables' letters of one event publish it once
 * within the dedupe window, and every consumer gets it again), and `Popote-Replayed-From`.
 */
export async function replayDeadLetters(
  nc: NatsConnection,
  target: string,
  opts: { dryRun?: boolean; log?: (line: string) => void } = {},
): Promise<ReplayReport> {
  const log = opts.log ?? (() => undefined);
  const jsm = await jetstreamManager(nc);
  const js = jetstream(nc);
  const report: ReplayReport = { replayed: [], refused: [] };
  const letters = await listDeadLetters(jsm, target === 'all' ? {} : { durables: (d) => d === target });
  for (const letter of letters) {
    const found = await originalOf(jsm, letter);
    if ('refused' in found) {
      const why = refusalText(found.refused);
      report.refused.push({ letter, why });
      log(`  #${letter.seq} (${letter.durable}) refused, left in the queue: ${why}`);
      continue;
    }
    const { original } = found;
    const what = `${letter.type ?? '?'} ${letter.eventId ?? '?'}`;
    if (opts.dryRun) {
      log(`  would replay #${letter.seq} ${what} → ${original.subject} (${EVENTS_STREAM} #${original.seq})`);
      report.replayed.push({ letter, subject: original.subject, duplicate: false });
      continue;
    }
    const h = natsHeaders();
    for (const [k, v] of original.header ?? []) if (k !== 'Nats-Msg-Id') for (const value of v) h.append(k, value);
    h.set('Popote-Replayed-From', `${DEAD_LETTERS_STREAM}#${letter.seq}`);
    const ack = await js.publish(original.subject, original.data, { headers: h, msgID: `replay-${EVENTS_STREAM}-${original.seq}` });
    await jsm.streams.deleteMessage(DEAD_LETTERS_STREAM, letter.seq);
    report.replayed.push({ letter, subject: original.subject, duplicate: ack.duplicate });
    log(
      `  replayed #${letter.seq} ${what} → ${original.subject} (${EVENTS_STREAM} #${original.seq}` +
        `${ack.duplicate ? ', already replayed for another consumer' : ''})`,
    );
  }
  return report;
}
