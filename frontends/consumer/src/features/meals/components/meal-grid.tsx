import { MealCard } from '@popote/ui';
import type { MealListItem } from '../graphql/meals.query';
import styles from './meal-grid.module.css';

/** Cards in the first rows load their picture at once; the others when scrolled to. */
const EAGER_IMAGES = 4;

export function MealGrid({ meals }: { meals: readonly MealListItem[] }) {
  return (
    <ul className={styles.grid}>
      {meals.map((meal, index) => (
        <li key={meal.meal_id} className={styles.item}>
          <MealCard meal={meal} headingLevel="h2" imageLoading={index < EAGER_IMAGES ? 'eager' : 'lazy'} />
        </li>
      ))}
    </ul>
  );
}
