import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { MealPageDto } from '@popote/contracts';
import { OutboxRelay } from '@popote/platform';
import type { Model, QueryFilter } from 'mongoose';
import { decodeCursor, encodeCursor } from './cursor';
import { toMealDto } from './meal.mapper';
import { Meal } from './meal.schema';

@Injectable()
export class MealsService implements OnModuleInit {
  constructor(
    @InjectModel(Meal.name) private readonly meals: Model<Meal>,
    private readonly relay: OutboxRelay,
  ) {}

  onModuleInit(): void {
    this.relay.register(this.meals);
  }

  /** Newest first, keyset-paginated so pages stay stable while meals are added. */
  async list(first: number, after?: string | null): Promise<MealPageDto> {
    const filter: QueryFilter<Meal> = { deleted_at: null };
    if (after) {
      const c = decodeCursor(after);
      filter.$or = [{ created_at: { $lt: c.created_at } }, { created_at: c.created_at, _id: { $lt: c.id } }];
    }
    const docs = await this.meals
      .find(filter, { _outbox: 0 })
      .sort({ created_at: -1, _id: -1 })
      .limit(first + 1)
      .lean<Meal[]>();
    const page = docs.slice(0, first);
    const last = page.at(-1);
    return {
      items: page.map(toMealDto),
      next_cursor: docs.length > first && last ? encodeCursor({ created_at: new Date(last.created_at), id: last._id }) : null,
    };
  }
}
