import { fr, formatRating } from '@popote/ui';
import styles from './rating.module.css';

/** An average rating with the number of reviews, or 'Nouveau' before the first review. */
export function Rating({ average, reviews }: { average: number; reviews: number }) {
  return (
    <span className={styles.rating}>
      <svg className={styles.star} viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
        <path d="M8 1.2l2.1 4.3 4.7.7-3.4 3.3.8 4.7L8 12l-4.2 2.2.8-4.7L1.2 6.2l4.7-.7z" fill="currentColor" />
      </svg>
      {reviews > 0 ? (
        <>
          <span className="pp-visually-hidden">{`${fr.meal.ratingPrefix} `}</span>
          <strong>{formatRating(average)}</strong>
          <span className="pp-visually-hidden">{` ${fr.meal.ratingOutOf}`}</span> {fr.meal.reviews(reviews)}
        </>
      ) : (
        <strong>{fr.meal.noRating}</strong>
      )}
    </span>
  );
}
