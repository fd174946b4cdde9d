import { useQuery } from '@popote/graphql';
import { formatLongDateTime, formatPrice, fr, MEAL_PLACEHOLDER_SRC, Section } from '@popote/ui';
import { frBrowse } from '@popote/ui/fr-browse';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from '@popote/router';
import { BackLink } from '../../components/back-link';
import { ChipList } from '../../components/chip-list';
import { ItemPage } from '../../components/item-page';
import { Rating } from '../../components/rating';
import { DetailCartPanel, remainingFor } from '../cart/components/detail-cart-panel';
import { FavouriteButton } from '../follows/favourite-button';
import { FollowButton } from '../follows/follow-button';
import { ReportButton } from '../report/report-button';
import { useCart } from '../cart/use-cart';
import { allergenLabel, categoryLabel } from '@popote/rules';
import { MealDocument } from './graphql/meal.query.generated';
import type { MealDetail } from './graphql/meal.query';
import styles from './meal-detail-page.module.css';

const t = frBrowse.mealDetail;

export function MealDetailPage() {
  const { mealId = '' } = useParams();
  const { data, error, refetch } = useQuery(MealDocument, {
    variables: { meal_id: mealId },
    // Portions change with orders: show the cached meal at once, then refresh it.
    requestPolicy: 'cache-and-network',
  });

  return (
    <ItemPage item={data?.meal} error={error} refetch={refetch} texts={t}>
      {(meal) => <MealView meal={meal} />}
    </ItemPage>
  );
}

function MealView({ meal }: { meal: MealDetail }) {
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  const src = meal.image_url || meal.image_card_url;
  const picture = src && src !== brokenSrc ? src : MEAL_PLACEHOLDER_SRC;
  const soldOut = meal.portions_available <= 0;
  // The remaining portions are the stock minus what is already in the cart.
  const { quantityOf } = useCart();
  const remaining = remainingFor(meal.portions_available, quantityOf(meal.meal_id));
  const facts: Array<{ term: string; value: ReactNode; className?: string }> = [
    { term: t.preparation, value: t.minutes(meal.preparation_time) },
    {
      term: t.portions,
      value: remaining <= 0 ? t.soldOut : t.portionsLeft(remaining),
      className: remaining <= 0 ? styles.soldOutText : undefined,
    },
    { term: t.rating, value: <Rating average={meal.rating_average} reviews={meal.rating_count} /> },
    { term: t.availableFrom, value: formatLongDateTime(meal.available_date) },
  ];
  const extras = [
    { title: t.cookingDetails, text: meal.cooking_details },
    { title: t.servingSuggestions, text: meal.serving_suggestions },
    { title: t.dietaryInfo, text: meal.dietary_info },
    { title: t.storageInstructions, text: meal.storage_instructions },
  ].filter((extra) => extra.text.trim() !== '');

  return (
    <div className="pp-page">
      <title>{`${meal.name} · ${fr.brand}`}</title>
      <BackLink to="/meals" className={styles.back}>
        {t.back}
      </BackLink>
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
          <div className={styles.heart}>
            <FavouriteButton meal={meal} />
          </div>
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
          <FollowButton cookId={meal.cook_id} cookName={meal.cook_name} className={styles.follow} />
          <p className={styles.price}>{formatPrice(meal.price_cents)}</p>

          <DetailCartPanel meal={meal} />

          <dl className={styles.facts}>
            {facts.map((fact) => (
              <div key={fact.term} className={styles.fact}>
                <dt>{fact.term}</dt>
                <dd className={fact.className}>{fact.value}</dd>
              </div>
            ))}
          </dl>

          <Block id="meal-description" title={t.description}>
            <p className={styles.description}>{meal.description}</p>
          </Block>

          <Block id="meal-ingredients" title={t.ingredients}>
            <ChipList items={meal.ingredients} className={styles.chips} chipClassName={styles.chip} />
          </Block>

          <Block id="meal-allergens" title={t.allergens}>
            {meal.allergens.length > 0 ? (
              <ChipList
                items={meal.allergens.map(allergenLabel)}
                className={styles.chips}
                chipClassName={`${styles.chip} ${styles.allergen}`}
              />
            ) : (
              <p className={styles.muted}>{t.noAllergens}</p>
            )}
          </Block>

          <ReportButton subject={{ kind: 'meal', id: meal.meal_id, label: meal.name }} ownerId={meal.cook_id} className={styles.report} />
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

function Block({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Section titleId={id} title={title} classNames={{ section: styles.block, title: styles.blockTitle }}>
      {children}
    </Section>
  );
}
