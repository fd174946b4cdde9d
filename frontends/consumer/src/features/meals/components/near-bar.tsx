import { useCommuneSearch } from '@popote/graphql';
import { Button, CommuneCombobox, fr, SelectField, saveBuyerCommune, type BuyerCommune } from '@popote/ui';
import { useState } from 'react';
import { RADII, type MealListFilters, type Radius } from '../filters';
import styles from './near-bar.module.css';

const t = fr.near;

/**
 * "Où êtes-vous ?": the buyer's commune (kept in this browser, sent as `near`), then the radius
 * and the order of the list. Signed in or not: nothing about the person goes to the server.
 */
export function NearBar({
  commune,
  filters,
  onChange,
}: {
  commune: BuyerCommune | null;
  filters: MealListFilters;
  onChange: (next: MealListFilters) => void;
}) {
  const search = useCommuneSearch();
  const [editing, setEditing] = useState(false);

  if (!commune || editing) {
    return (
      <section className={styles.prompt} aria-labelledby="near-prompt-title">
        <h2 id="near-prompt-title" className={styles.promptTitle}>
          {t.prompt}
        </h2>
        <p className={styles.help}>{t.promptHelp}</p>
        <div className={styles.pick}>
          <CommuneCombobox
            label={t.label}
            search={search}
            autoFocus={editing}
            onPick={(c) => {
              saveBuyerCommune({ code: c.code, name: c.name });
              setEditing(false);
            }}
          />
          {editing ? (
            <Button variant="outline" onClick={() => setEditing(false)}>
              {fr.common.cancel}
            </Button>
          ) : null}
        </div>
      </section>
    );
  }

  return (
    <section className={styles.bar} aria-label={t.near(commune.name)}>
      <p className={styles.where}>
        <strong data-testid="near-commune">{t.near(commune.name)}</strong>{' '}
        <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
          {t.change}
        </Button>
      </p>
      <div className={styles.controls}>
        <SelectField
          label={t.radius}
          value={filters.radius ? String(filters.radius) : ''}
          onChange={(e) => onChange({ ...filters, radius: e.target.value ? (Number(e.target.value) as Radius) : null })}
          options={RADII.map((km) => ({ value: km, label: t.radiusOption(km) }))}
        >
          <option value="">{t.anyRadius}</option>
        </SelectField>
        <SelectField
          label={t.sort}
          value={filters.sort}
          onChange={(e) => onChange({ ...filters, sort: e.target.value === 'distance' ? 'distance' : 'recent' })}
        >
          <option value="recent">{t.sortRecent}</option>
          <option value="distance">{t.sortDistance}</option>
        </SelectField>
      </div>
    </section>
  );
}
