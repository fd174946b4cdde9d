import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabsProps<K extends string> {
  /** The tabs, in order: `key` names the tab (its id), `label` is its button's text. */
  tabs: ReadonlyArray<{ key: K; label: ReactNode }>;
  selected: K;
  /** A click or a key chose a tab (a key also moves the focus to it). */
  onSelect: (key: K) => void;
  /** The tab list's accessible name. */
  label: string;
  /** ArrowUp / ArrowDown move like ArrowLeft / ArrowRight. */
  upDownKeys?: boolean;
  classNames: { list?: string; tab?: string; activeTab?: string; panel?: string };
  /** The selected tab's panel. */
  children: ReactNode;
}

/**
 * WAI-ARIA tabs: a tab list (one tab stop; arrows move between tabs and wrap, Home and End go to
 * the ends, the tab reached is selected) and the selected tab's panel, labelled by its tab.
 */
export function Tabs<K extends string>({ tabs, selected, onSelect, label, upDownKeys = false, classNames, children }: TabsProps<K>) {
  const id = useId();
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.key === selected);
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 };
    if (upDownKeys) Object.assign(moves, { ArrowDown: index + 1, ArrowUp: index - 1 });
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = (target + tabs.length) % tabs.length;
    const tab = tabs[next];
    if (!tab) return;
    onSelect(tab.key);
    buttons.current[next]?.focus();
  };

  return (
    <>
      <div role="tablist" aria-label={label} className={classNames.list} onKeyDown={onKeyDown}>
        {tabs.map((tab, index) => {
          const active = tab.key === selected;
          return (
            <button
              key={tab.key}
              ref={(element) => {
                buttons.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${tab.key}`}
              aria-selected={active}
              aria-controls={`${id}-panel`}
              tabIndex={active ? 0 : -1}
              className={classNames.activeTab ? `${classNames.tab ?? ''} ${active ? classNames.activeTab : ''}` : classNames.tab}
              onClick={() => onSelect(tab.key)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${selected}`} className={classNames.panel} tabIndex={0}>
        {children}
      </div>
    </>
  );
}
