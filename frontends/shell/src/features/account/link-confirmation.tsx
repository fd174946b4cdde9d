import { Link } from '@popote/router';
import { Button, buttonClassName } from '@popote/ui';
import { AuthShell } from '../auth/auth-shell';
import authStyles from '../auth/auth-page.module.css';
import styles from './account-pages.module.css';

export interface LinkResult {
  ok: boolean;
  text: string;
}

export interface LinkConfirmationProps {
  /** `lead` says what pressing the button (`confirm`) does, before it is pressed; `home` names the way home. */
  texts: { title: string; lead: string; confirm: string; home: string };
  titleId: string;
  loading: boolean;
  onConfirm: () => unknown;
  /** Once the button was pressed: the outcome, read out (status, or alert when it failed). */
  result: LinkResult | null;
  /** A second way on once done, after the home link. */
  next?: { to: string; label: string } | null;
}

/**
 * The page an email's link opens (email verification, alert unsubscription): opening it changes
 * nothing (mail scanners open links), the person confirms with the button, then reads the outcome
 * with a way home.
 */
export function LinkConfirmation({ texts, titleId, loading, onConfirm, result, next }: LinkConfirmationProps) {
  return (
    <AuthShell title={texts.title} titleId={titleId}>
      {result ? (
        <>
          <p className={result.ok ? styles.done : authStyles.error} role={result.ok ? 'status' : 'alert'}>
            {result.text}
          </p>
          <div className={styles.links}>
            <Link to="/" className={buttonClassName({ variant: 'primary' })}>
              {texts.home}
            </Link>
            {next ? (
              <Link to={next.to} className={buttonClassName({ variant: 'outline' })}>
                {next.label}
              </Link>
            ) : null}
          </div>
        </>
      ) : (
        <>
          <p className={authStyles.lead}>{texts.lead}</p>
          <Button variant="primary" size="lg" fullWidth loading={loading} onClick={() => void onConfirm()}>
            {texts.confirm}
          </Button>
        </>
      )}
    </AuthShell>
  );
}
