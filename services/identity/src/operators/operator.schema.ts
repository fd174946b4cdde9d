import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** A recovery code, stored as its sha256 (the codes are random: a plain hash suffices); used once. */
export interface RecoveryCode {
  hash: string;
  used_at: Date | null;
}

/**
 * Someone who runs the marketplace: a role of its own, never a buyer's or cook's account. Created by
 * `./popote operator add` (or the deployment's secret), never by sign-up. Signs in with a password
 * and a second factor (TOTP, RFC 6238): `totp_pending` is the secret shown at the first sign-in until
 * the first code proves it saved; `totp_step` the last time step accepted (a code is used once).
 */
@Schema({ collection: 'operators', versionKey: false, timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' } })
export class Operator {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ required: true, unique: true }) email!: string;
  @Prop({ required: true }) name!: string;
  @Prop({ required: true, select: false }) password_hash!: string;
  @Prop({ type: String, default: null, select: false }) totp_secret!: string | null;
  @Prop({ type: String, default: null, select: false }) totp_pending!: string | null;
  @Prop({ type: Number, default: 0 }) totp_step!: number;
  @Prop({ type: [Object], default: [], select: false }) recovery_codes!: RecoveryCode[];
  @Prop({ type: Date, default: null }) disabled_at!: Date | null;
  created_at!: Date;
  updated_at!: Date;
}
export const OperatorSchema = SchemaFactory.createForClass(Operator);

/**
 * One line of the operators' audit log (append-only: the code only inserts and reads it; in
 * production the service's database user may not update or delete it). `_id` sorts by time: the
 * instant in base 36, then randomness.
 */
@Schema({ collection: 'operatorAudit', versionKey: false })
export class OperatorAudit {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ required: true }) at!: Date;
  /** Null: done from the command line (`./popote operator add`), or a failed sign-in of no known operator. */
  @Prop({ type: String, default: null, index: true }) operator_id!: string | null;
  @Prop({ type: String, default: null }) operator_email!: string | null;
  @Prop({ required: true }) action!: string;
  @Prop({ type: String, default: null }) target!: string | null;
  @Prop({ type: String, default: null }) reason!: string | null;
  @Prop({ type: String, default: null }) ip!: string | null;
}
export const OperatorAuditSchema = SchemaFactory.createForClass(OperatorAudit);

/**
 * The audit log lives in a database of its own, beside identity's (`<MONGO_DB>_audit`): in
 * production identity's database user may only find and insert there (infra/k8s/dependencies/
 * mongodb.yaml, role `auditAppendOnly`), so no code path, bug or stolen credential of the service
 * can change or delete a line.
 */
export const auditDatabaseOf = (mongoDb: string): string => `${mongoDb}_audit`;
