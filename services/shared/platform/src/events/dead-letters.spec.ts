import type { JetStreamManager, StoredMsg } from '@nats-io/jetstream';
import { headers as natsHeaders } from '@nats-io/transport-node';
import { DEAD_LETTERS_LIST_LIMIT } from '@popote/contracts';
import { describe, expect, it } from 'vitest';
import type { EventConsumerHost } from './consumer';
import { DeadLetterReplays } from './dead-letter-replays';
import { listDeadLetters, originalOf, readDeadLetter, refusalFrench, refusalText, type DeadLetter } from './dead-letters';
import type { DistributedLocks } from './locks';

/** NATS's subject matching: `*` one token, `>` one or more at the end. */
function matches(pattern: string, subject: string): boolean {
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '>') return s.length > i;
    if (i >= s.length || (p[i] !== '*' && p[i] !== s[i])) return false;
  }
  return p.length === s.length;
}

type Stored = StoredMsg & { deleted?: boolean };

/** EVENTS and DEAD_LETTERS in memory, as much of JetStream's API as the dead letters use. */
function fakeJetStream() {
  const streams: Record<string, Stored[]> = { EVENTS: [], DEAD_LETTERS: [] };
  const gets: string[] = [];
  const add = (stream: string, subject: string, data: string | object, hdrs: Record<string, string> = {}): number => {
    const header = natsHeaders();
    for (const [k, v] of Object.entries(hdrs)) header.set(k, v);
    const bytes = new TextEncoder().encode(typeof data === 'string' ? data : JSON.stringify(data));
    const seq = streams[stream]!.length + 1;
    streams[stream]!.push({
      subject,
      seq,
      header,
      data: bytes,
      time: new Date(Date.UTC(2026, 11, 7, 8, 0, seq)),
      json: <T>() => JSON.parse(new TextDecoder().decode(bytes)) as T,
    } as unknown as Stored);
    return seq;
  };
  const live = (stream: string) => streams[stream]!.filter((m) => !m.deleted);
  const jsm = {
    streams: {
      info: async (stream: string) => {
        if (!streams[stream]) throw new Error('stream not found');
        const msgs = live(stream);
        const subjects: Record<string, number> = {};
        for (const m of msgs) subjects[m.subject] = (subjects[m.subject] ?? 0) + 1;
        return {
          state: { messages: msgs.length, first_seq: msgs[0]?.seq ?? 0, last_seq: msgs.at(-1)?.seq ?? 0, subjects },
        };
      },
      getMessage: async (stream: string, q: { seq?: number; next_by_subj?: string }) => {
        gets.push(`${stream} ${q.next_by_subj ?? ''}#${q.seq}`);
        const msgs = live(stream);
        if (q.next_by_subj) return msgs.find((m) => m.seq >= (q.seq ?? 1) && matches(q.next_by_subj!, m.subject)) ?? null;
        return msgs.find((m) => m.seq === q.seq) ?? null;
      },
      deleteMessage: async (stream: string, seq: number) => {
        const m = live(stream).find((x) => x.seq === seq);
        if (!m) throw new Error('no message found');
        m.deleted = true;
        return true;
      },
    },
  };
  return { jsm: jsm as unknown as JetStreamManager, add, live, gets };
}

const envelope = (id: string, type = 'evt.ordering.order-placed.v1') => ({
  id,
  type,
  occurred_at: '2026-12-07T08:00:00.000Z',
  correlation_id: id,
  causation_id: null,
  data: { order_id: `o-${id}` },
});

/** A dead letter as consumer.ts writes it, naming its original. */
const deadLetter = (js: ReturnType<typeof fakeJetStream>, durable: string, subject: string, seq: number, data: object) =>
  js.add('DEAD_LETTERS', `dlq.${durable}`, data, {
    'Popote-Dlq-Reason': 'the database is down',
    'Popote-Dlq-Subject': subject,
    'Popote-Dlq-Seq': String(seq),
    'Popote-Dlq-Durable': durable,
  });

describe('dead letters: read and checked as `./popote dlq` and the services do', () => {
  it('lists every letter oldest first, each with what it claims, skipping those removed', async () => {
    const js = fakeJetStream();
    const placed = js.add('EVENTS', 'evt.ordering.order-placed.v1.3', envelope('e1'));
    deadLetter(js, 'cart-OrderPlaced', 'evt.ordering.order-placed.v1.3', placed, envelope('e1'));
    js.add('DEAD_LETTERS', 'dlq.payments-OrderCancelled', 'not json', { 'Popote-Dlq-Reason': 'invalid message: bad JSON' });
    const removed = deadLetter(js, 'cart-OrderPlaced', 'evt.ordering.order-placed.v1.3', placed, envelope('e1'));
    // An older release's letter: its original's sequence in its message id only.
    js.add('DEAD_LETTERS', 'dlq.cart-OrderPlaced', envelope('e2'), { 'Nats-Msg-Id': 'cart-OrderPlaced:7' });
    await js.jsm.streams.deleteMessage('DEAD_LETTERS', removed);

    const letters = await listDeadLetters(js.jsm);
    expect(letters.map((l) => [l.seq, l.durable, l.subject, l.originalSeq, l.type, l.eventId, l.reason])).toEqual([
      [1, 'cart-OrderPlaced', 'evt.ordering.order-placed.v1.3', placed, 'evt.ordering.order-placed.v1', 'e1', 'the database is down'],
      [2, 'payments-OrderCancelled', undefined, undefined, undefined, undefined, 'invalid message: bad JSON'],
      [4, 'cart-OrderPlaced', undefined, 7, 'evt.ordering.order-placed.v1', 'e2', ''],
    ]);
    expect(letters[0]!.at.toISOString()).toBe('2026-12-07T08:00:01.000Z');
  });

  it("lists a service's own durables only, the oldest `limit`", async () => {
    const js = fakeJetStream();
    for (let i = 0; i < 4; i++) {
      deadLetter(js, 'cart-OrderPlaced', 's', 1, envelope(`c${i}`));
      deadLetter(js, 'catalogue-stock-p3', 's', 1, envelope(`k${i}`));
    }
    const cart = await listDeadLetters(js.jsm, { durables: (d) => d.startsWith('cart-') });
    expect(cart.map((l) => l.seq)).toEqual([1, 3, 5, 7]);
    expect((await listDeadLetters(js.jsm, { limit: 3 })).map((l) => l.seq)).toEqual([1, 2, 3]);
    // Each subject read by its own letters (never another service's).
    js.gets.length = 0;
    await listDeadLetters(js.jsm, { durables: (d) => d.startsWith('catalogue-') });
    expect(js.gets.every((g) => g.includes('dlq.catalogue-stock-p3'))).toBe(true);
  });

  it('refuses a letter that names no original, one not there, of another subject or with another content', async () => {
    const js = fakeJetStream();
    const placed = js.add('EVENTS', 'evt.ordering.order-placed.v1.3', envelope('e1'));
    const other = js.add('EVENTS', 'evt.catalogue.meal-deleted.v1', envelope('e2', 'evt.catalogue.meal-deleted.v1'));
    const letter = (over: Partial<DeadLetter>): DeadLetter => ({
      seq: 1,
      durable: 'cart-OrderPlaced',
      subject: 'evt.ordering.order-placed.v1.3',
      originalSeq: placed,
      reason: '',
      at: new Date(),
      data: new TextEncoder().encode(JSON.stringify(envelope('e1'))),
      ...over,
    });
    const refusals = await Promise.all(
      [
        letter({ originalSeq: undefined }),
        letter({ subject: undefined }),
        letter({ originalSeq: 999 }),
        letter({ originalSeq: other }),
        letter({ data: new TextEncoder().encode(JSON.stringify({ ...envelope('e1'), data: { order_id: 'forged' } })) }),
      ].map(async (l) => {
        const found = await originalOf(js.jsm, l);
        return 'refused' in found ? [refusalText(found.refused), refusalFrench(found.refused)] : null;
      }),
    );
    expect(refusals).toEqual([
      [
        'it names no original in EVENTS (no Popote-Dlq-Seq header)',
        'Elle ne désigne aucun original dans EVENTS (pas d’en-tête Popote-Dlq-Seq).',
      ],
      [
        'it names no original subject (no Popote-Dlq-Subject header)',
        'Elle ne désigne aucun sujet d’origine (pas d’en-tête Popote-Dlq-Subject).',
      ],
      [
        'its original EVENTS #999 is not there (removed, or never was)',
        'Son original EVENTS n° 999 n’est pas dans le flux (supprimé, ou jamais publié).',
      ],
      [
        `it claims evt.ordering.order-placed.v1.3 but EVENTS #${other} is evt.catalogue.meal-deleted.v1`,
        `Elle annonce evt.ordering.order-placed.v1.3, mais EVENTS n° ${other} est evt.catalogue.meal-deleted.v1.`,
      ],
      [
        `its content differs from EVENTS #${placed} (evt.ordering.order-placed.v1.3)`,
        `Son contenu diffère de EVENTS n° ${placed} (evt.ordering.order-placed.v1.3).`,
      ],
    ]);
    const found = await originalOf(js.jsm, letter({}));
    expect('original' in found && found.original.seq).toBe(placed);
  });
});

/** The consumer host as DeadLetterReplays sees it: which durables it replays, and what a replay came to. */
function fakeHost(handled: (durable: string, seq: number) => { applied: true } | { failed: string } = () => ({ applied: true })) {
  const replayed: [string, number, number][] = [];
  const host = {
    replayRefusal: (durable: string) =>
      durable.endsWith('-p3') ? `${durable} applique les événements de sa partition dans leur ordre` : null,
    replay: async (durable: string, original: StoredMsg, letterSeq: number) => {
      replayed.push([durable, original.seq, letterSeq]);
      return handled(durable, original.seq);
    },
  };
  return { host: host as unknown as EventConsumerHost, replayed };
}

function replaysOf(service: string, js: ReturnType<typeof fakeJetStream>, host: EventConsumerHost) {
  const locks = { run: <T>(_key: string, fn: () => Promise<T>) => fn() } as unknown as DistributedLocks;
  const replays = new DeadLetterReplays(service, {} as never, host, locks);
  (replays as unknown as { jsm: Promise<JetStreamManager> }).jsm = Promise.resolve(js.jsm);
  return replays;
}

describe('DeadLetterReplays: a service replays its own letters for the console', () => {
  it('lists its own letters only, at most DEAD_LETTERS_LIST_LIMIT, oldest first', async () => {
    const js = fakeJetStream();
    const placed = js.add('EVENTS', 'evt.ordering.order-placed.v1.3', envelope('e1'));
    deadLetter(js, 'payments-sales-p3', 'evt.ordering.order-placed.v1.3', placed, envelope('e1'));
    for (let i = 0; i <= DEAD_LETTERS_LIST_LIMIT; i++)
      deadLetter(js, 'cart-OrderPlaced', 'evt.ordering.order-placed.v1.3', placed, envelope('e1'));
    const { host } = fakeHost();
    const cart = await replaysOf('cart', js, host).list();
    expect(cart.letters).toHaveLength(DEAD_LETTERS_LIST_LIMIT);
    expect(cart.more).toBe(true);
    expect(cart.letters[0]).toEqual({
      seq: 2,
      durable: 'cart-OrderPlaced',
      subject: 'evt.ordering.order-placed.v1.3',
      original_seq: placed,
      type: 'evt.ordering.order-placed.v1',
      event_id: 'e1',
      reason: 'the database is down',
      at: '2026-12-07T08:00:02.000Z',
    });
    const payments = await replaysOf('payments', js, host).list();
    expect(payments).toMatchObject({ letters: [{ seq: 1, durable: 'payments-sales-p3' }], more: false });
    // No other service's durable passes for one's own (`cart-` is not `catalogue-`).
    expect((await replaysOf('catalogue', js, host).list()).letters).toEqual([]);
  });

  it('has its own consumer handle the original read from EVENTS, then removes the letter', async () => {
    const js = fakeJetStream();
    const placed = js.add('EVENTS', 'evt.ordering.order-placed.v1.3', envelope('e1'));
    const seq = deadLetter(js, 'cart-OrderPlaced', 'evt.ordering.order-placed.v1.3', placed, envelope('e1'));
    const { host, replayed } = fakeHost();
    expect(await replaysOf('cart', js, host).replay(seq)).toEqual({ outcome: 'replayed', why: null });
    expect(replayed).toEqual([['cart-OrderPlaced', placed, seq]]);
    expect(await readDeadLetter(js.jsm, seq)).toBeNull();
    // Asked again (two clicks): it is gone, and nothing is handled twice.
    expect(await replaysOf('cart', js, host).replay(seq)).toEqual({
      outcome: 'refused',
      why: 'Cette lettre morte n’est plus dans la file (déjà rejouée ou retirée) : rechargez la liste.',
    });
    expect(replayed).toHaveLength(1);
  });

  it('refuses, leaving the letter, what the checks refuse: another service’s, a partition’s, a forged or lost original, a handler failing again', async () => {
    const js = fakeJetStream();
    const placed = js.add('EVENTS', 'evt.ordering.order-placed.v1.3', envelope('e1'));
    const theirs = deadLetter(js, 'payments-OrderCancelled', 'evt.ordering.order-placed.v1.3', placed, envelope('e1'));
    const partition = deadLetter(js, 'cart-stock-p3', 'evt.ordering.order-placed.v1.3', placed, envelope('e1'));
    const lost = deadLetter(js, 'cart-OrderPlaced', 'evt.ordering.order-placed.v1.3', 999, envelope('e1'));
    const forged = deadLetter(js, 'cart-OrderPlaced', 'evt.ordering.order-placed.v1.3', placed, {
      ...envelope('e1'),
      data: { order_id: 'x' },
    });
    const failing = deadLetter(js, 'cart-OrderPlaced', 'evt.ordering.order-placed.v1.3', placed, envelope('e1'));
    const { host, replayed } = fakeHost(() => ({ failed: 'the database is still down' }));
    const replays = replaysOf('cart', js, host);
    const answers = [];
    for (const seq of [theirs, partition, lost, forged, failing]) answers.push(await replays.replay(seq));
    expect(answers).toEqual([
      { outcome: 'refused', why: 'Cette lettre morte est celle de payments-OrderCancelled, pas d’un consommateur de cart.' },
      { outcome: 'refused', why: 'cart-stock-p3 applique les événements de sa partition dans leur ordre' },
      { outcome: 'refused', why: 'Son original EVENTS n° 999 n’est pas dans le flux (supprimé, ou jamais publié).' },
      { outcome: 'refused', why: `Son contenu diffère de EVENTS n° ${placed} (evt.ordering.order-placed.v1.3).` },
      { outcome: 'refused', why: 'Le traitement a encore échoué : the database is still down. La lettre reste dans la file.' },
    ]);
    // Only the last one reached the consumer; every letter waits where it was.
    expect(replayed).toEqual([['cart-OrderPlaced', placed, failing]]);
    expect(js.live('DEAD_LETTERS').map((m) => m.seq)).toEqual([theirs, partition, lost, forged, failing]);
  });
});
