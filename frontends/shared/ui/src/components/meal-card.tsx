import { useId, useState, type ReactElement, type ReactNode } from 'react';
import { formatPrice } from '../format/price';
import { formatRating } from '../format/rating';
import { formatDistance } from '../format/distance';
import { fr } from '@popote/ui/fr';
import styles from './meal-card.module.css';
import { MEAL_PLACEHOLDER_SRC } from './meal-placeholder';

/** The meal fields a card shows (a subset of the GraphQL `Meal`). */
export interface MealCardMeal {
  meal_id: string;
  name: string;
  description: string;
  price_cents: number;
  cook_name: string;
  portions_available: number;
  preparation_time: number;
  /** Detail picture; used when there is no card picture. */
  image_url?: string | null;
  /** Card picture (600 × 450), preferred when present. */
  image_card_url?: string | null;
  rating_average: number;
  rating_count: number;
  /** The commune of the cook's pick-up address (never the street). */
  cook_commune?: string | null;
  /** Metres from the buyer's commune to the cook's (when the buyer gave theirs). */
  distance_m?: number | null;
}

export interface MealCardProps {
  meal: MealCardMeal;
  /** The low-stock badge shows from 1 up to this many portions (3 on cards, per the spec). */
  lowStockThreshold?: number;
  /** Pictures above the fold load eagerly, the rest lazily. */
  imageLoading?: 'eager' | 'lazy';
  /** 'high' for the first cards of a page, whose picture is its Largest Contentful Paint. */
  imageFetchPriority?: 'high' | 'auto';
  headingLevel?: 'h2' | 'h3';
  /** Action area under the card (the cart button arrives with the cart). */
  actions?: ReactNode;
  /** A control in the picture's top-right corner (the favourite heart), above the card's link. */
  corner?: ReactNode;
  /** A label in the picture's bottom-left corner (the sponsored card's 'Sponsorisé'), clear of the badge and the heart. */
  tag?: ReactNode;
  /**
   * Makes the meal's name a link (the router's, given by the app) that covers
   * the whole card; the actions stay clickable above it.
   */
  renderLink?: (props: { className: string; children: ReactNode }) => ReactElement;
}

export function MealCard({
  meal,
  lowStockThreshold = 3,
  imageLoading = 'lazy',
  imageFetchPriority = 'auto',
  headingLevel: Heading = 'h3',
  actions,
  corner,
  tag,
  renderLink,
}: MealCardProps) {
  const titleId = useId();
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  const src = meal.image_card_url || meal.image_url;
  const imageUrl = src && src !== brokenSrc ? src : MEAL_PLACEHOLDER_SRC;
  const soldOut = meal.portions_available <= 0;
  const fewLeft = !soldOut && meal.portions_available <= lowStockThreshold;
  const rated = meal.rating_count > 0;

  return (
    <article className={`${styles.card} ${soldOut ? styles.soldOut : ''} ${renderLink ? styles.linked : ''}`} aria-labelledby={titleId}>
      <div className={styles.media}>
        <img
          className={styles.image}
          src={imageUrl}
          alt={meal.name}
          width={400}
          height={300}
          loading={imageLoading}
          fetchPriority={imageFetchPriority}
          decoding="async"
          onError={() => {
            if (src) setBrokenSrc(src);
          }}
        />
        {soldOut ? <div className={styles.overlay}>{fr.meal.soldOut}</div> : null}
        {fewLeft ? <span className={styles.badge}>{fr.meal.fewLeft(meal.portions_available)}</span> : null}
        {corner ? <div className={styles.corner}>{corner}</div> : null}
        {tag ? <div className={styles.tag}>{tag}</div> : null}
      </div>
      <div className={styles.body}>
        <div className={styles.header}>
          <Heading id={titleId} className={styles.name}>
            {renderLink ? renderLink({ className: styles.link ?? '', children: meal.name }) : meal.name}
          </Heading>
          <p className={styles.price}>{formatPrice(meal.price_cents)}</p>
        </div>
        <p className={styles.cook}>
          {fr.meal.byCook(meal.cook_name)}
          {meal.cook_commune ? <span className={styles.commune}>{` · ${meal.cook_commune}`}</span> : null}
        </p>
        {typeof meal.distance_m === 'number' ? (
          <p className={styles.distance} data-testid="meal-distance">
            <PinIcon />
            <span className="pp-visually-hidden">{`${fr.meal.distancePrefix} `}</span>
            {formatDistance(meal.distance_m)}
          </p>
        ) : null}
        <p className={styles.description} title={meal.description}>
          {meal.description}
        </p>
        <div className={styles.meta}>
          <span className={styles.metaItem}>
            <ClockIcon />
            <span className="pp-visually-hidden">{`${fr.meal.preparationPrefix} `}</span>
            {fr.meal.preparation(meal.preparation_time)}
          </span>
          <span className={styles.metaItem}>
            <StarIcon />
            {rated ? (
              <>
                <span className="pp-visually-hidden">{`${fr.meal.ratingPrefix} `}</span>
                {formatRating(meal.rating_average)}
                <span className="pp-visually-hidden">{` ${fr.meal.ratingOutOf}`}</span> {fr.meal.reviews(meal.rating_count)}
              </>
            ) : (
              fr.meal.noRating
            )}
          </span>
        </div>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </div>
    </article>
  );
}

function ClockIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
      <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M8 4.5V8l2.5 1.5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

function PinIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
      <path d="M8 15s5-5.2 5-8.7A5 5 0 0 0 3 6.3C3 9.8 8 15 8 15z" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <circle cx="8" cy="6.4" r="1.8" fill="currentColor" />
    </svg>
  );
}

function StarIcon() {
  return (
    <svg className={`${styles.icon} ${styles.star}`} viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
      <path d="M8 1.2l2.1 4.3 4.7.7-3.4 3.3.8 4.7L8 12l-4.2 2.2.8-4.7L1.2 6.2l4.7-.7z" fill="currentColor" />
    </svg>
  );
}
