import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { CatalogueRpc, DomainError, FOLLOW_MESSAGES, IdentityRpc, type Actor } from '@popote/contracts';
import { RpcClient, insertOnce } from '@popote/platform';
import type { Model } from 'mongoose';
import { Favourite, favouriteId, Follow, followId } from './audience.schema';

/** 'Mes cuisiniers' and 'Mes favoris' show this many at most (newest first). */
export const AUDIENCE_LIST_MAX = 500;

/**
 * Follows and favourites. Each link is one document whose `_id` is derived from what it links:
 * following twice, two tabs tapping the heart, two replicas answering at once all land on the same
 * document (the second insert is a duplicate key, taken as done), so a count is the number of
 * documents, exact whatever the concurrency.
 */
@Injectable()
export class FollowsService {
  constructor(
    @InjectModel(Follow.name) private readonly follows: Model<Follow>,
    @InjectModel(Favourite.name) private readonly favourites: Model<Favourite>,
    private readonly rpc: RpcClient,
  ) {}

  /** 'Suivre' / 'Ne plus suivre'. Following asks identity that the cook exists; unfollowing never refuses. */
  async setFollow(actor: Actor, cookId: string, follow: boolean) {
    const _id = followId(actor.user_id, cookId);
    if (follow) {
      if (cookId === actor.user_id) throw new DomainError('FORBIDDEN', FOLLOW_MESSAGES.notYourself);
      const cookExists = async () => (await this.rpc.call(IdentityRpc.getCook, { cook_id: cookId })).cook !== null;
      await this.addOnce(this.follows, { _id, follower_id: actor.user_id, cook_id: cookId }, cookExists, FOLLOW_MESSAGES.cookNotFound);
    } else {
      await this.follows.deleteOne({ _id });
    }
    return this.state(actor, cookId);
  }

  /** The follower count, and whether `actor` (when signed in) is one of them. */
  async state(actor: Actor | undefined, cookId: string) {
    const [followers, following] = await Promise.all([
      this.follows.countDocuments({ cook_id: cookId }),
      actor ? this.follows.exists({ _id: followId(actor.user_id, cookId) }) : null,
    ]);
    return { following: Boolean(following), followers };
  }

  async followedCooks(actor: Actor) {
    const docs = await this.newest(this.follows, { follower_id: actor.user_id }, 'cook_id');
    return { cooks: docs.map((d) => ({ cook_id: d.cook_id, followed_at: d.created_at.toISOString() })) };
  }

  /** The heart. A favourite is a listed dish (catalogue knows it, not deleted); taking one away never refuses. */
  async setFavourite(actor: Actor, mealId: string, favourite: boolean) {
    const _id = favouriteId(actor.user_id, mealId);
    if (favourite) {
      const listed = async () => (await this.rpc.call(CatalogueRpc.getMeal, { meal_id: mealId })).meal !== null;
      await this.addOnce(this.favourites, { _id, user_id: actor.user_id, meal_id: mealId }, listed, FOLLOW_MESSAGES.mealNotFound);
    } else {
      await this.favourites.deleteOne({ _id });
    }
    return { favourite };
  }

  async favouriteMeals(actor: Actor) {
    const docs = await this.newest(this.favourites, { user_id: actor.user_id }, 'meal_id');
    return { meal_ids: docs.map((d) => d.meal_id) };
  }

  /** A deleted dish is nobody's favourite any more (idempotent). */
  async dropMeal(mealId: string) {
    await this.favourites.deleteMany({ meal_id: mealId });
  }

  /** A person's links, newest first, AUDIENCE_LIST_MAX at most: what each points to and when it was made. */
  private newest<T extends { created_at: Date }>(model: Model<T>, filter: Record<string, string>, field: keyof T & string) {
    return model
      .find(filter, { [field]: 1, created_at: 1 })
      .sort({ created_at: -1, _id: 1 })
      .limit(AUDIENCE_LIST_MAX)
      .lean<T[]>();
  }

  /**
   * Adds the link unless it is there: what it points to is asked first (`exists`, refused with
   * `missing`), then the insert; a duplicate key is a concurrent call that added it already.
   */
  private async addOnce<T>(model: Model<T>, doc: Partial<T> & { _id: string }, exists: () => Promise<boolean>, missing: string) {
    if (await model.exists({ _id: doc._id })) return;
    if (!(await exists())) throw new DomainError('NOT_FOUND', missing);
    await insertOnce(() => model.create(doc));
  }
}
