import { useMutation } from '@popote/graphql';
import { AD_TEXTS } from '@popote/rules';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { GridMealCard } from '../../components/meal-grid';
import { RecordSponsoredClickDocument, RecordSponsoredDisplayDocument } from './graphql/sponsored.mutations.generated';
import type { SponsoredMealData } from './use-sponsored-meal';
import { useSeen } from './use-seen';
import styles from './sponsored-card.module.css';

export interface SponsoredCardProps {
  sponsored: SponsoredMealData;
  /** As the grid's other cards (MealGrid's default: h2). */
  headingLevel?: 'h2' | 'h3';
  lowStockThreshold?: number;
  imageLoading?: 'eager' | 'lazy';
}

/** A measurement lost is not the visitor's business: nothing is shown, nothing retried. */
const ignore = () => undefined;

/**
 * The sponsored dish (ADR 0020): a meal card like the others, opening the dish's page,
 * with its 'Sponsorisé' label (the link's description) and 'Pourquoi ce plat ?'. Reports one
 * display per mount once half of it was on screen for ADS.visibleMs, and each opening of its link,
 * without waiting for the answers. Never shown sold out.
 */
export function SponsoredCard({ sponsored, ...card }: SponsoredCardProps) {
  return sponsored.meal.portions_available > 0 ? <ShownSponsoredCard sponsored={sponsored} {...card} /> : null;
}

function ShownSponsoredCard({ sponsored, headingLevel = 'h2', ...card }: SponsoredCardProps) {
  const { campaign_id, advertiser_name, meal } = sponsored;
  const labelId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const [recordDisplay] = useMutation(RecordSponsoredDisplayDocument);
  const [recordClick] = useMutation(RecordSponsoredClickDocument);
  useSeen(ref, () => {
    recordDisplay({ variables: { campaign_id } }).catch(ignore);
  });
  const opened = () => {
    recordClick({ variables: { campaign_id } }).catch(ignore);
  };

  return (
    <div ref={ref} className={styles.sponsored} data-testid="sponsored-card">
      <GridMealCard
        {...card}
        meal={meal}
        headingLevel={headingLevel}
        // Never before the page's own pictures.
        imageFetchPriority="auto"
        badge={
          <span id={labelId} className={styles.label}>
            {AD_TEXTS.label}
          </span>
        }
        footer={<WhyThisDish advertiser={advertiser_name} />}
        linkProps={{
          'aria-describedby': labelId,
          onClick: opened,
          // The middle button opens it in a new tab.
          onAuxClick: (event) => {
            if (event.button === 1) opened();
          },
        }}
      />
    </div>
  );
}

/** 'Pourquoi ce plat ?': shows or hides who paid for the placement; Escape hides it. */
function WhyThisDish({ advertiser }: { advertiser: string }) {
  const [open, setOpen] = useState(false);
  const explanationId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation();
    setOpen(false);
    button.current?.focus();
  };
  return (
    // Escape, pressed on the button or in the explanation, closes it.
    <div className={styles.why} onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        className={styles.whyButton}
        aria-expanded={open}
        aria-controls={explanationId}
        onClick={() => setOpen(!open)}
      >
        {AD_TEXTS.why}
      </button>
      <p id={explanationId} className={styles.explanation} hidden={!open}>
        {AD_TEXTS.explanation(advertiser)}
      </p>
    </div>
  );
}
