import { Injectable } from '@nestjs/common';
import { DistributedLocks } from '@popote/platform';

/**
 * One writer at a time per cook, across every replica (a lease in the JetStream KV bucket, like the
 * documents' locks): the reservations at checkout and the stock worker of the cook's partition read,
 * decide and write the cook's stock and slot documents under it (docs/checkout.md). Within a process
 * the waiters queue first. Taken per cook, never two at once, so no two holders can wait on each other.
 */
@Injectable()
export class CookLock {
  constructor(private readonly locks: DistributedLocks) {}

  run<T>(cookId: string, fn: () => Promise<T>): Promise<T> {
    return this.locks.run(`cook:${cookId}`, fn);
  }
}
