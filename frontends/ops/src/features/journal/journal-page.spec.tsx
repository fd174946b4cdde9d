// @vitest-environment jsdom
import { Refusal, renderWithBff, settle, useReactTestRoot, type SentOperation } from '@popote/ui/testing';
import { act } from 'react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { JournalPage } from './journal-page';

const dom = useReactTestRoot();

const entry = (n: number, over: Record<string, string | null> = {}) => ({
  __typename: 'AuditEntry',
  entry_id: `e${String(n).padStart(3, '0')}`,
  at: '2026-12-07T07:59:02.000Z',
  operator_id: 'op_1',
  operator_email: 'ops@popote.test',
  action: 'operator.signed-in',
  target: null,
  reason: null,
  ...over,
});

/** The log of `total` lines, newest (highest number) first, answered a page at a time as identity does. */
function auditLog(total: number) {
  const all = Array.from({ length: total }, (_, i) => entry(total - i));
  return (variables: Record<string, unknown>) => {
    const before = variables['before'] as string | undefined;
    const limit = variables['limit'] as number;
    const from = before ? all.findIndex((e) => e.entry_id < before) : 0;
    const page = from < 0 ? [] : all.slice(from, from + limit);
    const more = from >= 0 && from + limit < all.length;
    return {
      operatorAudit: { __typename: 'AuditPage', entries: page, next_before: more ? page[page.length - 1]!.entry_id : null },
    };
  };
}

const audits = (sent: SentOperation[]) => sent.filter((op) => op.operationName === 'OperatorAudit');
const rows = () => [...dom.container.querySelectorAll<HTMLTableRowElement>('[data-testid="audit-row"]')];
const cells = (row: HTMLTableRowElement) => [...row.cells].map((cell) => cell.textContent.replace(/\s/g, ' '));
const button = (name: string) =>
  [...dom.container.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s+/g, ' ').trim() === name) ?? null;
const click = async (element: HTMLElement) => {
  await act(async () => element.click());
  await settle();
};
/** Waits (up to 3 s) for `find` to give something. */
async function until<T>(find: () => T | null | undefined, what: string): Promise<T> {
  for (let i = 0; i < 60; i += 1) {
    const found = find();
    if (found) return found;
    await settle();
  }
  return expect.fail(`never found: ${what}`);
}

describe("the console's journal", () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists the log newest first, in French and Paris time, under French column headers', async () => {
    await renderWithBff(dom, <JournalPage />, () => ({
      operatorAudit: {
        __typename: 'AuditPage',
        entries: [
          entry(3, { action: 'operator.signed-in-with-recovery-code' }),
          entry(2, { action: 'operator.second-factor-set', target: 'operator:op_1' }),
          entry(1, {
            operator_id: null,
            operator_email: null,
            action: 'operator.added',
            target: 'operator:op_1',
            reason: 'Léa <lea@popote.test>',
          }),
        ],
        next_before: null,
      },
    }));
    await until(() => rows().length === 3, 'the rows');
    expect(dom.container.querySelector('h1')?.textContent).toBe('Journal');
    expect([...dom.container.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual([
      'Date (heure de Paris)',
      'Opérateur',
      'Action',
      'Cible',
      'Motif',
    ]);
    expect(rows().map(cells)).toEqual([
      ['07/12/2026 08:59:02', 'ops@popote.test', 'Connexion avec un code de secours', '—', '—'],
      ['07/12/2026 08:59:02', 'ops@popote.test', 'Double authentification activée', 'Opérateur op_1', '—'],
      ['07/12/2026 08:59:02', 'Système', 'Opérateur ajouté', 'Opérateur op_1', 'Léa <lea@popote.test>'],
    ]);
    expect(rows()[0]!.querySelector('time')?.getAttribute('datetime')).toBe('2026-12-07T07:59:02.000Z');
    // One page: neither way to page is offered.
    expect(button('Plus ancien')?.disabled).toBe(true);
    expect(button('Plus récent')?.disabled).toBe(true);
  });

  it("pages with 'Plus ancien' (the page's next_before) and back with 'Plus récent'", async () => {
    const log = auditLog(120);
    const sent = await renderWithBff(dom, <JournalPage />, (op) => log(op.variables));
    await until(() => rows().length === 50, 'the first page');
    expect(audits(sent)[0]!.variables).toEqual({ limit: 50 });
    expect(rows()[0]!.textContent).toBeTruthy();
    expect(dom.container.textContent).toContain('Page 1');

    await click(button('Plus ancien')!);
    await until(() => dom.container.textContent.includes('Page 2') && rows().length === 50, 'the second page');
    expect(audits(sent).at(-1)!.variables).toEqual({ limit: 50, before: 'e071' });

    await click(button('Plus ancien')!);
    await until(() => dom.container.textContent.includes('Page 3') && rows().length === 20, 'the last page');
    expect(button('Plus ancien')?.disabled).toBe(true);

    await click(button('Plus récent')!);
    await until(() => dom.container.textContent.includes('Page 2'), 'back to the second page');
    await click(button('Plus récent')!);
    await until(() => dom.container.textContent.includes('Page 1'), 'back to the first page');
    expect(button('Plus récent')?.disabled).toBe(true);
  });

  it('says when the log is empty', async () => {
    await renderWithBff(dom, <JournalPage />, () => ({ operatorAudit: { __typename: 'AuditPage', entries: [], next_before: null } }));
    await until(() => dom.container.textContent.includes('Le journal est vide.'), 'the empty state');
  });

  it("shows the loading state, then the error with 'Réessayer', which asks again", async () => {
    let fail = true;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const sent = await renderWithBff(dom, <JournalPage />, async () => {
      await held;
      return fail
        ? new Refusal('Service indisponible', 'INTERNAL')
        : { operatorAudit: { __typename: 'AuditPage', entries: [entry(1)], next_before: null } };
    });
    expect(dom.container.textContent).toContain('Chargement du journal…');
    release();
    await until(() => dom.container.textContent.includes('Erreur lors du chargement du journal'), 'the error state');
    fail = false;
    await click(button('Réessayer')!);
    await until(() => rows().length === 1, 'the rows after the retry');
    expect(audits(sent).length).toBeGreaterThanOrEqual(2);
  });

  it("offers 'Plus récent' when an older page cannot be read", async () => {
    const log = auditLog(60);
    await renderWithBff(dom, <JournalPage />, (op) =>
      op.variables['before'] ? new Refusal('Service indisponible', 'INTERNAL') : log(op.variables),
    );
    await until(() => rows().length === 50, 'the first page');
    await click(button('Plus ancien')!);
    await until(() => dom.container.textContent.includes('Erreur lors du chargement du journal'), 'the error state');
    await click(button('Plus récent')!);
    await until(() => rows().length === 50 && dom.container.textContent.includes('Page 1'), 'the first page again');
  });

  it("'Exporter (CSV)' fetches every page, 200 lines at a time, and saves them as one CSV file", async () => {
    const saved: Array<{ name: string; blob: Blob }> = [];
    const blobs = new Map<string, Blob>();
    // jsdom has no object URLs: this test's own, put back afterwards.
    const before = Object.getOwnPropertyDescriptor(URL, 'createObjectURL');
    Object.defineProperty(URL, 'createObjectURL', {
      configurable: true,
      value: (blob: Blob) => (blobs.set(`blob:${blobs.size + 1}`, blob), `blob:${blobs.size}`),
    });
    onTestFinished(() => {
      if (before) Object.defineProperty(URL, 'createObjectURL', before);
      else Reflect.deleteProperty(URL, 'createObjectURL');
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, blob: blobs.get(this.href)! });
    });
    const log = auditLog(450);
    const sent = await renderWithBff(dom, <JournalPage />, (op) => log(op.variables));
    await until(() => rows().length === 50, 'the first page');

    await click(button('Exporter (CSV)')!);
    await until(() => saved.length === 1, 'the saved file');
    expect(
      audits(sent)
        .filter((op) => op.variables['limit'] === 200)
        .map((op) => op.variables['before'] ?? null),
    ).toEqual([null, 'e251', 'e051']);
    expect(saved[0]!.name).toMatch(/^popote-journal-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(new TextDecoder('utf-8', { ignoreBOM: true }).decode(reader.result as ArrayBuffer));
      reader.readAsArrayBuffer(saved[0]!.blob);
    });
    expect(text.startsWith('\uFEFFDate (heure de Paris);Opérateur;Action;')).toBe(true);
    const lines = text.trimEnd().split('\r\n');
    expect(lines).toHaveLength(451);
    expect(lines[1]).toContain(';e450');
    expect(lines[450]).toContain(';e001');
    expect(document.body.textContent).toContain('Journal exporté (450 lignes)');
  });

  it('says when the export failed, in the BFF’s words', async () => {
    const sent = await renderWithBff(dom, <JournalPage />, (op) =>
      op.variables['limit'] === 200
        ? new Refusal('Votre session d’opérateur a expiré : reconnectez-vous', 'UNAUTHENTICATED')
        : { operatorAudit: { __typename: 'AuditPage', entries: [entry(1)], next_before: null } },
    );
    await until(() => rows().length === 1, 'the rows');
    await click(button('Exporter (CSV)')!);
    await until(() => document.body.textContent.includes('Votre session d’opérateur a expiré : reconnectez-vous'), 'the refusal');
    expect(audits(sent).filter((op) => op.variables['limit'] === 200)).toHaveLength(1);
  });
});
