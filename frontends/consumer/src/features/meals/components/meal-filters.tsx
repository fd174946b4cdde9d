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
  type Availability,
  type Category,
  type PriceRange,
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

        <fieldset className={styles.group}>
          <legend className={styles.legend}>{t.price}</legend>
          <Choice
            name={`${id}-price`}
            label={t.anyPrice}
            checked={filters.priceRange === null}
            onSelect={() => onChange({ ...filters, priceRange: null })}
          />
          {PRICE_RANGES.map((range: PriceRange) => (
            <Choice
              key={range}
              name={`${id}-price`}
              label={t.priceRanges[range]}
              checked={filters.priceRange === range}
              onSelect={() => onChange({ ...filters, priceRange: range })}
            />
          ))}
        </fieldset>

        <fieldset className={styles.group}>
          <legend className={styles.legend}>{t.availability}</legend>
          <Choice
            name={`${id}-availability`}
            label={t.anyAvailability}
            checked={filters.availability === null}
            onSelect={() => onChange({ ...filters, availability: null })}
          />
          {AVAILABILITY.map((availability: Availability) => (
            <Choice
              key={availability}
              name={`${id}-availability`}
              label={t.availabilities[availability]}
              checked={filters.availability === availability}
              onSelect={() => onChange({ ...filters, availability })}
            />
          ))}
        </fieldset>

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
