// @vitest-environment jsdom
import { act, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useReactTestRoot } from '../testing/react-root';
import { Tabs } from './tabs';

const TABS = [
  { key: 'a', label: 'Premier' },
  { key: 'b', label: 'Deuxième' },
  { key: 'c', label: 'Troisième' },
] as const;
type Key = (typeof TABS)[number]['key'];

function Example({ upDownKeys = false }: { upDownKeys?: boolean }) {
  const [selected, setSelected] = useState<Key>('a');
  return (
    <Tabs
      tabs={TABS}
      selected={selected}
      onSelect={setSelected}
      label="Exemple"
      upDownKeys={upDownKeys}
      classNames={{ tab: 't', activeTab: 'on' }}
    >
      <p>Panneau {selected}</p>
    </Tabs>
  );
}

const dom = useReactTestRoot();
const tabs = () => [...dom.container.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
const panel = () => dom.container.querySelector('[role="tabpanel"]')!;
const press = (key: string) =>
  act(() => {
    (document.activeElement ?? document.body).dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
  });

describe('Tabs', () => {
  it('is a named tab list with one tab stop, and a panel labelled by the selected tab', () => {
    act(() => dom.root.render(<Example />));
    expect(dom.container.querySelector('[role="tablist"]')?.getAttribute('aria-label')).toBe('Exemple');
    expect(tabs().map((tab) => [tab.tabIndex, tab.getAttribute('aria-selected'), tab.className])).toEqual([
      [0, 'true', 't on'],
      [-1, 'false', 't '],
      [-1, 'false', 't '],
    ]);
    expect(panel().getAttribute('aria-labelledby')).toBe(tabs()[0]!.id);
    expect(tabs()[0]!.getAttribute('aria-controls')).toBe(panel().id);
    expect(panel().textContent).toBe('Panneau a');
  });

  it('selects on click without moving the focus; arrows, Home and End select and focus, wrapping around', () => {
    act(() => dom.root.render(<Example />));
    act(() => tabs()[1]!.click());
    expect(panel().textContent).toBe('Panneau b');
    expect(document.activeElement).not.toBe(tabs()[1]);

    act(() => tabs()[1]!.focus());
    press('ArrowRight');
    expect(panel().textContent).toBe('Panneau c');
    expect(document.activeElement).toBe(tabs()[2]);
    press('ArrowRight');
    expect(document.activeElement).toBe(tabs()[0]);
    press('ArrowLeft');
    expect(document.activeElement).toBe(tabs()[2]);
    press('Home');
    expect(panel().textContent).toBe('Panneau a');
    press('End');
    expect(panel().textContent).toBe('Panneau c');
  });

  it('moves with ArrowUp and ArrowDown only when asked', () => {
    act(() => dom.root.render(<Example />));
    act(() => tabs()[0]!.focus());
    press('ArrowDown');
    expect(panel().textContent).toBe('Panneau a');

    act(() => dom.root.render(<Example upDownKeys />));
    press('ArrowDown');
    expect(panel().textContent).toBe('Panneau b');
    press('ArrowUp');
    expect(panel().textContent).toBe('Panneau a');
  });
});
