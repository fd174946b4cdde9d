// @vitest-environment jsdom
import { Refusal, renderWithBff, settle, useReactTestRoot, type SentOperation } from '@popote/ui/testing';
import { act } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it } from 'vitest';
import { ConsoleLayout } from './console-layout';

const dom = useReactTestRoot();
const OPERATOR = { __typename: 'Operator', operator_id: 'op_1', name: 'Camille Ops', email: 'camille@popote.test' };

async function openAt(path: string, answer: (op: SentOperation) => unknown) {
  const location = memoryLocation({ path, record: true });
  const sent = await renderWithBff(
    dom,
    <Router hook={location.hook}>
      <ConsoleLayout>
        <h1>Page</h1>
      </ConsoleLayout>
    </Router>,
    answer,
  );
  return { history: location.history, sent };
}

const button = (name: string) =>
  [...dom.container.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s+/g, ' ').trim() === name) ?? null;
const click = async (element: HTMLElement) => {
  await act(async () => element.click());
  await settle();
};

describe("the console's frame", () => {
  it("shows 'Console Popote', the operator, 'Se déconnecter' and the sections, the current one marked", async () => {
    await openAt('/console/journal', () => ({ operator: OPERATOR }));
    const header = dom.container.querySelector('header')!;
    expect(header.querySelector('a')?.textContent).toBe('Console Popote');
    expect(header.textContent).toContain('Opérateur connecté : Camille Ops');
    expect(button('Se déconnecter')).not.toBeNull();
    const nav = dom.container.querySelector('nav[aria-label="Navigation de la console"]')!;
    expect([...nav.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('aria-current')])).toEqual([
      ['Signalements', '/console/signalements', null],
      ['Recours', '/console/recours', null],
      ['Vendeurs', '/console/vendeurs', null],
      ['Commandes', '/console/commandes', null],
      ['Versements échoués', '/console/versements', null],
      ['Offre de bienvenue', '/console/offre-de-bienvenue', null],
      ['Lettres mortes', '/console/lettres-mortes', null],
      ['Journal', '/console/journal', 'page'],
    ]);
    expect(dom.container.querySelector('h1')?.textContent).toBe('Page');
  });

  it("'Se déconnecter' ends the session at the BFF, then leads to the sign-in page", async () => {
    const { history, sent } = await openAt('/console/journal', (op) =>
      op.operationName === 'ConsoleSignOut' ? { operatorSignOut: true } : { operator: OPERATOR },
    );
    await click(button('Se déconnecter')!);
    expect(sent.map((op) => op.operationName)).toContain('ConsoleSignOut');
    expect(history.at(-1)).toBe('/console/connexion');
  });

  it('says when signing out failed, and stays', async () => {
    const { history } = await openAt('/console/journal', (op) =>
      op.operationName === 'ConsoleSignOut' ? new Refusal('Service momentanément indisponible', 'UNAVAILABLE') : { operator: OPERATOR },
    );
    await click(button('Se déconnecter')!);
    await settle();
    expect(document.body.textContent).toContain('Service momentanément indisponible');
    expect(history.at(-1)).toBe('/console/journal');
  });

  it('without an operator session (the remote run alone) says so and leads to the sign-in page', async () => {
    await openAt('/console/journal', () => ({ operator: null }));
    expect(dom.container.textContent).toContain('Aucune session d’opérateur : connectez-vous à la console.');
    expect(dom.container.querySelector('a[href="/console/connexion"]')?.textContent).toBe('Aller à la connexion');
    expect(dom.container.textContent).not.toContain('Page');
  });
});
