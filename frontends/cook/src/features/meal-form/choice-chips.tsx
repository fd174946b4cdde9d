import type { ReactNode } from 'react';
import { useId } from 'react';
import styles from './meal-form.module.css';

export interface ChoiceChipsProps<T extends string> {
  legend: ReactNode;
  hint?: ReactNode;
  options: readonly T[];
  labelOf: (value: T) => string;
  value: readonly T[];
  onChange: (next: T[]) => void;
  error?: string | undefined;
  disabled?: boolean;
}

/** A multiple choice among a fixed list, as checkable chips (the allergens). */
export function ChoiceChips<T extends string>({
  legend,
  hint,
  options,
  labelOf,
  value,
  onChange,
  error,
  disabled = false,
}: ChoiceChipsProps<T>) {
  const id = useId();
  const chosen = new Set(value);
  const toggle = (option: T, checked: boolean) => {
    const next = new Set(chosen);
    if (checked) next.add(option);
    else next.delete(option);
    onChange(options.filter((item) => next.has(item)));
  };
  return (
    <fieldset
      className={styles.fieldset}
      aria-describedby={[hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined}
    >
      <legend className={styles.legend}>{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <div className={styles.chips}>
        {options.map((option) => {
          const checked = chosen.has(option);
          return (
            <label key={option} className={`${styles.chip} ${checked ? styles.chipOn : ''}`}>
              <input
                type="checkbox"
                checked={checked}
                disabled={disabled}
                onChange={(event) => toggle(option, event.target.checked)}
              />
              <span>{labelOf(option)}</span>
            </label>
          );
        })}
      </div>
      {error ? (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
