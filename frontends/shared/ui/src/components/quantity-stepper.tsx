import { fr } from '@popote/ui/fr';
import styles from './quantity-stepper.module.css';

export interface QuantityStepperProps {
  value: number;
  /** The minus button is disabled at this value (unless `removeAtMin`). */
  min?: number;
  /** The plus button is disabled at this value (the stock). */
  max: number;
  onChange: (next: number) => void;
  /** Names the group for screen readers, e.g. 'Quantité de Tajine'. */
  label: string;
  /** While true both buttons are disabled (a request is under way). */
  busy?: boolean;
  /** Minus at `min` is allowed and asks for `min - 1` (a card's stepper removes the line at 0). */
  removeAtMin?: boolean;
  size?: 'sm' | 'md';
}

/** − quantity + ; the plus button is disabled at `max`. */
export function QuantityStepper({
  value,
  min = 1,
  max,
  onChange,
  label,
  busy = false,
  removeAtMin = false,
  size = 'md',
}: QuantityStepperProps) {
  const canDecrease = !busy && (removeAtMin ? value > 0 : value > min);
  const canIncrease = !busy && value < max;
  return (
    <div role="group" aria-label={label} aria-busy={busy || undefined} className={`${styles.stepper} ${styles[size]}`}>
      <button
        type="button"
        className={styles.button}
        aria-label={fr.cart.decrease}
        disabled={!canDecrease}
        onClick={() => onChange(value - 1)}
      >
        <span aria-hidden="true">−</span>
      </button>
      <output className={styles.value} aria-live="polite">
        <span className="pp-visually-hidden">{`${fr.cart.quantity} : `}</span>
        {value}
      </output>
      <button
        type="button"
        className={styles.button}
        aria-label={fr.cart.increase}
        disabled={!canIncrease}
        onClick={() => onChange(value + 1)}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}
