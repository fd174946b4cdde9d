import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** Provider events already applied (webhooks are delivered at least once). */
@Schema({ collection: 'paymentEvents', versionKey: false })
export class PaymentEvent {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ required: true }) type!: string;
  @Prop({ required: true }) received_at!: Date;
}
export const PaymentEventSchema = SchemaFactory.createForClass(PaymentEvent);
