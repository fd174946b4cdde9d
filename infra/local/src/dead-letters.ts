// The dead-letter queue as `./popote dlq` (dlq.ts) reads and replays it.
//
// A dead letter is written by the service whose consumer gave up (@popote/platform, consumer.ts):
// NATS vouches only for its subject (`dlq.<durable>`: a service dead-letters under its own durables
// only); its content and headers are whatever that service wrote. So a replay never publishes the
// dead letter: it reads the original from EVENTS at the sequence the letter names and publishes
// exactly that message again; a letter whose original is not there, or that does not match it
// (another subject, another content), is refused and left in the queue.

import { jetstream, jetstreamManager, type JetStreamManager, type StoredMsg } from '@nats-io/jetstream';
import { headers as natsHeaders, type NatsConnection } from '@nats-io/transport-node';
import { DEAD_LETTERS_STREAM, EVENTS_STREAM } from './nats-permissions';

/** Header of a dead letter: its original's stream sequence in EVENTS (@popote/platform DEAD_LETTER_SEQ_HEADER). */
const SEQ_HEADER = 'Popote-Dlq-Seq';

export interface DeadLetter {
  /** Its sequence in DEAD_LETTERS. */
  seq: number;
  /** From its subject `dlq.<durable>`. */
  durable: string;
  /** The original subject it claims (header Popote-Dlq-Subject). */
  subject?: string;
  /** The original's sequence in EVENTS it claims (Popote-Dlq-Seq; dead letters written before it: their message id `<durable>:<seq>`). */
  originalSeq?: number;
  reason: string;
  eventId: string;
  type: string;
  data: Uint8Array;
}

function claimedSeq(m: StoredMsg, durable: string): number | undefined {
  const msgId = m.header?.get('Nats-Msg-Id') ?? '';
  const raw = m.header?.get(SEQ_HEADER) || (msgId.startsWith(`${durable}:`) ? msgId.slice(durable.length + 1) : '');
  return /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : undefined;
}

/** Every dead letter waiting, oldest first. */
export async function listDeadLetters(jsm: JetStreamManager): Promise<DeadLetter[]> {
  const info = await jsm.streams.info(DEAD_LETTERS_STREAM).catch(() => null);
  if (!info || info.state.messages === 0) return [];
  const out: DeadLetter[] = [];
  for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq++) {
    const m = await jsm.streams.getMessage(DEAD_LETTERS_STREAM, { seq }).catch(() => null);
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
    const durable = m.subject.replace(/^dlq\./, '');
    out.push({
      seq,
      durable,
      subject: m.header?.get('Popote-Dlq-Subject') || undefined,
      originalSeq: claimedSeq(m, durable),
      reason: m.header?.get('Popote-Dlq-Reason') ?? '',
      eventId,
      type,
      data: m.data,
    });
  }
  return out;
}

/** The original of a dead letter in EVENTS, or why it cannot be replayed. */
export async function originalOf(jsm: JetStreamManager, letter: DeadLetter): Promise<{ original: StoredMsg } | { refused: string }> {
  if (letter.originalSeq === undefined) return { refused: `it names no original in ${EVENTS_STREAM} (no ${SEQ_HEADER} header)` };
  if (!letter.subject) return { refused: 'it names no original subject (no Popote-Dlq-Subject header)' };
  const original = await jsm.streams.getMessage(EVENTS_STREAM, { seq: letter.originalSeq }).catch((err: Error) => {
    if (/not found|no message/i.test(err.message)) return null;
    throw err;
  });
  if (!original) return { refused: `its original ${EVENTS_STREAM} #${letter.originalSeq} is not there (removed, or never was)` };
  if (original.subject !== letter.subject)
    return { refused: `it claims ${letter.subject} but ${EVENTS_STREAM} #${letter.originalSeq} is ${original.subject}` };
  if (!Buffer.from(original.data).equals(Buffer.from(letter.data)))
    return { refused: `its content differs from ${EVENTS_STREAM} #${letter.originalSeq} (${original.subject})` };
  return { original };
}

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
  for (const letter of (await listDeadLetters(jsm)).filter((l) => target === 'all' || l.durable === target)) {
    const found = await originalOf(jsm, letter);
    if ('refused' in found) {
      report.refused.push({ letter, why: found.refused });
      log(`  #${letter.seq} (${letter.durable}) refused, left in the queue: ${found.refused}`);
      continue;
    }
    const { original } = found;
    if (opts.dryRun) {
      log(`  would replay #${letter.seq} ${letter.type} ${letter.eventId} → ${original.subject} (${EVENTS_STREAM} #${original.seq})`);
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
      `  replayed #${letter.seq} ${letter.type} ${letter.eventId} → ${original.subject} (${EVENTS_STREAM} #${original.seq}` +
        `${ack.duplicate ? ', already replayed for another consumer' : ''})`,
    );
  }
  return report;
}
