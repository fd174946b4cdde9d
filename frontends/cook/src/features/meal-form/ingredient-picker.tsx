import { FieldMessages, fieldDescribedBy, TextField } from '@popote/ui';
import { useId, useMemo, useState } from 'react';
import { INGREDIENTS, MAX_INGREDIENTS, type Ingredient } from '@popote/rules';
import { Chips, toggled } from './choice-chips';
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

  return (
    <fieldset
      className={styles.fieldset}
      aria-describedby={fieldDescribedBy(id, undefined, error, `${id}-count`)}
      aria-invalid={error ? true : undefined}
      onBlur={onBlur}
    >
      <legend className={styles.legend}>{t.ingredients}</legend>
      <div className={styles.pickerTop}>
        <TextField
          id={`${id}-search`}
          label={t.ingredientsSearch}
          hideLabel
          type="search"
          className={styles.search}
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
        <Chips
          options={shown}
          chosen={chosen}
          disabledOf={(_, checked) => disabled || (!checked && full)}
          // Kept in the list's order, whatever the clicking order.
          onToggle={(ingredient, checked) => onChange(toggled(INGREDIENTS, chosen, ingredient, checked))}
        />
      ) : (
        <p className={styles.hint}>{t.ingredientsNoMatch}</p>
      )}
      <FieldMessages id={id} error={error} />
    </fieldset>
  );
}
