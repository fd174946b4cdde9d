import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * Stands for the recipient's name in an email addressed to an account (`enqueueFor`): the name and
 * the address are the account's own when the email is sent, not when it was queued.
 */
export const RECIPIENT_NAME = '\u2063destinataire\u2063';

/**
 * An email to send. Its id is derived from what caused it (event id + recipient, or contact message
 * id), so the same event never queues it twice; the sender retries it until it is sent.
 */
@Schema({ collection: 'emails', versionKey: false, timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' } })
export class Email {
  @Prop({ type: String, required: true }) _id!: string;
  /**
   * The address; null until sent on an email addressed to `account_id` (EmailsService.enqueueFor):
   * the account's address then, recorded once sent.
   */
  @Prop({ type: String, default: null }) to!: string | null;
  @Prop({ required: true }) subject!: string;
  @Prop({ required: true }) text!: string;
  @Prop({ type: String, default: null }) reply_to!: string | null;
  /**
   * Extra headers, when the email needs some (an alert digest's List-Unsubscribe and
   * List-Unsubscribe-Post, RFC 8058); absent on other emails.
   */
  @Prop({ type: Object, default: null }) headers!: Record<string, string> | null;
  /**
   * The account it was sent for, when the sender knew it (absent on emails queued before it was
   * recorded). The person's export lists their emails by this id — never by address, which anyone
   * may type at sign-up — and an erasure deletes them by it.
   */
  @Prop({ type: String, default: null, index: true }) account_id!: string | null;
  /**
   * The order it is about (an order's emails: placed, status, pick-up), null otherwise: the support
   * console lists an order's emails by it (an indexed equality). Null on emails queued before it was
   * recorded — those leave the log with its retention.
   */
  @Prop({ type: String, default: null, index: true }) order_id!: string | null;
  /** A copy an operator asked for (the support console): the email it copies, and who asked. */
  @Prop({ type: String, default: null }) resent_from!: string | null;
  @Prop({ type: String, default: null }) resent_by!: string | null;
  @Prop({ required: true, index: true }) status!: 'pending' | 'sent' | 'failed';
  @Prop({ default: 0 }) attempts!: number;
  @Prop({ required: true, index: true }) next_attempt_at!: Date;
  @Prop({ type: String, default: null }) last_error!: string | null;
  @Prop({ type: Date, default: null }) sent_at!: Date | null;
  created_at!: Date;
  updated_at?: Date;
}
export const EmailSchema = SchemaFactory.createForClass(Email);

@Schema({ collection: 'contactMessages', versionKey: false, timestamps: { createdAt: 'created_at', updatedAt: false } })
export class ContactMessage {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ required: true }) name!: string;
  @Prop({ required: true }) email!: string;
  @Prop({ required: true }) subject!: string;
  @Prop({ required: true }) message!: string;
  /** The signed-in sender's account, if any: only these messages are in that account's export. */
  @Prop({ type: String, default: null, index: true }) account_id!: string | null;
  created_at!: Date;
}
export const ContactMessageSchema = SchemaFactory.createForClass(ContactMessage);
