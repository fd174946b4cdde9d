import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { DomainError, MEAL_MESSAGES } from '@popote/contracts';
import { cardKey, MediaStorage, PLATFORM_CONFIG } from '@popote/platform';
import type { Model } from 'mongoose';
import type { CatalogueConfig } from '../config';
import { Meal } from './meal.schema';

/**
 * Meal pictures in the bucket, by who sent them. The BFF's upload records the uploader on the object
 * (metadata `uploader`, as does the demo seed); a dish accepts only a picture its cook sent and that
 * is stored, and an erasure deletes only the erased cook's pictures that no other cook's dish shows.
 */
@Injectable()
export class MealImages {
  private readonly media: MediaStorage;

  constructor(
    @InjectModel(Meal.name) private readonly meals: Model<Meal>,
    @Inject(PLATFORM_CONFIG) config: CatalogueConfig,
  ) {
    this.media = new MediaStorage(config);
  }

  /**
   * Refuses, in French, a picture that is not stored or that another cook (or nobody on record)
   * sent. The storage being unreachable is an error, never an acceptance.
   */
  async assertUploadedBy(cookId: string, key: string): Promise<void> {
    const stored = await this.media.stat(key);
    if (!stored) throw new DomainError('VALIDATION_FAILED', MEAL_MESSAGES.imageUnknown, { image_key: MEAL_MESSAGES.imageUnknown });
    if (stored.meta.uploader !== cookId)
      throw new DomainError('VALIDATION_FAILED', MEAL_MESSAGES.imageNotYours, { image_key: MEAL_MESSAGES.imageNotYours });
  }

  /**
   * On the cook's erasure: deletes the picture (both variants) unless another cook's dish shows it or
   * someone else is recorded as its uploader. A picture stored before uploaders were recorded has
   * only its dishes to tell whose it is: it goes when no other cook's dish shows it. Idempotent.
   */
  async eraseOf(cookId: string, key: string): Promise<void> {
    const stored = await this.media.stat(key);
    if (!stored) return;
    if (stored.meta.uploader !== undefined && stored.meta.uploader !== cookId) return;
    if (await this.meals.exists({ image_key: key, cook_id: { $ne: cookId } })) return;
    await this.media.remove([key, cardKey(key)]);
  }
}
