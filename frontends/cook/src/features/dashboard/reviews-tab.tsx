import { useQuery } from '@popote/graphql';
import { formatLongDate, Notice, Stars } from '@popote/ui';
import { COOK_REVIEWS_QUERY } from '../../graphql/orders';
import styles from './dashboard-page.module.css';
import { LoadError, Loading } from './load-state';
import reviews from './reviews.module.css';
import { frCook } from '@popote/ui/fr-cook';

const t = frCook.cook;

/** 'Avis': the cook's reviews, newest first. */
export function ReviewsTab({ cookId }: { cookId: string }) {
  const { data, error, refetch } = useQuery(COOK_REVIEWS_QUERY, {
    variables: { cook_id: cookId },
    requestPolicy: 'cache-and-network',
  });

  let content;
  if (data && data.cookReviews.length > 0) {
    content = (
      <ul className={reviews.list}>
        {data.cookReviews.map((review) => (
          <li key={review.review_id} className={reviews.review}>
            <div className={reviews.header}>
              <Stars rating={review.rating} />
              <span className={reviews.author}>{t.reviewBy(review.consumer_name)}</span>
              <span className={reviews.date}>{formatLongDate(review.created_at)}</span>
            </div>
            {review.meal_names.length > 0 ? <p className={reviews.meals}>{review.meal_names.join(', ')}</p> : null}
            {review.comment ? <p className={reviews.comment}>{review.comment}</p> : null}
          </li>
        ))}
      </ul>
    );
  } else if (data) content = <Notice message={t.noReviews} />;
  else if (error) content = <LoadError retry={() => void refetch().catch(() => undefined)} />;
  else content = <Loading label={t.reviewsLoading} />;

  return (
    <section aria-labelledby="cook-reviews-title">
      <div className={styles.sectionHeader}>
        <h2 id="cook-reviews-title" className={styles.sectionTitle}>
          {t.reviewsTitle}
        </h2>
      </div>
      {content}
    </section>
  );
}
