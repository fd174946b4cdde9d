// @vitest-environment jsdom
import { createGraphQLClient, GraphQLProvider, type User } from '@popote/graphql';
import { useReactTestRoot } from '@popote/ui/testing';
import { act, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PasswordCard } from './password-card';
import { PersonalInfoCard } from './personal-info-card';

const USER: User = {
  user_id: 'u-1',
  name: 'Camille Testeur',
  username: 'camille',
  email: 'camille@popote.test',
  email_verified: true,
  location: 'Lyon 7e',
  bio: '',
  avatar_url: null,
  user_type: 'consumer',
  created_at: '2026-01-01T00:00:00.000Z',
};

const dom = useReactTestRoot();

/** The BFF's answer to every request: a GraphQL error (code, message, per-field messages). */
const refusal = (code: string, message: string, fields?: Record<string, string>) => () =>
  new Response(JSON.stringify({ data: null, errors: [{ message, extensions: { code, ...(fields ? { fields } : {}) } }] }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

/** Renders `card` with the frontends' real GraphQL client, its BFF answering `answer`; returns the requests' bodies. */
async function mount(card: ReactNode, answer: () => Response) {
  const sent: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: unknown, init?: RequestInit) => {
      sent.push(String(init?.body));
      return answer();
    }),
  );
  const client = createGraphQLClient({ uri: 'http://bff.test/graphql' });
  await act(async () => dom.root.render(<GraphQLProvider value={client}>{card}</GraphQLProvider>));
  return sent;
}

const button = (name: string) => [...dom.container.querySelectorAll('button')].find((b) => b.textContent === name)!;
const input = (label: string) => {
  const id = [...dom.container.querySelectorAll('label')].find((l) => l.textContent === label)?.htmlFor;
  return document.getElementById(id ?? '') as HTMLInputElement;
};
const click = (element: HTMLElement) => act(async () => element.click());
/** Types into a registered input as a person does (react-hook-form listens to the input event). */
const type = (element: HTMLInputElement, value: string) =>
  act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
/** Lets the submit (validation, request, answer) run to its end. */
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 50)));

describe("the profile's 'Informations personnelles' card", () => {
  it("opens its form on 'Modifier' (focus on the name) and gives the focus back to 'Modifier' on 'Annuler'", async () => {
    await mount(<PersonalInfoCard user={USER} isCook={false} />, refusal('INTERNAL', 'Erreur'));
    expect(dom.container.textContent).toContain('@camille');
    await click(button('Modifier'));
    expect(document.activeElement).toBe(input('Nom complet'));
    expect(input('Email').readOnly).toBe(true);
    await click(button('Annuler'));
    expect(dom.container.querySelector('form')).toBeNull();
    expect(document.activeElement).toBe(button('Modifier'));
  });

  it("shows the server's message next to its field, focused, and keeps the form open", async () => {
    const sent = await mount(
      <PersonalInfoCard user={USER} isCook={false} />,
      refusal('CONFLICT', 'Ce pseudo est déjà pris', { username: 'Ce pseudo est déjà pris' }),
    );
    await click(button('Modifier'));
    await type(input('Pseudo'), 'pris');
    await click(button('Enregistrer'));
    await settle();
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!).variables.input).toMatchObject({ username: 'pris', avatar_url: null });
    const username = input('Pseudo');
    expect(username.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(username.getAttribute('aria-describedby')!)?.textContent).toBe('Ce pseudo est déjà pris');
    expect(document.activeElement).toBe(username);
    // Shown on its field: not again as the form's own message.
    expect(dom.container.querySelector('form [role="alert"]')).toBeNull();
  });

  it('keeps a refusal that no field carries readable in the form', async () => {
    await mount(<PersonalInfoCard user={USER} isCook={false} />, refusal('CONFLICT', 'Ce compte a changé entre-temps'));
    await click(button('Modifier'));
    await click(button('Enregistrer'));
    await settle();
    expect(dom.container.querySelector('form [role="alert"]')?.textContent).toBe('Ce compte a changé entre-temps');
  });
});

describe("the profile's 'Mot de passe' card", () => {
  it('checks the confirmation before sending, and shows a wrong current password next to its field', async () => {
    const sent = await mount(
      <PasswordCard />,
      refusal('VALIDATION_FAILED', 'Données invalides', { current_password: 'Le mot de passe est incorrect' }),
    );
    await type(input('Mot de passe actuel'), 'ancien-secret');
    await type(input('Nouveau mot de passe'), 'nouveau-secret');
    await type(input('Confirmer le nouveau mot de passe'), 'autre-chose');
    await click(button('Changer le mot de passe'));
    await settle();
    expect(dom.container.textContent).toContain('Les mots de passe ne correspondent pas');
    expect(sent).toEqual([]);

    await type(input('Confirmer le nouveau mot de passe'), 'nouveau-secret');
    await click(button('Changer le mot de passe'));
    await settle();
    expect(sent).toHaveLength(1);
    expect(dom.container.textContent).not.toContain('Les mots de passe ne correspondent pas');
    expect(input('Mot de passe actuel').getAttribute('aria-invalid')).toBe('true');
    expect(dom.container.textContent).toContain('Le mot de passe est incorrect');
    expect(input('Nouveau mot de passe').autocomplete).toBe('new-password');
  });
});
