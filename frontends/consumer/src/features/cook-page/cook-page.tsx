import { useQuery } from '@popote/graphql';
import { Avatar, fr, formatDistance, useBuyerCommune } from '@popote/ui';
import { frBrowse } from '@popote/ui/fr-browse';
import { useParams } from '@popote/router';
import { ChipList } from '../../components/chip-list';
import { MealGrid } from '../../components/meal-grid';
import { ItemPage } from '../../components/item-page';
import { MealsNotice } from '../../components/meals-link';
import { Rating } from '../../components/rating';
import { FollowButton } from '../follows/follow-button';
import { ReportButton } from '../report/report-button';
import { CookReviews } from './cook-reviews';
import { CookDocument } from './graphql/cook.query.generated';
import type { CookPageData } from './graphql/cook.query';
import styles from './cook-page.module.css';
import { SellerInfo, VerifiedSellerBadge } from './seller-info';

const t = frBrowse.cookPage;

/** /cook/:cookId — who the cook is, and the meals they still have portions of. */
export function CookPage() {
  const { cookId = '' } = useParams();
  const commune = useBuyerCommune();
  const { data, error, refetch } = useQuery(CookDocument, {
    variables: { cook_id: cookId, near: commune?.code ?? null },
    requestPolicy: 'cache-and-network',
  });

  return (
    <ItemPage item={data?.cook} error={error} refetch={refetch} texts={t}>
      {(cook) => <CookView cook={cook} />}
    </ItemPage>
  );
}

function CookView({ cook }: { cook: CookPageData }) {
  const available = cook.meals.filter((meal) => meal.portions_available > 0);
  // Every dish of a cook is picked up at the same place: its commune and distance, once.
  const pickup = cook.meals.find((meal) => meal.cook_commune);
  return (
    <div className="pp-page">
      <title>{`${cook.name} · ${fr.brand}`}</title>
      <header className={styles.header}>
        <Avatar name={cook.name} src={cook.avatar_url} alt={t.avatarAlt(cook.name)} size="lg" />
        <div className={styles.identity}>
          <h1 className={styles.name}>{cook.name}</h1>
          <p className={styles.username}>@{cook.username}</p>
          {cook.verified_seller ? <VerifiedSellerBadge /> : null}
          {cook.location ? (
            <p className={styles.location}>
              <PinIcon />
              {cook.location}
            </p>
          ) : null}
          {pickup?.cook_commune ? (
            <p className={styles.location} data-testid="cook-pickup">
              {fr.near.pickupCommune(pickup.cook_commune)}
              {typeof pickup.distance_m === 'number' ? ` · ${formatDistance(pickup.distance_m)}` : ''}
            </p>
          ) : null}
          <p className={styles.rating}>
            <span className="pp-visually-hidden">{`${t.rating} : `}</span>
            <Rating average={cook.rating_average} reviews={cook.total_reviews} />
          </p>
          <FollowButton cookId={cook.cook_id} cookName={cook.name} />
          <ReportButton subject={{ kind: 'cook', id: cook.cook_id, label: cook.name }} ownerId={cook.cook_id} className={styles.report} />
        </div>
      </header>

      <div className={styles.about}>
        <p className={cook.bio ? styles.bio : styles.muted}>{cook.bio || t.noBio}</p>
        <ChipSection id="cook-specialties" title={t.specialties} items={cook.specialties} chipClassName={styles.chip} />
        <ChipSection
          id="cook-days"
          title={t.availabilityDays}
          items={cook.availability_days}
          chipClassName={`${styles.chip} ${styles.day}`}
        />
      </div>

      {cook.seller ? <SellerInfo seller={cook.seller} /> : null}

      <section className={styles.meals} aria-labelledby="cook-meals">
        <h2 id="cook-meals" className={styles.mealsTitle}>
          {t.mealsTitle(cook.name)}
        </h2>
        {available.length > 0 ? (
          <MealGrid meals={available} headingLevel="h3" />
        ) : (
          <MealsNotice message={t.noMeals} linkLabel={frBrowse.mealDetail.browseMeals} />
        )}
      </section>

      <CookReviews cookId={cook.cook_id} />
    </div>
  );
}

/** A titled list of chips (nothing when the list is empty). */
function ChipSection({ id, title, items, chipClassName }: { id: string; title: string; items: readonly string[]; chipClassName?: string }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className={styles.smallTitle}>
        {title}
      </h2>
      <ChipList items={items} className={styles.chips} chipClassName={chipClassName} />
    </section>
  );
}

function PinIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z" />
      <circle cx="12" cy="9.5" r="2.5" />
    </svg>
  );
}
