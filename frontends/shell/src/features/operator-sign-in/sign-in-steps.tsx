import { apiMessage } from '@popote/auth';
import { useMutation } from '@popote/graphql';
import { Button, FieldMessages, saveFile, TextField, toast } from '@popote/ui';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { writeOperator } from '../../auth/operator-session';
import { EMAIL_INPUT, passwordInput, useZodForm, type ServerError } from '../../forms/zod-form';
import { AuthSubmit } from '../auth/auth-shell';
import authStyles from '../auth/auth-page.module.css';
import { ConfirmOperatorEnrolmentDocument, OperatorSignInDocument, type OperatorSignInMutation } from './operator-sign-in.generated';
import styles from './operator-sign-in.module.css';
import { QrCode } from './qr-code';
import { codeSchema, credentialsSchema, recoverySchema } from './schemas';
import { operatorSignInFr } from './texts';

const t = operatorSignInFr;

type SignInAnswer = OperatorSignInMutation['operatorSignIn'];

/** Where the sign-in is: the password, then the app's code (or a recovery code), or at the first sign-in the factor to set and its recovery codes. */
type Step =
  | { name: 'credentials' }
  | { name: 'code'; email: string; password: string; recovery: boolean }
  | { name: 'enrol'; email: string; enrolmentToken: string; secret: string; otpauthUrl: string }
  | { name: 'recovery-codes'; email: string; codes: string[] };

/** The secret as an app asks for it to be typed: groups of 4 ('JBSW Y3DP EHPK 3PXP'). */
export const groupedSecret = (secret: string): string =>
  secret
    .replace(/\s/g, '')
    .match(/.{1,4}/g)
    ?.join(' ') ?? '';

/** A refusal of the BFF, in its own French words (network failures and internal errors: our fallback). */
const refusalOf = (read: ServerError, error: unknown): string | null => (read.shownOnFields ? null : apiMessage(error, t.failed));

function Refusal({ message }: { message: string | null }) {
  return message ? (
    <p className={authStyles.error} role="alert">
      {message}
    </p>
  ) : null;
}

/** A step's heading (h2 under the page's h1); `focused`: the focus goes to it when the step shows (it replaced the form the focus was in). */
function StepTitle({ children, focused = false }: { children: ReactNode; focused?: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focused) ref.current?.focus();
  }, [focused]);
  return (
    <h2 className={styles.stepTitle} ref={ref} tabIndex={focused ? -1 : undefined}>
      {children}
    </h2>
  );
}

/** `operatorSignIn`; a signed-in answer makes its operator the cache's `Query.operator`. */
function useOperatorSignIn() {
  return useMutation(OperatorSignInDocument, {
    update: (cache, { data }) => {
      const answer = data.operatorSignIn;
      if (answer.step === 'signed_in' && answer.operator) writeOperator(cache, answer.operator);
    },
  });
}

function CredentialsForm({ onAnswer }: { onAnswer: (email: string, password: string, answer: SignInAnswer) => void }) {
  const [signIn] = useOperatorSignIn();
  const form = useZodForm(credentialsSchema, { email: '', password: '' });
  const [refusal, setRefusal] = useState<string | null>(null);
  const onSubmit = form.submitWith(
    async ({ email, password }) => {
      setRefusal(null);
      const { data } = await signIn({ variables: { email, password } });
      onAnswer(email, password, data.operatorSignIn);
    },
    { failed: (read, error) => setRefusal(refusalOf(read, error)) },
  );
  return (
    <form className={authStyles.form} onSubmit={onSubmit} noValidate>
      <TextField label={t.email} {...EMAIL_INPUT} {...form.field('email')} />
      <TextField label={t.password} {...passwordInput('current-password')} {...form.field('password')} />
      <Refusal message={refusal} />
      <AuthSubmit loading={form.formState.isSubmitting}>{t.signIn}</AuthSubmit>
    </form>
  );
}

/** The second factor of a signed-up operator: the app's six digits, or one of the recovery codes (same `code` argument). */
function CodeForm({
  email,
  password,
  recovery,
  onAnswer,
  onToggleRecovery,
  onBack,
}: {
  email: string;
  password: string;
  recovery: boolean;
  onAnswer: (answer: SignInAnswer) => void;
  onToggleRecovery: () => void;
  onBack: () => void;
}) {
  const [signIn] = useOperatorSignIn();
  const form = useZodForm(recovery ? recoverySchema : codeSchema, { code: '' });
  const [refusal, setRefusal] = useState<string | null>(null);
  const { setFocus } = form;
  useEffect(() => setFocus('code'), [setFocus]);
  const onSubmit = form.submitWith(
    async ({ code }) => {
      setRefusal(null);
      const { data } = await signIn({ variables: { email, password, code } });
      onAnswer(data.operatorSignIn);
    },
    { failed: (read, error) => setRefusal(refusalOf(read, error)) },
  );
  return (
    <>
      <StepTitle>{t.code.title}</StepTitle>
      <p className={authStyles.lead}>{recovery ? t.code.recoveryLead : t.code.lead}</p>
      <form className={authStyles.form} onSubmit={onSubmit} noValidate>
        {recovery ? (
          <TextField
            label={t.code.recoveryLabel}
            hint={t.code.recoveryHint}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            {...form.field('code')}
          />
        ) : (
          <TextField label={t.code.label} inputMode="numeric" autoComplete="one-time-code" {...form.field('code')} />
        )}
        <Refusal message={refusal} />
        <AuthSubmit loading={form.formState.isSubmitting}>{t.code.submit}</AuthSubmit>
      </form>
      <div className={styles.links}>
        <button type="button" className={authStyles.switchButton} onClick={onToggleRecovery}>
          {recovery ? t.code.useApp : t.code.useRecovery}
        </button>
        <button type="button" className={authStyles.switchButton} onClick={onBack}>
          {t.code.back}
        </button>
      </div>
    </>
  );
}

/** First sign-in: the new secret (QR code, key, otpauth link), then its first code, which sets it. */
function EnrolForm({
  step,
  onEnrolled,
  onRestart,
}: {
  step: Extract<Step, { name: 'enrol' }>;
  onEnrolled: (codes: string[]) => void;
  onRestart: () => void;
}) {
  const [confirm] = useMutation(ConfirmOperatorEnrolmentDocument, {
    update: (cache, { data }) => writeOperator(cache, data.confirmOperatorEnrolment.operator),
  });
  const form = useZodForm(codeSchema, { code: '' });
  const [refusal, setRefusal] = useState<string | null>(null);
  const onSubmit = form.submitWith(
    async ({ code }) => {
      setRefusal(null);
      const { data } = await confirm({ variables: { enrolment_token: step.enrolmentToken, code } });
      onEnrolled(data.confirmOperatorEnrolment.recovery_codes);
    },
    { failed: (read, error) => setRefusal(refusalOf(read, error)) },
  );
  return (
    <>
      <StepTitle focused>{t.enrol.title}</StepTitle>
      <p className={authStyles.lead}>{t.enrol.lead}</p>
      <p className={styles.instruction}>{t.enrol.scan}</p>
      <QrCode text={step.otpauthUrl} />
      <p className={styles.instruction}>{t.enrol.keyLabel}</p>
      <p className={styles.secret}>
        <code data-testid="totp-secret">{groupedSecret(step.secret)}</code>
      </p>
      <p className={styles.instruction}>
        <a href={step.otpauthUrl}>{t.enrol.openLink}</a>
      </p>
      <p className={styles.instruction}>{t.enrol.codeLead}</p>
      <form className={authStyles.form} onSubmit={onSubmit} noValidate>
        <TextField label={t.enrol.codeLabel} inputMode="numeric" autoComplete="one-time-code" {...form.field('code')} />
        <Refusal message={refusal} />
        <AuthSubmit loading={form.formState.isSubmitting}>{t.enrol.submit}</AuthSubmit>
      </form>
      <div className={styles.links}>
        <button type="button" className={authStyles.switchButton} onClick={onRestart}>
          {t.enrol.restart}
        </button>
      </div>
    </>
  );
}

/** The ten recovery codes, shown once: copy, download, and say they are kept before going on. */
function RecoveryCodes({ email, codes, onDone }: { email: string; codes: string[]; onDone: () => void }) {
  const r = t.recovery;
  const id = useId();
  const checkbox = useRef<HTMLInputElement>(null);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast.success(r.copied, { id: 'recovery-codes' });
    } catch {
      toast.error(r.copyFailed, { id: 'recovery-codes' });
    }
  };
  const download = () => saveFile(r.filename, [`${r.fileHeader(email)}${codes.join('\r\n')}\r\n`], 'text/plain;charset=utf-8');
  const proceed = () => {
    if (!saved) {
      setError(r.savedRequired);
      checkbox.current?.focus();
      return;
    }
    onDone();
  };

  return (
    <>
      <StepTitle focused>{r.title}</StepTitle>
      <p className={authStyles.lead}>{r.lead}</p>
      <ol className={styles.codes} aria-label={r.listLabel} data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className={styles.actions}>
        <Button variant="outline" onClick={copy}>
          {r.copy}
        </Button>
        <Button variant="outline" onClick={download}>
          {r.download}
        </Button>
      </div>
      <div className={styles.check}>
        <input
          ref={checkbox}
          id={id}
          type="checkbox"
          checked={saved}
          onChange={(event) => {
            setSaved(event.target.checked);
            if (event.target.checked) setError(undefined);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <label htmlFor={id}>{r.saved}</label>
      </div>
      <FieldMessages id={id} error={error} alert />
      <Button variant="primary" size="lg" fullWidth onClick={proceed}>
        {r.continue}
      </Button>
    </>
  );
}

export interface OperatorSignInStepsProps {
  /** The session is open (the cookie set, `Query.operator` written): go on to the console. */
  onSignedIn: () => void;
}

/**
 * The operators' sign-in (ADR 0041): email and password; then the six-digit code of the
 * authenticator app, or a recovery code; at the first sign-in, the secret to add to the app
 * (QR code, key in groups of 4, otpauth link) and its first code, then the ten recovery codes,
 * shown once. Every refusal is the BFF's French message.
 */
export function OperatorSignInSteps({ onSignedIn }: OperatorSignInStepsProps) {
  const [step, setStep] = useState<Step>({ name: 'credentials' });
  const restart = () => setStep({ name: 'credentials' });

  const onAnswer = (email: string, password: string, answer: SignInAnswer) => {
    if (answer.step === 'signed_in') {
      if (answer.recovery_code_used) toast.success(t.code.recoveryUsed, { id: 'operator-recovery-used' });
      onSignedIn();
    } else if (answer.step === 'code_required') {
      setStep({ name: 'code', email, password, recovery: false });
    } else if (answer.step === 'enrol' && answer.enrolment_token && answer.secret && answer.otpauth_url) {
      setStep({ name: 'enrol', email, enrolmentToken: answer.enrolment_token, secret: answer.secret, otpauthUrl: answer.otpauth_url });
    } else {
      throw new Error(`operatorSignIn answered an unknown step "${answer.step}"`);
    }
  };

  switch (step.name) {
    case 'credentials':
      return <CredentialsForm onAnswer={onAnswer} />;
    case 'code':
      return (
        <CodeForm
          key={step.recovery ? 'recovery' : 'app'}
          email={step.email}
          password={step.password}
          recovery={step.recovery}
          onAnswer={(answer) => onAnswer(step.email, step.password, answer)}
          onToggleRecovery={() => setStep({ ...step, recovery: !step.recovery })}
          onBack={restart}
        />
      );
    case 'enrol':
      return (
        <EnrolForm step={step} onEnrolled={(codes) => setStep({ name: 'recovery-codes', email: step.email, codes })} onRestart={restart} />
      );
    case 'recovery-codes':
      return <RecoveryCodes email={step.email} codes={step.codes} onDone={onSignedIn} />;
  }
}
