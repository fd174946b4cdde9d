import { Field, ID, InputType, Int, ObjectType } from '@nestjs/graphql';
import { CookModel } from '../meals/meal.model';

@ObjectType('CookFollow', { description: "A cook's followers, and whether the signed-in person is one of them" })
export class CookFollowModel {
  @Field(() => ID) cook_id!: string;
  @Field({ description: 'false when signed out' }) following!: boolean;
  @Field(() => Int) followers!: number;
}

@ObjectType('FollowedCook', { description: "One of 'Mes cuisiniers'" })
export class FollowedCookModel {
  @Field() followed_at!: string;
  @Field(() => CookModel) cook!: CookModel;
}

@ObjectType('AlertChannels', { description: 'The channels of an alert kind' })
export class AlertChannelsModel {
  @Field() email!: boolean;
  @Field() push!: boolean;
}

@ObjectType('OrderAlertChannels', { description: "An order's steps: the emails always go, only the push is a choice" })
export class OrderAlertChannelsModel {
  @Field() push!: boolean;
}

@ObjectType('AlertPreferences')
export class AlertPreferencesModel {
  @Field(() => AlertChannelsModel, { description: 'A followed cook publishes a dish' }) new_dish!: AlertChannelsModel;
  @Field(() => AlertChannelsModel, { description: 'A followed cook opens new pick-up slots' }) new_slots!: AlertChannelsModel;
  @Field(() => AlertChannelsModel, { description: 'A favourite dish is back in stock' }) back_in_stock!: AlertChannelsModel;
  @Field(() => OrderAlertChannelsModel, { description: "The person's orders (confirmed, ready, cancelled; a new one for a cook)" })
  order_updates!: OrderAlertChannelsModel;
}

@ObjectType('AlertSettings', { description: "The signed-in person's alert preferences and how many devices receive their pushes" })
export class AlertSettingsModel {
  @Field(() => AlertPreferencesModel) preferences!: AlertPreferencesModel;
  @Field(() => Int) push_devices!: number;
}

@InputType()
export class AlertChannelsInput {
  @Field() email!: boolean;
  @Field() push!: boolean;
}

@InputType()
export class OrderAlertChannelsInput {
  @Field() push!: boolean;
}

@InputType()
export class AlertPreferencesInput {
  @Field(() => AlertChannelsInput) new_dish!: AlertChannelsInput;
  @Field(() => AlertChannelsInput) new_slots!: AlertChannelsInput;
  @Field(() => AlertChannelsInput) back_in_stock!: AlertChannelsInput;
  @Field(() => OrderAlertChannelsInput) order_updates!: OrderAlertChannelsInput;
}

@InputType()
export class PushKeysInput {
  @Field({ description: "The device's P-256 public key (base64url)" }) p256dh!: string;
  @Field({ description: 'The authentication secret (base64url)' }) auth!: string;
}

@InputType({ description: "A browser's PushSubscription, as its toJSON() gives it" })
export class PushSubscriptionInput {
  @Field() endpoint!: string;
  @Field(() => PushKeysInput) keys!: PushKeysInput;
}
