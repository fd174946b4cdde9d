import { useQuery } from '@popote/graphql';
import { Button, formatLongDate, QueryState, Stars } from '@popote/ui';
import { frBrowse } from '@popote/ui/fr-browse';
import { useState } from 'react';
import { ReportButton } from '../report/report-button';
import { CookPageReviewsDocument } from './graphql/cook-reviews.query.generated';
import styles from './cook-page.module.css';

const t = frBrowse.cookPage;
/** Reviews shown before 'Voir les N avis'. */
const FIRST = 5;

/** 'Avis des clients' on a cook's page, newest first, each with 'Signaler cet avis'. */
export function CookReviews({ cookId }: { cookId: string }) {
  const { data, error, refetch } = useQuery(CookPageReviewsDocument, {
    variables: { cook_id: cookId },
    requestPolicy: 'cache-and-network',
  });
  const [all, setAll] = useState(false);
  const reviews = data?.cookReviews;

  let body;
  if (!reviews) body = <QueryState error={error} errorMessage={t.reviewsError} onRetry={refetch} loadingLabel={t.reviewsLoading} />;
  else if (reviews.length === 0) body = <p className={styles.muted}>{t.noReviews}</p>;
  else {
    const shown = all ? reviews : reviews.slice(0, FIRST);
    body = (
      <>
        <ul className={styles.reviews}>
          {shown.map((review) => {
            const author = review.consumer_name || t.reviewAuthor;
            return (
              <li key={review.review_id} className={styles.review}>
                <p className={styles.reviewHead}>
                  <Stars rating={review.rating} label={t.reviewRating(review.rating)} />
                  <span className={styles.reviewAuthor}>{author}</span>
                  <time className={styles.muted} dateTime={review.created_at}>
                    {formatLongDate(review.created_at)}
                  </time>
                </p>
                {review.meal_names.length > 0 ? <p className={styles.reviewMeals}>{t.reviewMeals(review.meal_names.join(', '))}</p> : null}
                {review.comment ? <p className={styles.reviewComment}>{review.comment}</p> : null}
                <ReportButton
                  subject={{ kind: 'review', id: review.review_id, label: author, cookId: review.cook_id }}
                  className={styles.reviewReport}
                />
              </li>
            );
          })}
        </ul>
        {!all && reviews.length > FIRST ? (
          <Button variant="outline" size="sm" onClick={() => setAll(true)}>
            {t.allReviews(reviews.length)}
          </Button>
        ) : null}
      </>
    );
  }

  return (
    <section className={styles.reviewsSection} aria-labelledby="cook-reviews">
      <h2 id="cook-reviews" className={styles.mealsTitle}>
        {t.reviewsTitle}
      </h2>
      {body}
    </section>
  );
}
