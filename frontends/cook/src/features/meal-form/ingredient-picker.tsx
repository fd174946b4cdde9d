import { useId, useMemo, useState } from 'react';
import { INGREDIENTS, MAX_INGREDIENTS, type Ingredient } from '@popote/rules';
import styles from './meal-form.module.css';
import { frCook } from '@popote/ui/fr-cook';

const t = frCook.mealForm;

/** Lower-case and accent-free, so "oeuf" or "epinards" find "Œufs" and "Épinards". */
export function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/œ/g, 'oe')
    .replace(/Œ/g, 'OE')
    .toLowerCase()
    .trim();
}

export interface IngredientPickerProps {
  value: readonly Ingredient[];
  onChange: (next: Ingredient[]) => void;
  onBlur?: () => void;
  error?: string | undefined;
  disabled?: boolean;
}

/** The 44 ingredients as checkable chips, with a search box; at most 40 can be chosen. */
export function IngredientPicker({ value, onChange, onBlur, error, disabled = false }: IngredientPickerProps) {
  const id = useId();
  const [search, setSearch] = useState('');
  const chosen = useMemo(() => new Set(value), [value]);
  const full = chosen.size >= MAX_INGREDIENTS;
  const words = normalize(search);
  const shown = words ? INGREDIENTS.filter((ingredient) => normalize(ingredient).includes(words)) : INGREDIENTS;

  const toggle = (ingredient: Ingredient, checked: boolean) => {
    const next = new Set(chosen);
    if (checked) next.add(ingredient);
    else next.delete(ingredient);
    // Kept in the list's order, whatever the clicking order.
    onChange(INGREDIENTS.filter((item) => next.has(item)));
  };

  return (
    <fieldset
      className={styles.fieldset}
      aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
      aria-invalid={error ? true : undefined}
      onBlur={onBlur}
    >
      <legend className={styles.legend}>{t.ingredients}</legend>
      <div className={styles.pickerTop}>
        <label htmlFor={`${id}-search`} className="pp-visually-hidden">
          {t.ingredientsSearch}
        </label>
        <input
          id={`${id}-search`}
          type="search"
          className={styles.control}
          placeholder={t.ingredientsSearch}
          value={search}
          disabled={disabled}
          autoComplete="off"
          onChange={(event) => setSearch(event.target.value)}
        />
        <p id={`${id}-count`} className={styles.counter} aria-live="polite">
          {t.ingredientsCount(chosen.size, MAX_INGREDIENTS)}
        </p>
      </div>
      {shown.length > 0 ? (
        <div className={styles.chips}>
          {shown.map((ingredient) => {
            const checked = chosen.has(ingredient);
            return (
              <label key={ingredient} className={`${styles.chip} ${checked ? styles.chipOn : ''}`}>
                <input
                  type="checkbox"
                  checked={checked}
                  disabled={disabled || (!checked && full)}
                  onChange={(event) => toggle(ingredient, event.target.checked)}
                />
                <span>{ingredient}</span>
              </label>
            );
          })}
        </div>
      ) : (
        <p className={styles.hint}>{t.ingredientsNoMatch}</p>
      )}
      {error ? (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
