import type { Connection } from 'mongoose';

/**
 * The moderation decisions an appeal reversed, as one service has applied the reversal (ADR 0042).
 * A decision's restriction (withdraw, take down, suspend) is idempotent by state only until it is
 * lifted: delivered again after its reversal (a replay from the dead letters, a redelivery), it must
 * not restrict again. Each consumer records the lift in its own database once it applied it, and
 * checks it before applying a restriction.
 */
export class LiftedDecisions {
  private static readonly COLLECTION = 'moderationLifted';

  constructor(private readonly connection: Connection) {}

  private get lifted() {
    return this.connection.collection<{ _id: string; lifted_at: Date }>(LiftedDecisions.COLLECTION);
  }

  async isLifted(decisionId: string): Promise<boolean> {
    return (await this.lifted.findOne({ _id: decisionId }, { projection: { _id: 1 } })) !== null;
  }

  async markLifted(decisionId: string): Promise<void> {
    await this.lifted.updateOne({ _id: decisionId }, { $setOnInsert: { lifted_at: new Date() } }, { upsert: true });
  }
}
