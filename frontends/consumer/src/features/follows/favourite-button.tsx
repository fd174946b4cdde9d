import { readApiError, useAuth } from '@popote/auth';
import { useMutation } from '@popote/graphql';
import { toast } from '@popote/ui';
import { SetFavouriteDocument } from './graphql/follows.generated';
import { followsFr as t } from './texts';
import styles from './favourite-button.module.css';

export interface FavouriteButtonProps {
  meal: { meal_id: string; name: string; is_favourite: boolean | null };
  className?: string;
}

/**
 * The heart of a dish (cards, detail), for a signed-in person: pressed when the dish is one of
 * their favourites. Hidden for a visitor (favourites are a signed-in person's) and while the
 * favourites cannot be read (`is_favourite` null). The answer lands on the cached Meal: every card
 * and the detail of that dish follow at once.
 */
export function FavouriteButton({ meal, className }: FavouriteButtonProps) {
  const auth = useAuth();
  const [setFavourite, { loading }] = useMutation(SetFavouriteDocument);
  if (auth.status !== 'signed-in' || meal.is_favourite === null) return null;
  const pressed = meal.is_favourite;

  const toggle = async () => {
    if (loading) return;
    try {
      await setFavourite({ variables: { meal_id: meal.meal_id, favourite: !pressed } });
      toast.success(pressed ? t.favouriteRemoved(meal.name) : t.favouriteAdded(meal.name), { id: 'favourite-result' });
    } catch (err) {
      toast.error(readApiError(err).message ?? t.error, { id: 'favourite-result' });
    }
  };

  return (
    <button
      type="button"
      className={`${styles.heart} ${className ?? ''}`}
      aria-pressed={pressed}
      aria-label={pressed ? t.removeFavourite : t.addFavourite}
      aria-busy={loading || undefined}
      title={pressed ? t.removeFavourite : t.addFavourite}
      onClick={() => void toggle()}
    >
      <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true">
        <path
          d="M12 20.5s-7.5-4.6-9.3-9.4C1.4 7.6 3.6 4 7.2 4c2 0 3.6 1.1 4.8 2.8C13.2 5.1 14.8 4 16.8 4c3.6 0 5.8 3.6 4.5 7.1-1.8 4.8-9.3 9.4-9.3 9.4z"
          fill={pressed ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
