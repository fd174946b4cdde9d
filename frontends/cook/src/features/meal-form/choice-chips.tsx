import { FieldMessages, fieldDescribedBy } from '@popote/ui';
import type { ReactNode } from 'react';
import { useId } from 'react';
import styles from './meal-form.module.css';

/** `chosen` with `option` checked or not, in the order of `options` (whatever the clicking order). */
export function toggled<T extends string>(options: readonly T[], chosen: ReadonlySet<T>, option: T, checked: boolean): T[] {
  const next = new Set(chosen);
  if (checked) next.add(option);
  else next.delete(option);
  return options.filter((item) => next.has(item));
}

export interface ChipsProps<T extends string> {
  options: readonly T[];
  chosen: ReadonlySet<T>;
  labelOf?: (option: T) => string;
  /** Whether an option's checkbox is disabled (all of them while the form is locked). */
  disabledOf: (option: T, checked: boolean) => boolean;
  onToggle: (option: T, checked: boolean) => void;
}

/** Checkable chips, the checked ones highlighted. */
export function Chips<T extends string>({ options, chosen, labelOf = (option) => option, disabledOf, onToggle }: ChipsProps<T>) {
  return (
    <div className={styles.chips}>
      {options.map((option) => {
        const checked = chosen.has(option);
        return (
          <label key={option} className={`${styles.chip} ${checked ? styles.chipOn : ''}`}>
            <input
              type="checkbox"
              checked={checked}
              disabled={disabledOf(option, checked)}
              onChange={(event) => onToggle(option, event.target.checked)}
            />
            <span>{labelOf(option)}</span>
          </label>
        );
      })}
    </div>
  );
}

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
  return (
    <fieldset className={styles.fieldset} aria-describedby={fieldDescribedBy(id, hint, error)}>
      <legend className={styles.legend}>{legend}</legend>
      <FieldMessages id={id} hint={hint} />
      <Chips
        options={options}
        chosen={chosen}
        labelOf={labelOf}
        disabledOf={() => disabled}
        onToggle={(option, checked) => onChange(toggled(options, chosen, option, checked))}
      />
      <FieldMessages id={id} error={error} />
    </fieldset>
  );
}
