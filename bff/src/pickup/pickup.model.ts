import { Field, Float, ID, InputType, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('PickupWindow')
export class PickupWindowModel {
  @Field(() => Int, { description: 'ISO weekday: 1 = Monday … 7 = Sunday' }) weekday!: number;
  @Field({ description: 'HH:MM, Paris time' }) start!: string;
  @Field({ description: 'HH:MM, Paris time' }) end!: string;
}

@ObjectType('PickupAddress')
export class PickupAddressModel {
  @Field() street!: string;
  @Field() postcode!: string;
  @Field({ description: "The commune's name, from the French communes dataset" }) city!: string;
  @Field(() => String, { nullable: true, description: 'INSEE code of the commune (null for an address saved before communes)' })
  commune_code?: string | null;
}

@ObjectType('CookLocation', { description: 'Public precision: the commune and its centre, never the street' })
export class CookLocationModel {
  @Field() commune_code!: string;
  @Field() commune!: string;
  @Field() postcode!: string;
  @Field(() => Float) lat!: number;
  @Field(() => Float) lon!: number;
}

@ObjectType('DeliverySettings', { description: 'Delivery by the cook (ADR 0044): its own windows, measured from the pick-up commune' })
export class DeliverySettingsModel {
  @Field() enabled!: boolean;
  @Field(() => Int, { description: '1–15 km from the pick-up commune' }) radius_km!: number;
  @Field(() => Int, { description: '0–1500 cents (5,00 € by default)' }) fee_cents!: number;
  @Field(() => Int, { nullable: true, description: 'Dishes from which delivery is free; null: never' }) free_above_cents!: number | null;
  @Field(() => [PickupWindowModel]) windows!: PickupWindowModel[];
  @Field(() => Int, { description: '30 or 60' }) slot_minutes!: number;
  @Field(() => Int, { description: 'Orders close this many minutes before a delivery slot' }) cutoff_minutes!: number;
  @Field(() => Int, { description: 'Orders per delivery slot (one trip each)' }) capacity!: number;
}

@ObjectType('PickupSettings')
export class PickupSettingsModel {
  @Field(() => ID) cook_id!: string;
  @Field(() => [PickupWindowModel]) windows!: PickupWindowModel[];
  @Field(() => [String], { description: 'Paris dates YYYY-MM-DD without pick-up' }) days_off!: string[];
  @Field(() => PickupAddressModel, { nullable: true }) address!: PickupAddressModel | null;
  @Field(() => CookLocationModel, { nullable: true, description: "The address's commune (what distances are computed from)" })
  location?: CookLocationModel | null;
  @Field(() => Int, { description: 'Orders close this many minutes before a slot' }) cutoff_minutes!: number;
  @Field(() => Int, { description: '15 or 30' }) slot_minutes!: number;
  @Field(() => Int) capacity!: number;
  @Field({ description: 'orders | portions' }) capacity_unit!: string;
  @Field(() => DeliverySettingsModel, { nullable: true, description: 'null: the cook never set delivery' })
  delivery!: DeliverySettingsModel | null;
}

@InputType()
export class PickupWindowInput {
  @Field(() => Int) weekday!: number;
  @Field() start!: string;
  @Field() end!: string;
}

@InputType()
export class PickupAddressInput {
  @Field() street!: string;
  @Field() postcode!: string;
  @Field({ description: 'INSEE code of a commune of that postcode (from the communes query)' }) commune_code!: string;
}

@InputType()
export class DeliverySettingsInput {
  @Field() enabled!: boolean;
  @Field(() => Int) radius_km!: number;
  @Field(() => Int) fee_cents!: number;
  @Field(() => Int, { nullable: true }) free_above_cents!: number | null;
  @Field(() => [PickupWindowInput]) windows!: PickupWindowInput[];
  @Field(() => Int) slot_minutes!: number;
  @Field(() => Int) cutoff_minutes!: number;
  @Field(() => Int) capacity!: number;
}

@InputType()
export class PickupSettingsInput {
  @Field(() => [PickupWindowInput]) windows!: PickupWindowInput[];
  @Field(() => [String]) days_off!: string[];
  @Field(() => PickupAddressInput, { nullable: true }) address!: PickupAddressInput | null;
  @Field(() => Int) cutoff_minutes!: number;
  @Field(() => Int) slot_minutes!: number;
  @Field(() => Int) capacity!: number;
  @Field() capacity_unit!: string;
  @Field(() => DeliverySettingsInput, { nullable: true, description: 'Left out: delivery off' })
  delivery?: DeliverySettingsInput | null;
}

@ObjectType('PickupSlot')
export class PickupSlotModel {
  @Field(() => ID) cook_id!: string;
  @Field({ description: 'ISO instant' }) start!: string;
  @Field({ description: 'ISO instant' }) end!: string;
  @Field(() => Int, { description: 'Orders or portions still free' }) remaining!: number;
}

@ObjectType('DeliveryOffer', { description: 'A cook who delivers (ADR 0044): the fee, and whether the buyer is within the radius' })
export class DeliveryOfferModel {
  @Field(() => Int) fee_cents!: number;
  @Field(() => Int, { nullable: true, description: 'Dishes from which delivery is free; null: never' }) free_above_cents!: number | null;
  @Field(() => Int) radius_km!: number;
  @Field(() => Boolean, { nullable: true, description: "null: the buyer's commune was not given" }) in_range!: boolean | null;
}

@ObjectType('PickupSlotList')
export class PickupSlotListModel {
  @Field({ description: 'false: the cook has not set windows of this mode yet (or does not deliver)' }) has_windows!: boolean;
  @Field(() => [PickupSlotModel]) slots!: PickupSlotModel[];
  @Field(() => DeliveryOfferModel, { nullable: true, description: 'null: the cook does not deliver' }) delivery?: DeliveryOfferModel | null;
}

@InputType()
export class ChosenSlotInput {
  @Field(() => ID) cook_id!: string;
  @Field({ description: 'ISO instant of the slot start, as offered by pickupSlots' }) start!: string;
  @Field(() => String, { nullable: true, defaultValue: 'pickup', description: 'pickup | delivery (ADR 0044)' }) mode?:
    'pickup' | 'delivery';
}

@InputType({ description: 'Where deliveries go (ADR 0044); the phone is for the cook' })
export class DeliveryAddressInput {
  @Field() street!: string;
  @Field({ defaultValue: '' }) complement!: string;
  @Field() postcode!: string;
  @Field({ description: 'INSEE code of a commune of that postcode (from the communes query)' }) commune_code!: string;
  @Field() phone!: string;
  @Field({ defaultValue: '' }) instructions!: string;
}

@ObjectType('DeliveryAddress')
export class DeliveryAddressModel {
  @Field() street!: string;
  @Field() complement!: string;
  @Field() postcode!: string;
  @Field() commune_code!: string;
  @Field() city!: string;
  @Field() phone!: string;
  @Field() instructions!: string;
}

@ObjectType('HeldSlot')
export class HeldSlotModel {
  @Field(() => ID) cook_id!: string;
  @Field() start!: string;
  @Field() end!: string;
  @Field({ description: 'pickup | delivery' }) mode!: string;
  @Field(() => Int, { description: 'The delivery fee decided by the catalogue (0 for a pick-up)' }) fee_cents!: number;
}
