// @vitest-environment jsdom
import { CombinedError } from '@popote/graphql';
import { useReactTestRoot } from '@popote/ui/testing';
import { act, useState, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { button, click, control, text, type } from '../reports/spec-helpers';
import { ConsoleTable } from './console-table';
import tableStyles from './console-table.module.css';
import { ConfirmStep, CountedHint, FormError, useConfirmStep } from './form-parts';
import { NotLoaded } from './not-loaded';

const dom = useReactTestRoot();

const render = async (ui: ReactNode) => {
  await act(async () => dom.root.render(ui));
};

/** A form whose submission is confirmed, naming what it does ('Valeur'); its two ways out of the confirmation. */
function Harness({ onDone }: { onDone: (value: string) => void }) {
  const [value, setValue] = useState('');
  const step = useConfirmStep([value]);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (step.confirming) onDone(value);
        else step.ask();
      }}
    >
      <label>
        Valeur
        <input value={value} onChange={(event) => setValue(event.target.value)} />
      </label>
      <button type="button" onClick={() => step.leave(true)}>
        Refus
      </button>
      <button type="button" onClick={() => step.leave()}>
        Erreur de champ
      </button>
      <ConfirmStep step={step} lead="Cela ne se défait pas." confirm={`Confirmer ${value}`} submit="Envoyer" busy={false} />
    </form>
  );
}

describe("the console's confirmation step", () => {
  it('asks first (its button takes the focus, described by the lead), then does it', async () => {
    const onDone = vi.fn();
    await render(<Harness onDone={onDone} />);
    await type(control(dom, 'Valeur')!, 'A');
    expect(button(dom, 'Confirmer A')).toBeNull();
    await click(button(dom, 'Envoyer')!);
    const confirm = button(dom, 'Confirmer A')!;
    expect(document.activeElement).toBe(confirm);
    expect(confirm.getAttribute('type')).toBe('submit');
    expect(document.getElementById(confirm.getAttribute('aria-describedby')!)?.textContent).toBe('Cela ne se défait pas.');
    expect(button(dom, 'Envoyer')).toBeNull();
    expect(onDone).not.toHaveBeenCalled();
    await click(confirm);
    expect(onDone).toHaveBeenCalledWith('A');
  });

  it("'Annuler' and a refusal go back to the submit button with the focus; a field's error leaves the focus alone", async () => {
    await render(<Harness onDone={() => undefined} />);
    await click(button(dom, 'Envoyer')!);
    await click(button(dom, 'Annuler')!);
    expect(button(dom, 'Annuler')).toBeNull();
    expect(document.activeElement).toBe(button(dom, 'Envoyer'));

    await click(button(dom, 'Envoyer')!);
    await click(button(dom, 'Refus')!);
    expect(document.activeElement).toBe(button(dom, 'Envoyer'));

    await click(button(dom, 'Envoyer')!);
    expect(document.activeElement).toBe(button(dom, 'Confirmer'));
    await click(button(dom, 'Erreur de champ')!);
    expect(button(dom, 'Confirmer')).toBeNull();
    expect(document.activeElement).not.toBe(button(dom, 'Envoyer'));
  });

  it('asks again when what it names changes', async () => {
    await render(<Harness onDone={() => undefined} />);
    await click(button(dom, 'Envoyer')!);
    expect(button(dom, 'Confirmer')).not.toBeNull();
    await type(control(dom, 'Valeur')!, 'B');
    expect(button(dom, 'Confirmer B')).toBeNull();
    expect(button(dom, 'Envoyer')).not.toBeNull();
  });
});

describe("the console's form parts", () => {
  it('FormError: nothing without a message, else an alert', async () => {
    await render(<FormError message={null} />);
    expect(dom.container.innerHTML).toBe('');
    await render(<FormError message="Refusé" className="extra" />);
    const alert = dom.container.querySelector('[role="alert"]')!;
    expect(alert.textContent).toBe('Refusé');
    expect(alert.classList).toContain('extra');
    expect(alert.classList.length).toBe(2);
  });

  it('CountedHint: the hint, then the count against the maximum', async () => {
    await render(<CountedHint hint="Écrit au journal." length={12} max={500} />);
    expect(text(dom)).toBe('Écrit au journal. 12 / 500 caractères');
  });
});

const refusal = (message: string, code: string) => new CombinedError({ graphQLErrors: [{ message, extensions: { code } }] });

describe("a detail page's body while not loaded", () => {
  const props = { errorMessage: 'Erreur lors du chargement', loadingLabel: 'Chargement…' };

  it("says the services' message when it does not exist, without 'Réessayer'", async () => {
    await render(<NotLoaded {...props} error={refusal('Commande introuvable', 'NOT_FOUND')} onRetry={() => undefined} />);
    expect(text(dom)).toContain('Commande introuvable');
    expect(text(dom)).not.toContain('Erreur lors du chargement');
    expect(button(dom, 'Réessayer')).toBeNull();
  });

  it("shows another error with 'Réessayer', and the spinner while it loads", async () => {
    const onRetry = vi.fn();
    await render(<NotLoaded {...props} error={refusal('Service indisponible', 'INTERNAL')} onRetry={onRetry} />);
    expect(text(dom)).toContain('Erreur lors du chargement');
    await click(button(dom, 'Réessayer')!);
    expect(onRetry).toHaveBeenCalledTimes(1);
    await render(<NotLoaded {...props} error={undefined} onRetry={onRetry} />);
    expect(text(dom)).toContain('Chargement…');
  });
});

describe("the console's tables", () => {
  const columns = [{ label: 'Nom' }, { label: 'Montant', number: true }];
  const row = (
    <tr>
      <td>Ana</td>
      <td>5 €</td>
    </tr>
  );

  it('are a named region that takes the focus (to scroll it), marked busy only while loading', async () => {
    await render(
      <ConsoleTable caption="Les versements" columns={columns}>
        {row}
      </ConsoleTable>,
    );
    const region = dom.container.querySelector('[role="region"]')!;
    expect(region.getAttribute('aria-label')).toBe('Les versements');
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(region.hasAttribute('aria-busy')).toBe(false);
    expect([...region.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['Nom', 'Montant']);
    expect(region.querySelector('table')!.classList).toContain(tableStyles.table);

    await render(
      <ConsoleTable caption="Les versements" columns={columns} busy className="wide">
        {row}
      </ConsoleTable>,
    );
    expect(region.getAttribute('aria-busy')).toBe('true');
    const table = region.querySelector('table')!;
    expect(table.classList).toContain('wide');
    expect(table.classList).not.toContain(tableStyles.table);
  });
});
