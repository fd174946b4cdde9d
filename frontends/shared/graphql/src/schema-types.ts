/**
 * TypeScript mirror of the BFF's GraphQL schema (the part the frontends use).
 *
 * Hand-written for now, field for field from the contract; to be replaced by
 * GraphQL Code Generator output once the BFF publishes its schema file.
 */
export type Scalars = {
  ID: string;
  String: string;
  Int: number;
  Float: number;
};

export interface Meal {
  __typename?: 'Meal';
  meal_id: Scalars['ID'];
  cook_id: Scalars['ID'];
  cook_name: Scalars['String'];
  name: Scalars['String'];
  description: Scalars['String'];
  price_cents: Scalars['Int'];
  portions_available: Scalars['Int'];
  category: Scalars['String'];
  /** Minutes. */
  preparation_time: Scalars['Int'];
  /** Path served through the shell's /media proxy, e.g. /media/meals/123_tajine.jpg. */
  image_url: Scalars['String'] | null;
  rating_average: Scalars['Float'];
  rating_count: Scalars['Int'];
  /** ISO-8601 date-time. */
  created_at: Scalars['String'];
}

export interface MealPage {
  __typename?: 'MealPage';
  items: Meal[];
  next_cursor: Scalars['String'] | null;
}

export interface QueryMealsArgs {
  first?: number | null;
  after?: string | null;
}
