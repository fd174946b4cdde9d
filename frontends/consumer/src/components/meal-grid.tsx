import { lazy, Suspense, type MouseEventHandler, type ReactNode } from 'react';
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

export interface GridMealCardProps {
  meal: MealCardData;
  headingLevel?: 'h2' | 'h3';
  lowStockThreshold?: number;
  imageLoading?: 'eager' | 'lazy';
  imageFetchPriority?: 'high' | 'auto';
  /** On the picture's bottom-left corner (the sponsored card's label). */
  badge?: ReactNode;
  /** Under the cart action (the sponsored card's 'Pourquoi ce plat ?'). */
  footer?: ReactNode;
  /** Added to the card's link (the sponsored card: its label as description, the click measured). */
  linkProps?: { 'aria-describedby'?: string; onClick?: MouseEventHandler; onAuxClick?: MouseEventHandler };
}

/** One card of a grid: the meal's link, its add-to-cart control (or stepper) and its heart. */
export function GridMealCard({ meal, badge, footer, linkProps, ...card }: GridMealCardProps) {
  const signedIn = useAuth().status === 'signed-in';
  const heart = signedIn ? (
    <Suspense fallback={null}>
      <FavouriteButton meal={meal} />
    </Suspense>
  ) : null;
  return (
    <MealCard
      {...card}
      meal={meal}
      actions={
        <>
          <CardCartAction meal={meal} />
          {footer}
        </>
      }
      corner={heart}
      tag={badge}
      renderLink={({ className, children }) => (
        <Link to={`/meals/${encodeURIComponent(meal.meal_id)}`} className={className} {...linkProps}>
          {children}
        </Link>
      )}
    />
  );
}

export interface MealGridProps {
  meals: readonly MealCardData[];
  headingLevel?: 'h2' | 'h3';
  /** The low-stock badge shows from 1 up to this many portions (3 by default; the home page uses under 5). */
  lowStockThreshold?: number;
  /** Pictures of the first cards load at once (pages whose grid is at the top). */
  eagerImages?: number;
  /** 'three': a row of at most three wide cards (home page), whatever their number. */
  layout?: 'fill' | 'three';
  /**
   * One more card among these, at `index` (at the end when there are fewer cards): the sponsored
   * dish. `render` gets whether its picture loads at once.
   */
  extra?: { key: string; index: number; render: (imageLoading: 'eager' | 'lazy') => ReactNode } | null;
}

/** Meal cards, each linking to its meal's page, with its add-to-cart control (or stepper) and its heart. */
export function MealGrid({
  meals,
  headingLevel = 'h2',
  lowStockThreshold,
  eagerImages = EAGER_IMAGES,
  layout = 'fill',
  extra,
}: MealGridProps) {
  const items: ReactNode[] = meals.map((meal, index) => (
    <li key={meal.meal_id} className={styles.item}>
      <GridMealCard
        meal={meal}
        headingLevel={headingLevel}
        lowStockThreshold={lowStockThreshold}
        imageLoading={index < eagerImages ? 'eager' : 'lazy'}
        imageFetchPriority={index < Math.min(eagerImages, HIGH_PRIORITY_IMAGES) ? 'high' : 'auto'}
      />
    </li>
  ));
  if (extra) {
    const at = Math.min(Math.max(extra.index, 0), items.length);
    items.splice(
      at,
      0,
      <li key={extra.key} className={styles.item}>
        {extra.render(at < eagerImages ? 'eager' : 'lazy')}
      </li>,
    );
  }
  return <ul className={`${styles.grid} ${layout === 'three' ? styles.three : ''}`}>{items}</ul>;
}
