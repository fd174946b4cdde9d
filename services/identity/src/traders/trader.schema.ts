import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { TRADER_STATUSES, type TraderDetailsDto, type TraderStatus } from '@popote/contracts';

/**
 * A cook's trader details (`_id` = the cook's id) and where their verification stands. Written only
 * under the file's lease (`traders:<cook id>`): the cook's saves and the operators' decisions read,
 * decide and write it whole, one at a time (FerretDB's conditional update is no compare-and-set).
 *
 * Kept as long as the trading relationship lasts and six months after it ends (EU Digital Services
 * Act, article 30(3): the platform keeps what it obtained from a trader for six months after the end
 * of the relationship, then deletes it): an erasure of the account ends the relationship and sets
 * `delete_after`; the retention job deletes the file then, and the BFF's sweep its documents.
 */
@Schema({ collection: 'traders', versionKey: false, timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' } })
export class Trader {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ type: String, enum: TRADER_STATUSES, required: true }) status!: TraderStatus;
  /** One more at each submission of changed details: an operator decides on the revision they read. */
  @Prop({ type: Number, default: 0 }) revision!: number;
  @Prop({ type: Object, default: null }) details!: TraderDetailsDto | null;
  @Prop({ type: Date, default: null }) submitted_at!: Date | null;
  @Prop({ type: Date, default: null }) decided_at!: Date | null;
  /** The operator of the last decision. */
  @Prop({ type: String, default: null }) decided_by!: string | null;
  @Prop({ type: Date, default: null }) verified_at!: Date | null;
  /** The last request for more, kept after the cook answers it (the operator reading the new revision sees what was asked). */
  @Prop({ type: String, default: null }) message!: string | null;
  /** When the trading relationship ended (the account was erased): the file leaves the queue and every public page. */
  @Prop({ type: Date, default: null }) relationship_ended_at!: Date | null;
  /** Six months after the relationship ended: the retention job deletes the file then. */
  @Prop({ type: Date, default: null, index: true }) delete_after!: Date | null;
  created_at!: Date;
  updated_at!: Date;
}
export const TraderSchema = SchemaFactory.createForClass(Trader);
// The operators' queue: a status, oldest submission first.
TraderSchema.index({ status: 1, submitted_at: 1, _id: 1 });
