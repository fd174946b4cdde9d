import { Injectable, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { getModelToken, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { describe, expect, it } from 'vitest';
import { ModelStore } from './model-store';

@Schema()
class Dish {
  @Prop({ type: String }) _id!: string;
}
@Schema()
class Slot {
  @Prop({ type: String }) _id!: string;
}
const DishSchema = SchemaFactory.createForClass(Dish);
const SlotSchema = SchemaFactory.createForClass(Slot);

class KitchenStore extends ModelStore({ dishes: [Dish, DishSchema], slots: [Slot, SlotSchema] }) {}

@Injectable()
class Menu {
  constructor(readonly store: KitchenStore) {}
}

describe('ModelStore: a service’s collections declared once', () => {
  it('lists them for MongooseModule.forFeature, in order, by document class name', () => {
    expect(KitchenStore.definitions).toEqual([
      { name: 'Dish', schema: DishSchema },
      { name: 'Slot', schema: SlotSchema },
    ]);
  });

  it('holds, as read-only fields, the very models registered under their tokens', async () => {
    const dishes = { modelName: 'Dish' };
    const slots = { modelName: 'Slot' };
    @Module({
      providers: [
        { provide: getModelToken('Slot'), useValue: slots },
        { provide: getModelToken('Dish'), useValue: dishes },
        KitchenStore,
        Menu,
      ],
    })
    class Kitchen {}
    const app = await NestFactory.createApplicationContext(Kitchen, { logger: false });
    try {
      const store = app.get(KitchenStore);
      expect(store.dishes).toBe(dishes);
      expect(store.slots).toBe(slots);
      expect(Object.keys(store)).toEqual(['dishes', 'slots']);
      expect(app.get(Menu).store).toBe(store);
      expect(() => Object.assign(store, { dishes: slots })).toThrow(TypeError);
    } finally {
      await app.close();
    }
  });
});
