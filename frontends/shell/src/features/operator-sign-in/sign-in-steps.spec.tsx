// @vitest-environment jsdom
import { Refusal, renderWithBff, settle, useReactTestRoot, type SentOperation } from '@popote/ui/testing';
import { act } from 'react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { useOperatorSession } from '../../auth/operator-session';
import { consoleNext } from './operator-sign-in-page';
import { groupedSecret, OperatorSignInSteps } from './sign-in-steps';

const dom = useReactTestRoot();

const OPERATOR = { __typename: 'Operator', operator_id: 'op_1', name: 'Camille Ops', email: 'camille@popote.test' };
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const OTPAUTH = `otpauth://totp/Popote%20(op%C3%A9rateurs):camille%40popote.test?secret=${SECRET}&issuer=Popote%20(op%C3%A9rateurs)`;
const CODES = [
  'abcde-12345',
  'fghij-67890',
  'klmno-11111',
  'pqrst-22222',
  'uvwxy-33333',
  'zabcd-44444',
  'efghi-55555',
  'jklmn-66666',
  'opqrs-77777',
  'tuvwx-88888',
];

const answer = (step: string, over: Record<string, unknown> = {}) => ({
  operatorSignIn: {
    __typename: 'OperatorSignIn',
    step,
    operator: null,
    secret: null,
    otpauth_url: null,
    enrolment_token: null,
    recovery_code_used: null,
    ...over,
  },
});

/** Who the cache says is signed in to the console (what the shell's guard reads). */
function SessionProbe() {
  const session = useOperatorSession();
  return <p data-testid="session">{session.status === 'signed-in' ? session.operator.name : session.status}</p>;
}

/** Mounts the steps, the BFF answering `bff` (and `operator`: nobody, at first). */
async function mount(bff: (op: SentOperation) => unknown) {
  const onSignedIn = vi.fn();
  const sent = await renderWithBff(
    dom,
    <>
      <OperatorSignInSteps onSignedIn={onSignedIn} />
      <SessionProbe />
    </>,
    (op) => (op.operationName === 'ShellOperator' ? { operator: null } : bff(op)),
  );
  return { onSignedIn, sent: () => sent.filter((op) => op.operationName !== 'ShellOperator') };
}

const text = () => dom.container.textContent.replace(/\s+/g, ' ');
const session = () => dom.container.querySelector('[data-testid="session"]')?.textContent;
const field = (label: string) => {
  const id = [...dom.container.querySelectorAll('label')].find((l) => l.textContent === label)?.htmlFor;
  return (id ? document.getElementById(id) : null) as HTMLInputElement | null;
};
const button = (name: string) =>
  [...dom.container.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s+/g, ' ').trim() === name) ?? null;
const click = async (element: HTMLElement) => {
  await act(async () => element.click());
  await settle();
};
/** Types into an input as a person does (React and react-hook-form listen to the input event). */
const type = (label: string, value: string) =>
  act(async () => {
    const input = field(label);
    if (!input) throw new Error(`no field labelled ${label}`);
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
const alertText = () => [...dom.container.querySelectorAll('[role="alert"]')].map((a) => a.textContent).join(' | ');
/** Waits (up to 3 s) for `find` to give something. */
async function until<T>(find: () => T | null | undefined, what: string): Promise<T> {
  for (let i = 0; i < 60; i += 1) {
    const found = find();
    if (found) return found;
    await settle();
  }
  return expect.fail(`never found: ${what}`);
}

async function signInWith(email: string, password: string) {
  await type('Email', email);
  await type('Mot de passe', password);
  await click(button('Se connecter')!);
}

describe("the operators' sign-in", () => {
  afterEach(() => vi.restoreAllMocks());

  it('checks the email and the password before asking the BFF', async () => {
    const { sent } = await mount(() => expect.fail('nothing is sent'));
    await click(button('Se connecter')!);
    expect(text()).toContain('L’email est requis');
    expect(text()).toContain('Le mot de passe est requis');
    await type('Email', 'pas-un-email');
    await click(button('Se connecter')!);
    expect(text()).toContain('Adresse email invalide');
    expect(sent()).toHaveLength(0);
  });

  it('shows a refused password in the BFF’s French words', async () => {
    await mount(() => new Refusal('Email, mot de passe ou code incorrect', 'INVALID_CREDENTIALS'));
    await signInWith('camille@popote.test', 'faux');
    expect(alertText()).toContain('Email, mot de passe ou code incorrect');
    expect(field('Email')?.value).toBe('camille@popote.test');
  });

  it('asks for the 6-digit code, sends it with the password, and opens the console', async () => {
    const { onSignedIn, sent } = await mount((op) => {
      const code = op.variables['code'] as string | undefined;
      if (!code) return answer('code_required');
      if (code !== '123456') return new Refusal('Code incorrect ou expiré', 'INVALID_CREDENTIALS');
      return answer('signed_in', { operator: OPERATOR, recovery_code_used: false });
    });
    await signInWith('camille@popote.test', 'secret-du-jour');
    await until(() => field('Code à 6 chiffres'), 'the code field');
    expect(document.activeElement).toBe(field('Code à 6 chiffres'));
    expect(text()).toContain('Saisissez le code à 6 chiffres affiché par votre application d’authentification.');

    await type('Code à 6 chiffres', '12345');
    await click(button('Valider')!);
    expect(text()).toContain('Le code compte 6 chiffres');
    expect(sent()).toHaveLength(1);

    await type('Code à 6 chiffres', '654321');
    await click(button('Valider')!);
    expect(alertText()).toContain('Code incorrect ou expiré');
    expect(onSignedIn).not.toHaveBeenCalled();

    // Typed as the app shows it, with a space: sent without.
    await type('Code à 6 chiffres', '123 456');
    await click(button('Valider')!);
    await until(() => onSignedIn.mock.calls.length === 1, 'the console');
    expect(sent().map((op) => op.variables)).toEqual([
      { email: 'camille@popote.test', password: 'secret-du-jour' },
      { email: 'camille@popote.test', password: 'secret-du-jour', code: '654321' },
      { email: 'camille@popote.test', password: 'secret-du-jour', code: '123456' },
    ]);
    // The guard finds the operator in the cache.
    expect(session()).toBe('Camille Ops');
  });

  it("takes a recovery code instead ('Utiliser un code de secours'), in the same argument", async () => {
    const { onSignedIn, sent } = await mount((op) =>
      op.variables['code'] ? answer('signed_in', { operator: OPERATOR, recovery_code_used: true }) : answer('code_required'),
    );
    await signInWith('camille@popote.test', 'secret-du-jour');
    await click(await until(() => button('Utiliser un code de secours'), 'the recovery link'));
    expect(field('Code à 6 chiffres')).toBeNull();
    expect(text()).toContain('Dix lettres ou chiffres, par exemple abcde-12345.');
    await type('Code de secours', 'abc');
    await click(button('Valider')!);
    expect(text()).toContain('Un code de secours compte 10 lettres ou chiffres (abcde-12345)');

    await type('Code de secours', ' ABCDE-12345 ');
    await click(button('Valider')!);
    await until(() => onSignedIn.mock.calls.length === 1, 'the console');
    expect(sent().at(-1)?.variables['code']).toBe('ABCDE-12345');
    expect(document.body.textContent).toContain('Connecté avec un code de secours : ce code ne servira plus.');

    // And back to the app's code, or to the password.
    expect(button('Utiliser le code de l’application')).not.toBeNull();
    await click(button('Modifier l’email ou le mot de passe')!);
    expect(field('Mot de passe')).not.toBeNull();
  });

  it('at the first sign-in: the secret (grouped by 4, otpauth link, QR code), its first code, then the ten recovery codes shown once', async () => {
    const saved: Array<{ name: string; blob: Blob }> = [];
    const blobs = new Map<string, Blob>();
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
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });

    const { onSignedIn, sent } = await mount((op) => {
      if (op.operationName === 'OperatorSignIn')
        return answer('enrol', { secret: SECRET, otpauth_url: OTPAUTH, enrolment_token: 'enrol-token' });
      if (op.variables['code'] !== '246810') return new Refusal('Code incorrect ou expiré', 'INVALID_CREDENTIALS');
      return { confirmOperatorEnrolment: { __typename: 'OperatorEnrolment', operator: OPERATOR, recovery_codes: CODES } };
    });
    await signInWith('camille@popote.test', 'premier-mot-de-passe');
    await until(() => text().includes('Activer la double authentification'), 'the enrolment');
    expect(document.activeElement?.textContent).toBe('Activer la double authentification');
    expect(dom.container.querySelector('[data-testid="totp-secret"]')?.textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(dom.container.querySelector(`a[href="${OTPAUTH}"]`)?.textContent).toBe(
      'Ouvrir dans l’application d’authentification (sur ce téléphone)',
    );
    const qr = await until(() => dom.container.querySelector('img'), 'the QR code');
    expect(qr.alt).toBe('QR code à scanner avec votre application d’authentification');
    expect(qr.src).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);

    await type('Code à 6 chiffres', '111111');
    await click(button('Activer')!);
    expect(alertText()).toContain('Code incorrect ou expiré');
    await type('Code à 6 chiffres', '246810');
    await click(button('Activer')!);
    await until(() => text().includes('Vos codes de secours'), 'the recovery codes');
    expect(sent().at(-1)).toMatchObject({
      operationName: 'ConfirmOperatorEnrolment',
      variables: { enrolment_token: 'enrol-token', code: '246810' },
    });
    expect([...dom.container.querySelectorAll('[data-testid="recovery-codes"] li')].map((li) => li.textContent)).toEqual(CODES);
    // The session is open (the guard would let the console through), but the codes come first.
    expect(session()).toBe('Camille Ops');
    expect(onSignedIn).not.toHaveBeenCalled();

    await click(button('Copier')!);
    expect(writeText).toHaveBeenCalledWith(CODES.join('\n'));
    expect(document.body.textContent).toContain('Codes copiés');
    await click(button('Télécharger (.txt)')!);
    expect(saved.map((s) => s.name)).toEqual(['popote-console-codes-de-secours.txt']);

    await click(button('Continuer vers la console')!);
    expect(alertText()).toContain('Confirmez d’abord que vous avez mis ces codes en lieu sûr.');
    expect(document.activeElement).toBe(field('J’ai mis ces codes en lieu sûr'));
    expect(onSignedIn).not.toHaveBeenCalled();
    await click(field('J’ai mis ces codes en lieu sûr')!);
    await click(button('Continuer vers la console')!);
    expect(onSignedIn).toHaveBeenCalledTimes(1);
  });

  it('says when the enrolment expired, and starts again', async () => {
    await mount((op) =>
      op.operationName === 'OperatorSignIn'
        ? answer('enrol', { secret: SECRET, otpauth_url: OTPAUTH, enrolment_token: 'old-token' })
        : new Refusal('L’activation a expiré : reconnectez-vous pour recommencer', 'UNAUTHENTICATED'),
    );
    await signInWith('camille@popote.test', 'premier-mot-de-passe');
    await until(() => field('Code à 6 chiffres'), 'the enrolment');
    await type('Code à 6 chiffres', '246810');
    await click(button('Activer')!);
    expect(alertText()).toContain('L’activation a expiré : reconnectez-vous pour recommencer');
    await click(button('Recommencer la connexion')!);
    expect(field('Mot de passe')).not.toBeNull();
  });
});

describe('the page after signing in', () => {
  it('is a page of the console, never the sign-in page itself nor another site', () => {
    expect(consoleNext('/console/journal')).toBe('/console/journal');
    expect(consoleNext('/console/journal?page=2')).toBe('/console/journal?page=2');
    expect(consoleNext('/console')).toBe('/console');
    expect(consoleNext(null)).toBe('/console');
    for (const bad of [
      '/console/connexion',
      '/console/connexion?next=/console',
      '//evil.example/console',
      'https://evil.example',
      '/consoles',
      '/profile',
    ])
      expect(consoleNext(bad), bad).toBe('/console');
  });

  it('shows the secret as authenticator apps ask it to be typed', () => {
    expect(groupedSecret('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP');
    expect(groupedSecret('ABCDEF')).toBe('ABCD EF');
  });
});
