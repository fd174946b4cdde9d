import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { fr } from '@popote/ui/fr';
import fieldStyles from './field.module.css';
import styles from './commune-combobox.module.css';

/** A French commune as the BFF's `communes` query returns it. */
export interface CommuneOption {
  code: string;
  name: string;
  postcodes: string[];
  has_position: boolean;
}

export interface CommuneComboboxProps {
  label: string;
  /** Asks the BFF (the caller's query); its errors show as a message, not a crash. */
  search: (query: string) => Promise<CommuneOption[]>;
  onPick: (commune: CommuneOption) => void;
  hint?: string;
  error?: string;
  placeholder?: string;
  /** Communes without a known centre cannot be chosen (they cannot give distances). */
  needsPosition?: boolean;
  autoFocus?: boolean;
}

/**
 * Commune autocomplete (ARIA 1.2 combobox with a listbox): type the start of a name (accents
 * ignored) or of a postcode, choose with the mouse or the arrows and Enter.
 */
export function CommuneCombobox({
  label,
  search,
  onPick,
  hint,
  error,
  placeholder,
  needsPosition = true,
  autoFocus,
}: CommuneComboboxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState('');
  const [options, setOptions] = useState<CommuneOption[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [state, setState] = useState<'idle' | 'loading' | 'error'>('idle');
  const asked = useRef(0);
  const searchRef = useRef(search);
  searchRef.current = search;

  useEffect(() => {
    const query = text.trim();
    if (query.length < 2 && !/^\d$/.test(query)) {
      setOptions([]);
      setState('idle');
      return undefined;
    }
    const ticket = ++asked.current;
    setState('loading');
    const timer = setTimeout(() => {
      searchRef.current(query).then(
        (found) => {
          if (ticket !== asked.current) return;
          setOptions(found);
          setActive(found.length ? 0 : -1);
          setState('idle');
        },
        () => {
          if (ticket === asked.current) setState('error');
        },
      );
    }, 180);
    return () => clearTimeout(timer);
  }, [text]);

  const usable = (c: CommuneOption) => !needsPosition || c.has_position;
  const choose = (c: CommuneOption | undefined) => {
    if (!c || !usable(c)) return;
    onPick(c);
    setText('');
    setOptions([]);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(options.length - 1, i + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(0, i - 1));
    } else if (event.key === 'Enter') {
      if (open && options[active]) {
        event.preventDefault();
        choose(options[active]);
      }
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  const query = text.trim();
  const showList = open && query.length > 0;
  const errorId = error ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={`${fieldStyles.field} ${styles.root}`}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <input
        id={id}
        className={fieldStyles.control}
        type="text"
        role="combobox"
        autoComplete="off"
        autoFocus={autoFocus}
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && active >= 0 ? `${id}-opt-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        placeholder={placeholder ?? fr.near.placeholder}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={onKeyDown}
      />
      {showList ? (
        <ul id={listId} role="listbox" className={styles.list} aria-label={label}>
          {state === 'loading' && options.length === 0 ? <li className={styles.status}>{fr.near.searching}</li> : null}
          {state === 'error' ? <li className={styles.status}>{fr.near.searchError}</li> : null}
          {state === 'idle' && options.length === 0 ? (
            <li className={styles.status}>{query.length < 2 && !/^\d/.test(query) ? fr.near.typeMore : fr.near.noCommune}</li>
          ) : null}
          {options.map((c, i) => (
            <li
              key={c.code}
              id={`${id}-opt-${i}`}
              role="option"
              aria-selected={i === active}
              aria-disabled={!usable(c) || undefined}
              className={`${styles.option} ${i === active ? styles.active : ''}`}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(c)}
              onMouseEnter={() => setActive(i)}
            >
              <span>{c.name}</span>
              <span className={styles.postcodes}>
                {c.postcodes.slice(0, 3).join(', ')}
                {c.postcodes.length > 3 ? '…' : ''}
                {!usable(c) ? ` · ${fr.near.noPosition}` : ''}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {hint ? (
        <p id={hintId} className={fieldStyles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={fieldStyles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
