import { useQuery } from '@popote/graphql';
import { formatLongDate, Notice, Stars } from '@popote/ui';
import { CookReviewsDocument } from '../../graphql/orders.generated';
import { Loaded, TabSection } from './tab-parts';
import reviews from './reviews.module.css';
import { frCook } from '@popote/ui/fr-cook';

const t = frCook.cook;

/** 'Avis': the cook's reviews, newest first. */
export function ReviewsTab({ cookId }: { cookId: string }) {
  const query = useQuery(CookReviewsDocument, {
    variables: { cook_id: cookId },
    requestPolicy: 'cache-and-network',
  });

  return (
    <TabSection titleId="cook-reviews-title" title={t.reviewsTitle}>
      <Loaded query={query} loadingLabel={t.reviewsLoading}>
        {({ cookReviews }) =>
          cookReviews.length > 0 ? (
            <ul className={reviews.list}>
              {cookReviews.map((review) => (
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
          ) : (
            <Notice message={t.noReviews} />
          )
        }
      </Loaded>
    </TabSection>
  );
}
