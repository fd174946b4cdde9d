import { Avatar } from '@popote/ui';
import { useId } from 'react';
import { Link } from '@popote/router';
import { ChipList } from '../../../components/chip-list';
import { Rating } from '../../../components/rating';
import type { PopularCook } from '../graphql/home.queries';
import styles from './cook-card.module.css';

/** A popular cook on the home page; the whole card opens /cook/:cook_id. */
export function CookCard({ cook }: { cook: PopularCook }) {
  const titleId = useId();
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <Avatar name={cook.name} src={cook.avatar_url} size="md" />
      <div className={styles.body}>
        <h3 id={titleId} className={styles.name}>
          <Link to={`/cook/${encodeURIComponent(cook.cook_id)}`} className={styles.link}>
            {cook.name}
          </Link>
        </h3>
        <p className={styles.username}>@{cook.username}</p>
        {cook.location ? <p className={styles.location}>{cook.location}</p> : null}
        <Rating average={cook.rating_average} reviews={cook.total_reviews} />
        {cook.specialties.length > 0 ? <ChipList items={cook.specialties.slice(0, 3)} className={styles.specialties} /> : null}
      </div>
    </article>
  );
}
