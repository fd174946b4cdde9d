// The dead-letter queue (stream DEAD_LETTERS, subjects `dlq.<durable>`), read and checked by one
// code wherever a letter is replayed: `./popote dlq` (infra/local/src/dlq.ts, as the operator NATS
// user: it publishes the original again, for every consumer) and each service for its own durables
// (the operators' console, DeadLetterReplays: the service's own consumer handles the original again).
//
// A dead letter is written by the service whose consumer gave up (consumer.ts): NATS vouches only
// for its subject (`dlq.<durable>`: a service dead-letters under its own durables only); its content
// and headers are whatever that service wrote. So a replay never uses the letter's own copy: it
// reads the original from EVENTS at the sequence the letter names; a letter whose original is not
// there, or does not match it (another subject, another content), is refused and left in the queue.

import type { JetStreamManager, MsgRequest, StoredMsg } from '@nats-io/jetstream';
import { STREAMS } from '@popote/contracts';

/** Headers of a dead letter (written by consumer.ts). */
export const DEAD_LETTER_SEQ_HEADER = 'Popote-Dlq-Seq';
export const DEAD_LETTER_SUBJECT_HEADER = 'Popote-Dlq-Subject';
export const DEAD_LETTER_REASON_HEADER = 'Popote-Dlq-Reason';
export const DEAD_LETTER_DURABLE_HEADER = 'Popote-Dlq-Durable';

const DEAD_LETTERS = STREAMS.deadLetters.name;
const EVENTS = STREAMS.events.name;

export interface DeadLetter {
  /** Its sequence in DEAD_LETTERS. */
  seq: number;
  /** From its subject `dlq.<durable>` (the one part NATS vouches for). */
  durable: string;
  /** The original subject it claims (header Popote-Dlq-Subject). */
  subject?: string;
  /** The original's sequence in EVENTS it claims (Popote-Dlq-Seq; dead letters written before it: their message id `<durable>:<seq>`). */
  originalSeq?: number;
  reason: string;
  /** The envelope's id and type (absent: the letter is not an envelope). */
  eventId?: string;
  type?: string;
  /** When it was dead-lettered (stored). */
  at: Date;
  data: Uint8Array;
}

function claimedSeq(m: StoredMsg, durable: string): number | undefined {
  const msgId = m.header?.get('Nats-Msg-Id') ?? '';
  const raw = m.header?.get(DEAD_LETTER_SEQ_HEADER) || (msgId.startsWith(`${durable}:`) ? msgId.slice(durable.length + 1) : '');
  return /^[1-9]\d{0,15}$/.test(raw) && Number.isSafeInteger(Number(raw)) ? Number(raw) : undefined;
}

const durableOfSubject = (subject: string) => subject.replace(/^dlq\./, '');

/** A stored message of DEAD_LETTERS as a dead letter. */
export function deadLetterOf(m: StoredMsg): DeadLetter {
  const durable = durableOfSubject(m.subject);
  let envelope: { id?: unknown; type?: unknown } = {};
  try {
    envelope = m.json<{ id?: unknown; type?: unknown }>() ?? {};
  } catch {
    /* not an envelope: listed as such */
  }
  return {
    seq: m.seq,
    durable,
    subject: m.header?.get(DEAD_LETTER_SUBJECT_HEADER) || undefined,
    originalSeq: claimedSeq(m, durable),
    reason: m.header?.get(DEAD_LETTER_REASON_HEADER) ?? '',
    eventId: typeof envelope.id === 'string' ? envelope.id : undefined,
    type: typeof envelope.type === 'string' ? envelope.type : undefined,
    at: m.time,
    data: m.data,
  };
}

const streamMissing = (err: Error) => /stream not found/i.test(err.message);

export interface ListDeadLettersOptions {
  /** Only the letters of these durables (a service: its own, `<service>-…`). */
  durables?: (durable: string) => boolean;
  /** At most this many, the oldest. */
  limit?: number;
}

/**
 * The dead letters waiting, oldest first. The stream's subjects (one per durable that has letters)
 * are read first, then each subject's letters in order, skipping the sequences removed before
 * (a replayed letter leaves a hole): a service reads its own letters only.
 */
export async function listDeadLetters(jsm: JetStreamManager, opts: ListDeadLettersOptions = {}): Promise<DeadLetter[]> {
  const info = await jsm.streams.info(DEAD_LETTERS, { subjects_filter: 'dlq.>' }).catch((err: Error) => {
    if (streamMissing(err)) return null;
    throw err;
  });
  if (!info || info.state.messages === 0) return [];
  const limit = opts.limit ?? Number.POSITIVE_INFINITY;
  const subjects = Object.keys((info.state.subjects ?? {}) as Record<string, number>)
    .filter((s) => !opts.durables || opts.durables(durableOfSubject(s)))
    .sort();
  const letters: DeadLetter[] = [];
  for (const subject of subjects) {
    let from = info.state.first_seq;
    // The oldest `limit` of all are among the oldest `limit` of each subject.
    for (let n = 0; n < limit; n++) {
      const m = await jsm.streams.getMessage(DEAD_LETTERS, { seq: from, next_by_subj: subject } as MsgRequest);
      if (!m) break;
      letters.push(deadLetterOf(m));
      from = m.seq + 1;
    }
  }
  letters.sort((a, b) => a.seq - b.seq);
  return Number.isFinite(limit) ? letters.slice(0, limit) : letters;
}

/** One dead letter by its sequence (null: not, or no longer, in the queue). */
export async function readDeadLetter(jsm: JetStreamManager, seq: number): Promise<DeadLetter | null> {
  const m = await jsm.streams.getMessage(DEAD_LETTERS, { seq }).catch((err: Error) => {
    if (/not found|no message/i.test(err.message)) return null;
    throw err;
  });
  return m ? deadLetterOf(m) : null;
}

/** Why a dead letter cannot be replayed (each said in English by `./popote dlq`, in French in the console). */
export type DeadLetterRefusal =
  | { kind: 'no-sequence' }
  | { kind: 'no-subject' }
  | { kind: 'missing'; seq: number }
  | { kind: 'other-subject'; seq: number; claimed: string; actual: string }
  | { kind: 'other-content'; seq: number; subject: string };

/** The original of a dead letter in EVENTS, or why it cannot be replayed. */
export async function originalOf(
  jsm: JetStreamManager,
  letter: DeadLetter,
): Promise<{ original: StoredMsg } | { refused: DeadLetterRefusal }> {
  if (letter.originalSeq === undefined) return { refused: { kind: 'no-sequence' } };
  if (!letter.subject) return { refused: { kind: 'no-subject' } };
  const seq = letter.originalSeq;
  const original = await jsm.streams.getMessage(EVENTS, { seq }).catch((err: Error) => {
    if (/not found|no message/i.test(err.message)) return null;
    throw err;
  });
  if (!original) return { refused: { kind: 'missing', seq } };
  if (original.subject !== letter.subject)
    return { refused: { kind: 'other-subject', seq, claimed: letter.subject, actual: original.subject } };
  if (!Buffer.from(original.data).equals(Buffer.from(letter.data)))
    return { refused: { kind: 'other-content', seq, subject: original.subject } };
  return { original };
}

/** A refusal as `./popote dlq` prints it. */
export function refusalText(r: DeadLetterRefusal): string {
  switch (r.kind) {
    case 'no-sequence':
      return `it names no original in ${EVENTS} (no ${DEAD_LETTER_SEQ_HEADER} header)`;
    case 'no-subject':
      return `it names no original subject (no ${DEAD_LETTER_SUBJECT_HEADER} header)`;
    case 'missing':
      return `its original ${EVENTS} #${r.seq} is not there (removed, or never was)`;
    case 'other-subject':
      return `it claims ${r.claimed} but ${EVENTS} #${r.seq} is ${r.actual}`;
    case 'other-content':
      return `its content differs from ${EVENTS} #${r.seq} (${r.subject})`;
  }
}

/** A refusal as the operators' console shows it. */
export function refusalFrench(r: DeadLetterRefusal): string {
  switch (r.kind) {
    case 'no-sequence':
      return `Elle ne désigne aucun original dans ${EVENTS} (pas d’en-tête ${DEAD_LETTER_SEQ_HEADER}).`;
    case 'no-subject':
      return `Elle ne désigne aucun sujet d’origine (pas d’en-tête ${DEAD_LETTER_SUBJECT_HEADER}).`;
    case 'missing':
      return `Son original ${EVENTS} n° ${r.seq} n’est pas dans le flux (supprimé, ou jamais publié).`;
    case 'other-subject':
      return `Elle annonce ${r.claimed}, mais ${EVENTS} n° ${r.seq} est ${r.actual}.`;
    case 'other-content':
      return `Son contenu diffère de ${EVENTS} n° ${r.seq} (${r.subject}).`;
  }
}
