import { lazy, Suspense } from 'react';
import { useAuth } from '@popote/auth';
import { MealCard } from '@popote/ui';
import { Link } from '@popote/router';
import { CardCartAction } from '../features/cart/components/card-cart-action';
import type { MealCardData } from '../graphql/meal-card.fragment';
import styles from './meal-grid.module.css';

/**
 * The heart is a signed-in buyer's: its code (and the follows texts) load only for them, so a
 * visitor's first page carries none of it (the /meals weight budget, ADR 0005).
 */
const FavouriteButton = lazy(() => import('../features/follows/favourite-button').then((m) => ({ default: m.FavouriteButton })));

/** Cards in the first rows load their picture at once; the others when scrolled to. */
const EAGER_IMAGES = 4;
/** ...and the first two (the whole first screen on a phone) before the page's other requests. */
const HIGH_PRIORITY_IMAGES = 2;

export interface MealGridProps {
  meals: readonly MealCardData[];
  headingLevel?: 'h2' | 'h3';
  /** The low-stock badge shows from 1 up to this many portions (3 by default; the home page uses under 5). */
  lowStockThreshold?: number;
  /** Pictures of the first cards load at once (pages whose grid is at the top). */
  eagerImages?: number;
  /** 'three': a row of at most three wide cards (home page), whatever their number. */
  layout?: 'fill' | 'three';
}

/** Meal cards, each linking to its meal's page, with its add-to-cart control (or stepper) and its heart. */
export function MealGrid({ meals, headingLevel = 'h2', lowStockThreshold, eagerImages = EAGER_IMAGES, layout = 'fill' }: MealGridProps) {
  const signedIn = useAuth().status === 'signed-in';
  return (
    <ul className={`${styles.grid} ${layout === 'three' ? styles.three : ''}`}>
      {meals.map((meal, index) => (
        <li key={meal.meal_id} className={styles.item}>
          <MealCard
            meal={meal}
            headingLevel={headingLevel}
            lowStockThreshold={lowStockThreshold}
            imageLoading={index < eagerImages ? 'eager' : 'lazy'}
            imageFetchPriority={index < Math.min(eagerImages, HIGH_PRIORITY_IMAGES) ? 'high' : 'auto'}
            actions={<CardCartAction meal={meal} />}
            corner={
              signedIn ? (
                <Suspense fallback={null}>
                  <FavouriteButton meal={meal} />
                </Suspense>
              ) : null
            }
            renderLink={({ className, children }) => (
              <Link to={`/meals/${encodeURIComponent(meal.meal_id)}`} className={className}>
                {children}
              </Link>
            )}
          />
        </li>
      ))}
    </ul>
  );
}
