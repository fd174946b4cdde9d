import type { Logger } from '@nestjs/common';
import type { JobContract } from '@popote/contracts';
import type { DistributedLocks, JobDelivery, WorkQueue } from '@popote/platform';

/** A sender that stops beating this long (it died mid-send) has its job given to another replica (ms). */
const SEND_LEASE_MS = 30_000;

/**
 * How long a stored email or push belongs to the job queued for it (ms). Stored and queued in that
 * order, a document whose job was lost — the process stopped in between, the broker did not answer,
 * the queue gave the job up — is due again when its claim is over, and the sweep queues it anew.
 * Longer than any backlog the senders work through, so the sweep never queues again a job that is
 * only waiting its turn.
 */
export const CLAIM_MS = 5 * 60_000;

/**
 * Works on one kind of sending on this replica, `concurrency` jobs at once. Attempts are counted on
 * the document (a failed send is recorded there with its next attempt, and the job is done): the
 * queue's own attempts only stop a job that keeps failing before it could record anything.
 */
export function workOn<T>(
  queue: WorkQueue,
  job: JobContract<T>,
  concurrency: number,
  send: (data: T, delivery: JobDelivery) => Promise<void>,
) {
  return queue.work(job, send, { attempts: 5, leaseMs: SEND_LEASE_MS, concurrency, retryDelayMs: 2_000 });
}

/** A document and its claim: the job queued for it carries the claim, and does nothing once it is not the document's any more. */
export interface Claimed {
  id: string;
  claim: Date;
}

/**
 * Queues the job of each claimed document, its id `<document>@<claim>`: the same claim queued twice
 * within the stream's dedupe window is queued once. A publish that fails is only logged: the
 * document is queued again by the sweep once its claim is over.
 */
export async function queueClaimed<T>(
  queue: WorkQueue,
  job: JobContract<T>,
  claimed: Claimed[],
  data: (id: string, claim: number) => T,
  log: Logger,
): Promise<void> {
  for (const { id, claim } of claimed) {
    try {
      await queue.enqueue(job, data(id, claim.getTime()), `${id}@${claim.getTime()}`);
    } catch (err) {
      log.warn(`${id} not queued (the sweep queues it when its claim is over): ${(err as Error).message}`);
    }
  }
}

/** The sweep of one kind of document: what is due, each claimed and written as such, read and written under one lock. */
export interface Sweep<D> {
  locks: DistributedLocks;
  lock: string;
  /** Claimed per pass (one lock each). */
  batch: number;
  /** What is due at `now`, at most `limit`. */
  due(limit: number, now: Date): Promise<D[]>;
  /** Records the document's claim (its job is queued after). */
  claim(doc: D, until: Date): Promise<void>;
}

/**
 * One sweep: batch after batch, under the lock, the due documents are claimed until CLAIM_MS from
 * now (another replica's sweep then finds them not due), and their jobs queued outside it. Returns
 * how many were queued; a failure is logged (the next sweep goes on).
 */
export async function sweepDue<D extends { _id: string }, T>(
  sweep: Sweep<D>,
  queue: WorkQueue,
  job: JobContract<T>,
  data: (id: string, claim: number) => T,
  log: Logger,
): Promise<number> {
  let queued = 0;
  try {
    for (;;) {
      if (!(await sweep.due(1, new Date())).length) break;
      const claimed = await sweep.locks.run(sweep.lock, async () => {
        const now = new Date();
        const due = await sweep.due(sweep.batch, now);
        const claim = new Date(now.getTime() + CLAIM_MS);
        for (const doc of due) await sweep.claim(doc, claim);
        return due.map((d): Claimed => ({ id: d._id, claim }));
      });
      await queueClaimed(queue, job, claimed, data, log);
      queued += claimed.length;
      if (claimed.length < sweep.batch) break;
    }
  } catch (err) {
    log.warn(`${sweep.lock} sweep failed (the next one goes on): ${(err as Error).message}`);
  }
  return queued;
}
