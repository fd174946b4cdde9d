import { useQuery } from '@popote/graphql';
import { buttonClassName, formatLongDateTime, formatPrice, fr, MEAL_PLACEHOLDER_SRC, NotFound, QueryState } from '@popote/ui';
import { frBrowse } from '@popote/ui/fr-browse';
import { useState } from 'react';
import { Link, useParams } from '@popote/router';
import { Rating } from '../../components/rating';
import { DetailCartPanel, remainingFor } from '../cart/components/detail-cart-panel';
import { useCart } from '../cart/use-cart';
import { allergenLabel, categoryLabel } from '@popote/rules';
import { MEAL_QUERY, type MealDetail } from './graphql/meal.query';
import styles from './meal-detail-page.module.css';

const t = frBrowse.mealDetail;

export function MealDetailPage() {
  const { mealId = '' } = useParams();
  const { data, error, refetch } = useQuery(MEAL_QUERY, {
    variables: { meal_id: mealId },
    // Portions change with orders: show the cached meal at once, then refresh it.
    requestPolicy: 'cache-and-network',
  });

  if (data?.meal) return <MealView meal={data.meal} />;

  if (data && data.meal === null) {
    return (
      <NotFound
        title={t.notFoundTitle}
        message={t.notFoundBody}
        actions={
          <Link to="/meals" className={buttonClassName({ variant: 'primary' })}>
            {t.browseMeals}
          </Link>
        }
      />
    );
  }

  return <QueryState page error={error} errorMessage={t.loadError} onRetry={refetch} loadingLabel={t.loading} />;
}

function MealView({ meal }: { meal: MealDetail }) {
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  const src = meal.image_url || meal.image_card_url;
  const picture = src && src !== brokenSrc ? src : MEAL_PLACEHOLDER_SRC;
  const soldOut = meal.portions_available <= 0;
  // Spec §2: the remaining portions are the stock minus what is already in the cart.
  const { quantityOf } = useCart();
  const remaining = remainingFor(meal.portions_available, quantityOf(meal.meal_id));
  const extras = [
    { title: t.cookingDetails, text: meal.cooking_details },
    { title: t.servingSuggestions, text: meal.serving_suggestions },
    { title: t.dietaryInfo, text: meal.dietary_info },
    { title: t.storageInstructions, text: meal.storage_instructions },
  ].filter((extra) => extra.text.trim() !== '');

  return (
    <div className="pp-page">
      <title>{`${meal.name} · ${fr.brand}`}</title>
      <Link to="/meals" className={styles.back}>
        <span aria-hidden="true">← </span>
        {t.back}
      </Link>
      <article className={styles.layout} aria-labelledby="meal-title">
        <div className={styles.media}>
          <img
            className={styles.picture}
            src={picture}
            alt={t.pictureAlt(meal.name)}
            width={800}
            height={600}
            onError={() => {
              if (src) setBrokenSrc(src);
            }}
          />
          {soldOut ? <span className={styles.soldOutBadge}>{t.soldOut}</span> : null}
        </div>

        <div className={styles.summary}>
          <p className={styles.category}>{categoryLabel(meal.category)}</p>
          <h1 id="meal-title" className={styles.title}>
            {meal.name}
          </h1>
          <p className={styles.cook}>
            {t.byCook}{' '}
            <Link to={`/cook/${encodeURIComponent(meal.cook_id)}`} className={styles.cookLink}>
              {meal.cook_name}
            </Link>
          </p>
          <p className={styles.price}>{formatPrice(meal.price_cents)}</p>

          <DetailCartPanel meal={meal} />

          <dl className={styles.facts}>
            <div className={styles.fact}>
              <dt>{t.preparation}</dt>
              <dd>{t.minutes(meal.preparation_time)}</dd>
            </div>
            <div className={styles.fact}>
              <dt>{t.portions}</dt>
              <dd className={remaining <= 0 ? styles.soldOutText : undefined}>{remaining <= 0 ? t.soldOut : t.portionsLeft(remaining)}</dd>
            </div>
            <div className={styles.fact}>
              <dt>{t.rating}</dt>
              <dd>
                <Rating average={meal.rating_average} reviews={meal.rating_count} />
              </dd>
            </div>
            <div className={styles.fact}>
              <dt>{t.availableFrom}</dt>
              <dd>{formatLongDateTime(meal.available_date)}</dd>
            </div>
          </dl>

          <section className={styles.block} aria-labelledby="meal-description">
            <h2 id="meal-description" className={styles.blockTitle}>
              {t.description}
            </h2>
            <p className={styles.description}>{meal.description}</p>
          </section>

          <section className={styles.block} aria-labelledby="meal-ingredients">
            <h2 id="meal-ingredients" className={styles.blockTitle}>
              {t.ingredients}
            </h2>
            <ul className={styles.chips}>
              {meal.ingredients.map((ingredient) => (
                <li key={ingredient} className={styles.chip}>
                  {ingredient}
                </li>
              ))}
            </ul>
          </section>

          <section className={styles.block} aria-labelledby="meal-allergens">
            <h2 id="meal-allergens" className={styles.blockTitle}>
              {t.allergens}
            </h2>
            {meal.allergens.length > 0 ? (
              <ul className={styles.chips}>
                {meal.allergens.map((allergen) => (
                  <li key={allergen} className={`${styles.chip} ${styles.allergen}`}>
                    {allergenLabel(allergen)}
                  </li>
                ))}
              </ul>
            ) : (
              <p className={styles.muted}>{t.noAllergens}</p>
            )}
          </section>
        </div>
      </article>

      {extras.length > 0 ? (
        <div className={styles.extras}>
          {extras.map((extra, index) => (
            <section key={extra.title} className={styles.extra} aria-labelledby={`meal-extra-${index}`}>
              <h2 id={`meal-extra-${index}`} className={styles.blockTitle}>
                {extra.title}
              </h2>
              <p className={styles.extraText}>{extra.text}</p>
            </section>
          ))}
        </div>
      ) : null}
    </div>
  );
}
