import { useMutation, useQuery } from '@popote/graphql';
import { apiMessage } from '@popote/auth';
import { Button, Stars, TextAreaField, toast } from '@popote/ui';
import { useId, useState, type FormEvent } from 'react';
import { TEXT_LIMITS } from '@popote/rules';
import { OrderCookReviewsDocument, SubmitReviewDocument } from '../graphql/orders.generated';
import type { OrderData } from '../graphql/orders';
import styles from './order-card.module.css';
import { frOrders } from '@popote/ui/fr-orders';

const t = frOrders.orders;

/** A delivered order: its review (stars and comment) once given, else the form to give it. */
export function OrderReview({ order }: { order: OrderData }) {
  const { data } = useQuery(OrderCookReviewsDocument, {
    variables: { cook_id: order.cook_id },
    requestPolicy: 'cache-first',
  });
  // Until the cook's reviews are read, nothing: never offer a form for an order already reviewed.
  if (!data) return null;
  const review = data.cookReviews.find((candidate) => candidate.order_id === order.order_id);
  if (review) {
    return (
      <div className={styles.review}>
        <p className={styles.reviewTitle}>
          {t.yourReview} <Stars rating={review.rating} label={`${t.yourReview} : ${review.rating} sur 5`} />
        </p>
        {review.comment ? <p className={styles.reviewComment}>{review.comment}</p> : null}
      </div>
    );
  }
  return <ReviewForm order={order} />;
}

function ReviewForm({ order }: { order: OrderData }) {
  const id = useId();
  const [rating, setRating] = useState(0);
  const [hovered, setHovered] = useState(0);
  const [comment, setComment] = useState('');
  const [ratingError, setRatingError] = useState<string | undefined>();
  const [submitReview, { loading }] = useMutation(SubmitReviewDocument, {
    update: (cache, { data }) => {
      const review = data?.submitReview;
      if (!review) return;
      // With its __typename: Graphcache drops an object written without one.
      cache.updateQuery({ query: OrderCookReviewsDocument, variables: { cook_id: order.cook_id } }, (existing) => ({
        cookReviews: [
          { ...review, __typename: 'Review' as const },
          ...(existing?.cookReviews ?? []).filter((r) => r.review_id !== review.review_id),
        ],
      }));
    },
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (rating < 1) {
      setRatingError(t.reviewRatingRequired);
      return;
    }
    try {
      await submitReview({ variables: { order_id: order.order_id, rating, comment: comment.trim() } });
      toast.success(t.reviewThanks, { id: `review-${order.order_id}` });
    } catch (error) {
      toast.error(apiMessage(error, t.reviewError), { id: `review-${order.order_id}` });
    }
  };

  const shown = hovered || rating;
  return (
    <form className={styles.review} onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className={styles.reviewTitle}>
        {t.reviewTitle}
      </h4>
      <fieldset className={styles.rating} aria-describedby={ratingError ? `${id}-rating-error` : undefined}>
        <legend className={styles.ratingLegend}>{t.reviewRating}</legend>
        <div className={styles.starInputs} onMouseLeave={() => setHovered(0)}>
          {[1, 2, 3, 4, 5].map((value) => (
            <label
              key={value}
              className={`${styles.starInput} ${value <= shown ? styles.starOn : ''}`}
              onMouseEnter={() => setHovered(value)}
            >
              <input
                type="radio"
                name={`${id}-rating`}
                value={value}
                checked={rating === value}
                aria-label={t.reviewStar(value)}
                onChange={() => {
                  setRating(value);
                  setRatingError(undefined);
                }}
              />
              <svg viewBox="0 0 16 16" width="30" height="30" aria-hidden="true">
                <path d="M8 1.2l2.1 4.3 4.7.7-3.4 3.3.8 4.7L8 12l-4.2 2.2.8-4.7L1.2 6.2l4.7-.7z" fill="currentColor" />
              </svg>
            </label>
          ))}
        </div>
        {ratingError ? (
          <p id={`${id}-rating-error`} className={styles.ratingError}>
            {ratingError}
          </p>
        ) : null}
      </fieldset>
      <TextAreaField
        label={t.reviewComment}
        rows={3}
        maxLength={TEXT_LIMITS.reviewComment}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
      />
      <div>
        <Button type="submit" variant="secondary" loading={loading}>
          {t.reviewSubmit}
        </Button>
      </div>
    </form>
  );
}
