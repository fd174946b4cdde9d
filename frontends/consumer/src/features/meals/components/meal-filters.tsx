import { Button, fr } from '@popote/ui';
import { useId, useState } from 'react';
import {
  ALLERGENS,
  AVAILABILITY,
  CATEGORIES,
  PRICE_RANGES,
  allergenLabel,
  categoryLabel,
  type Allergen,
  type Category,
} from '@popote/rules';
import { countActiveFilters, type MealListFilters } from '../filters';
import styles from './meal-filters.module.css';

export interface MealFiltersProps {
  filters: MealListFilters;
  onChange: (next: MealListFilters) => void;
}

const t = fr.meals.filters;

/**
 * The left-hand filters of /meals. Every change re-queries the server at once
 * (through the URL). Under 768 px the panel folds behind a 'Filtres' button.
 */
export function MealFilters({ filters, onChange }: MealFiltersProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const active = countActiveFilters(filters);

  const toggleAllergen = (allergen: Allergen, checked: boolean) => {
    const chosen = new Set(filters.withoutAllergens);
    if (checked) chosen.add(allergen);
    else chosen.delete(allergen);
    onChange({ ...filters, withoutAllergens: ALLERGENS.filter((a) => chosen.has(a)) });
  };

  return (
    <aside className={styles.filters} aria-labelledby={`${id}-title`}>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen((value) => !value)}
      >
        <FilterIcon />
        {t.toggle}
        {active > 0 ? <span className={styles.count}>{t.activeCount(active)}</span> : null}
      </button>
      <div id={`${id}-panel`} className={`${styles.panel} ${open ? styles.open : ''}`}>
        <h2 id={`${id}-title`} className={styles.title}>
          {t.title}
        </h2>

        <div className={styles.group}>
          <label htmlFor={`${id}-category`} className={styles.legend}>
            {t.category}
          </label>
          <select
            id={`${id}-category`}
            className={styles.select}
            value={filters.category ?? ''}
            onChange={(event) => onChange({ ...filters, category: (event.target.value || null) as Category | null })}
          >
            <option value="">{t.allCategories}</option>
            {CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {categoryLabel(category)}
              </option>
            ))}
          </select>
        </div>

        <OneOf
          name={`${id}-price`}
          legend={t.price}
          anyLabel={t.anyPrice}
          options={PRICE_RANGES}
          labelOf={(range) => t.priceRanges[range]}
          value={filters.priceRange}
          onChange={(priceRange) => onChange({ ...filters, priceRange })}
        />

        <OneOf
          name={`${id}-availability`}
          legend={t.availability}
          anyLabel={t.anyAvailability}
          options={AVAILABILITY}
          labelOf={(availability) => t.availabilities[availability]}
          value={filters.availability}
          onChange={(availability) => onChange({ ...filters, availability })}
        />

        <fieldset className={styles.group}>
          <legend className={styles.legend}>{t.withoutAllergens}</legend>
          <div className={styles.allergens}>
            {ALLERGENS.map((allergen) => (
              <label key={allergen} className={styles.choice}>
                <input
                  type="checkbox"
                  checked={filters.withoutAllergens.includes(allergen)}
                  onChange={(event) => toggleAllergen(allergen, event.target.checked)}
                />
                <span>{allergenLabel(allergen)}</span>
              </label>
            ))}
          </div>
        </fieldset>

        {active > 0 ? (
          <Button
            variant="outline"
            size="sm"
            fullWidth
            onClick={() => onChange({ ...filters, category: null, priceRange: null, availability: null, withoutAllergens: [] })}
          >
            {t.reset}
          </Button>
        ) : null}
      </div>
    </aside>
  );
}

interface OneOfProps<T extends string> {
  name: string;
  legend: string;
  /** The first choice: no filter ('Tous les prix'...). */
  anyLabel: string;
  options: readonly T[];
  labelOf: (option: T) => string;
  value: T | null;
  onChange: (value: T | null) => void;
}

/** One of a fixed list, or any: radio buttons under a legend. */
function OneOf<T extends string>({ name, legend, anyLabel, options, labelOf, value, onChange }: OneOfProps<T>) {
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{legend}</legend>
      {[null, ...options].map((option) => (
        <Choice
          key={option ?? ''}
          name={name}
          label={option === null ? anyLabel : labelOf(option)}
          checked={value === option}
          onSelect={() => onChange(option)}
        />
      ))}
    </fieldset>
  );
}

function Choice({ name, label, checked, onSelect }: { name: string; label: string; checked: boolean; onSelect: () => void }) {
  return (
    <label className={styles.choice}>
      <input type="radio" name={name} checked={checked} onChange={onSelect} />
      <span>{label}</span>
    </label>
  );
}

function FilterIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path d="M3 5h18M6 12h12M10 19h4" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}
