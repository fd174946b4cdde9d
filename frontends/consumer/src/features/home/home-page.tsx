import { useAuth } from '@popote/auth';
import { useQuery } from '@popote/graphql';
import { buttonClassName, fr, Notice, RetryNotice, useBuyerCommune } from '@popote/ui';
import { frBrowse } from '@popote/ui/fr-browse';
import type { ReactNode } from 'react';
import { Link } from '@popote/router';
import { MealGrid } from '../../components/meal-grid';
import { MealsNotice } from '../../components/meals-link';
import { SkeletonCards } from '../../components/skeleton-cards';
import { ADS, LIMITS } from '@popote/rules';
import { SponsoredCard } from '../ads/sponsored-card';
import { useSponsoredMeal } from '../ads/use-sponsored-meal';
import { CookCard } from './components/cook-card';
import { FeaturedMealsDocument, PopularCooksDocument } from './graphql/home.queries.generated';
import styles from './home-page.module.css';

/**
 * Home (/): hero, featured meals, how it works, popular cooks. The two lists
 * load on their own: one failing leaves the other (and the rest of the page) usable.
 */
export function HomePage() {
  return (
    <>
      <title>{`${fr.brand} · ${frBrowse.home.title}`}</title>
      <Hero />
      <div className={styles.sections}>
        <FeaturedMeals />
        <HowItWorks />
        <PopularCooks />
      </div>
    </>
  );
}

/**
 * "Devenir cuisinier": the sign-up with 'Vendre des repas' chosen for visitors,
 * the profile's role switch for signed-in consumers; cooks get their dashboard.
 */
function useBecomeCookLink(): { to: string; label: string } {
  const auth = useAuth();
  if (auth.status !== 'signed-in') return { to: '/auth?mode=inscription&type=cook', label: frBrowse.home.becomeCook };
  return auth.isCook ? { to: '/cook/dashboard', label: fr.nav.dashboard } : { to: '/profile', label: frBrowse.home.becomeCook };
}

function Hero() {
  const becomeCook = useBecomeCookLink();
  return (
    <section className={styles.hero}>
      <div className={styles.heroInner}>
        <h1 className={styles.heroTitle}>{frBrowse.home.title}</h1>
        <p className={styles.heroLead}>{frBrowse.home.lead}</p>
        <div className={styles.heroActions}>
          <Link to="/meals" className={buttonClassName({ variant: 'primary', size: 'lg' })}>
            {frBrowse.home.exploreMeals}
          </Link>
          <Link to={becomeCook.to} className={buttonClassName({ variant: 'outline', size: 'lg' })}>
            {becomeCook.label}
          </Link>
        </div>
      </div>
    </section>
  );
}

function Section({
  id,
  title,
  lead,
  aside,
  children,
}: {
  id: string;
  title: string;
  lead?: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <div className={styles.sectionHeader}>
        <div>
          <h2 id={id} className={styles.sectionTitle}>
            {title}
          </h2>
          {lead ? <p className={styles.sectionLead}>{lead}</p> : null}
        </div>
        {aside}
      </div>
      {children}
    </section>
  );
}

function FeaturedMeals() {
  // With the buyer's commune (kept in this browser), the cards say how far each cook is.
  const commune = useBuyerCommune();
  const { data, error, refetch } = useQuery(FeaturedMealsDocument, {
    variables: { near: commune?.code ?? null },
    // Portions change with every order: show what is cached, then refresh.
    requestPolicy: 'cache-and-network',
  });
  const meals = data?.featuredMeals.slice(0, LIMITS.featuredMeals);
  // Its own request, never waited for: it joins the featured meals' grid, after them, when it comes.
  const sponsored = useSponsoredMeal();
  const viewAll = (
    <Link to="/meals" className={styles.viewAll}>
      {frBrowse.home.viewAll}
      <span aria-hidden="true"> →</span>
    </Link>
  );

  let content: ReactNode;
  if (meals && meals.length > 0) {
    // Home featured cards show 'Plus que N' under 5 portions.
    const lowStockThreshold = LIMITS.lowStockFeatured - 1;
    content = (
      <MealGrid
        meals={meals}
        headingLevel="h3"
        layout="three"
        lowStockThreshold={lowStockThreshold}
        eagerImages={3}
        extra={
          sponsored
            ? {
                key: `sponsored-${sponsored.campaign_id}`,
                // After the featured meals, within the page's first six cards.
                index: Math.min(meals.length, ADS.firstCards - 1),
                render: (imageLoading) => (
                  <SponsoredCard
                    sponsored={sponsored}
                    headingLevel="h3"
                    lowStockThreshold={lowStockThreshold}
                    imageLoading={imageLoading}
                  />
                ),
              }
            : null
        }
      />
    );
  } else if (meals) {
    content = <MealsNotice message={frBrowse.home.featuredEmpty} linkLabel={frBrowse.home.browseAll} />;
  } else if (error) {
    content = <RetryNotice message={frBrowse.home.featuredError} onRetry={refetch} />;
  } else {
    content = <SkeletonCards count={LIMITS.featuredMeals} label={frBrowse.home.featuredLoading} />;
  }

  return (
    <Section id="plats-a-la-une" title={frBrowse.home.featuredTitle} lead={frBrowse.home.featuredLead} aside={viewAll}>
      {content}
    </Section>
  );
}

const STEP_ICONS = [
  // Find: a map pin.
  <path key="pin" d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21zm0-8.5a3 3 0 1 0 0-6 3 3 0 0 0 0 6z" />,
  // Order: a bag.
  <path key="bag" d="M6 8h12l-1 12H7L6 8zm3 0V6a3 3 0 0 1 6 0v2" />,
  // Enjoy: a steaming plate.
  <path key="plate" d="M3 15h18M5 15a7 7 0 0 1 14 0M12 8V6M9 4.5c0 1 1 1 1 2M14 4.5c0 1 1 1 1 2M4 18h16" />,
];

function HowItWorks() {
  return (
    <Section id="comment-ca-marche" title={frBrowse.home.howTitle}>
      <ol className={styles.steps}>
        {frBrowse.home.steps.map((step, index) => (
          <li key={step.title} className={styles.step}>
            <span className={styles.stepIcon} aria-hidden="true">
              <svg
                viewBox="0 0 24 24"
                width="28"
                height="28"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                {STEP_ICONS[index]}
              </svg>
            </span>
            <span className={styles.stepNumber} aria-hidden="true">
              {index + 1}
            </span>
            <h3 className={styles.stepTitle}>{step.title}</h3>
            <p className={styles.stepBody}>{step.body}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}

function PopularCooks() {
  const { data, error, refetch } = useQuery(PopularCooksDocument, {
    requestPolicy: 'cache-and-network',
  });
  const cooks = data?.popularCooks.slice(0, LIMITS.popularCooks);

  let content: ReactNode;
  if (cooks && cooks.length > 0) {
    content = (
      <ul className={styles.cooks}>
        {cooks.map((cook) => (
          <li key={cook.cook_id}>
            <CookCard cook={cook} />
          </li>
        ))}
      </ul>
    );
  } else if (cooks) {
    content = <Notice message={frBrowse.home.cooksEmpty} />;
  } else if (error) {
    content = <RetryNotice message={frBrowse.home.cooksError} onRetry={refetch} />;
  } else {
    content = <SkeletonCards count={LIMITS.popularCooks} label={frBrowse.home.cooksLoading} shape="cook" />;
  }

  return (
    <Section id="cuisiniers-populaires" title={frBrowse.home.cooksTitle}>
      {content}
    </Section>
  );
}
