import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { CatalogueEvents, type OrderingEvents } from '@popote/contracts';
import { EventPublisher, OutboxRelay } from '@popote/platform';
import type { Model } from 'mongoose';
import type { z } from 'zod';
import { Meal } from '../meals/meal.schema';
import { appliedBefore, withoutRating, withRating } from './rules';

type ReviewSubmitted = z.infer<typeof OrderingEvents.reviewSubmitted.schema>;
type ReviewRemoved = z.infer<typeof OrderingEvents.reviewRemoved.schema>;

/**
 * The meals' ratings. Reviews ride the cook's stock partition (ADR 0004), so they arrive in stream
 * order, one at a time per cook; each meal remembers the sequence of the last review it counted.
 */
@Injectable()
export class MealRatingsService {
  constructor(
    @InjectModel(Meal.name) private readonly meals: Model<Meal>,
    private readonly relay: OutboxRelay,
    private readonly publisher: EventPublisher,
  ) {}

  /** A review counts once in each reviewed meal's average; the cards' readers are told. */
  add(review: ReviewSubmitted, seq: number): Promise<void> {
    return this.count(review, seq, (meal) => withRating(meal, review.rating));
  }

  /** A review removed by moderation leaves each average it counted in, once (after its submission: same partition, in order). */
  remove(review: ReviewRemoved, seq: number): Promise<void> {
    return this.count(review, seq, (meal) => withoutRating(meal, review.rating));
  }

  private async count(
    review: Pick<ReviewSubmitted, 'meal_ids' | 'cook_id'>,
    seq: number,
    rated: (meal: Meal) => { rating_average: number; rating_count: number },
  ): Promise<void> {
    for (const id of new Set(review.meal_ids)) {
      await this.relay.change(this.meals, id, async () => {
        const meal = await this.meals.findOne({ _id: id }, { rating_average: 1, rating_count: 1, rating_seq: 1 }).lean<Meal>();
        if (!meal || appliedBefore({ seq: meal.rating_seq ?? 0 }, seq)) return;
        await this.meals.updateOne(
          { _id: id, $or: [{ rating_seq: { $lt: seq } }, { rating_seq: { $exists: false } }] },
          { $set: { ...rated(meal), rating_seq: seq } },
        );
      });
    }
    await this.publisher.announce(CatalogueEvents.mealsChanged, {
      cook_id: review.cook_id,
      meal_ids: [...new Set(review.meal_ids)],
      cause: 'rating',
    });
  }
}
