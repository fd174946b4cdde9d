import type { ConsumerMessages, JsMsg } from '@nats-io/jetstream';

/**
 * The pull loops of one process's JetStream consumers: each works on up to `limit` messages at once
 * (the consumer's own buffer is the queue); `stop` stops pulling and waits for the messages under way.
 */
export class PullLoops {
  private readonly running: ConsumerMessages[] = [];
  private readonly loops: Promise<void>[] = [];

  add(messages: ConsumerMessages, limit: number, work: (msg: JsMsg) => Promise<void>): void {
    this.running.push(messages);
    this.loops.push(
      (async () => {
        const inFlight = new Set<Promise<void>>();
        for await (const msg of messages) {
          const p = work(msg).finally(() => inFlight.delete(p));
          inFlight.add(p);
          if (inFlight.size >= limit) await Promise.race(inFlight);
        }
        await Promise.allSettled(inFlight);
      })(),
    );
  }

  async stop(): Promise<void> {
    for (const m of this.running) m.stop();
    await Promise.allSettled(this.loops);
    this.running.length = 0;
    this.loops.length = 0;
  }
}
