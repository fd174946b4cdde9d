import { Logger } from '@nestjs/common';
import type { DistributedLocks, WorkQueue } from '@popote/platform';
import { describe, expect, it, vi } from 'vitest';
import { SendEmailJob } from '@popote/contracts';
import { CLAIM_MS, queueClaimed, sweepDue } from './delivery';

const data = (email_id: string, claim: number) => ({ email_id, claim });

/** A work queue that records what is queued (or refuses, like a broker that does not answer). */
function fakeQueue(refuse = false) {
  const queued: { id: string; data: unknown }[] = [];
  const queue = {
    enqueue: vi.fn(async (_job: unknown, d: unknown, id: string) => {
      if (refuse) throw new Error('no responders');
      queued.push({ id, data: d });
    }),
  } as unknown as WorkQueue;
  return { queue, queued };
}

/** Documents due at once, claimed in the store by `claim`; the lock records when it is held. */
function store(count: number) {
  const docs = Array.from({ length: count }, (_, i) => ({ _id: `e${i}`, claim: null as Date | null }));
  const held: string[] = [];
  const locks = {
    run: async <T>(key: string, fn: () => Promise<T>) => {
      held.push(key);
      return fn();
    },
  } as unknown as DistributedLocks;
  return {
    docs,
    held,
    sweep: {
      locks,
      lock: 'mail-claim',
      batch: 2,
      due: async (limit: number, now: Date) => docs.filter((d) => !d.claim || d.claim <= now).slice(0, limit),
      claim: async (doc: { _id: string }, until: Date) => {
        docs.find((d) => d._id === doc._id)!.claim = until;
      },
    },
  };
}

const log = new Logger('test');

describe('the sweep of due documents', () => {
  it('claims every due document under its lock, batch after batch, and queues one job per claim', async () => {
    const { docs, held, sweep } = store(5);
    const { queue, queued } = fakeQueue();
    const before = Date.now();
    expect(await sweepDue(sweep, queue, SendEmailJob, data, log)).toBe(5);
    expect(held).toEqual(['mail-claim', 'mail-claim', 'mail-claim']);
    for (const d of docs) expect(d.claim!.getTime()).toBeGreaterThanOrEqual(before + CLAIM_MS);
    expect(queued.map((q) => q.id)).toEqual(docs.map((d) => `${d._id}@${d.claim!.getTime()}`));
    expect(queued[0]!.data).toEqual({ email_id: 'e0', claim: docs[0]!.claim!.getTime() });
    // Claimed: the next sweep finds nothing due, and takes no lock.
    expect(await sweepDue(sweep, queue, SendEmailJob, data, log)).toBe(0);
    expect(held).toHaveLength(3);
  });

  it('leaves a document whose job could not be queued claimed: it is due again when its claim is over', async () => {
    const { docs, sweep } = store(1);
    const { queue } = fakeQueue(true);
    const warn = vi.spyOn(log, 'warn').mockImplementation(() => undefined);
    expect(await sweepDue(sweep, queue, SendEmailJob, data, log)).toBe(1);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('e0 not queued'));
    expect(await sweep.due(1, new Date())).toEqual([]);
    expect(await sweep.due(1, new Date(docs[0]!.claim!.getTime()))).toHaveLength(1);
  });

  it('queues a claim once: the job id is the document and its claim', async () => {
    const { queue, queued } = fakeQueue();
    const claim = new Date(1_800_000_000_000);
    await queueClaimed(queue, SendEmailJob, [{ id: 'contact-1', claim }], data, log);
    expect(queued).toEqual([{ id: 'contact-1@1800000000000', data: { email_id: 'contact-1', claim: 1_800_000_000_000 } }]);
  });
});
