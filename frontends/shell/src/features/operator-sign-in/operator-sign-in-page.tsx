import { PageLoading } from '@popote/ui';
import { useRef } from 'react';
import { Redirect, useNavigate, useSearchParams } from '@popote/router';
import { useOperatorSession } from '../../auth/operator-session';
import { AuthShell } from '../auth/auth-shell';
import authStyles from '../auth/auth-page.module.css';
import { OperatorSignInSteps } from './sign-in-steps';
import { operatorSignInFr } from './texts';

/** Where the console opens once signed in. */
const CONSOLE_HOME = '/console';

/** The page to go back to: a page of the console (never this one, never another site), else the console's first. */
export function consoleNext(next: string | null): string {
  if (!next || !/^\/console(\/|\?|$)/.test(next) || /^\/console\/connexion(\/|\?|$)/.test(next)) return CONSOLE_HOME;
  return next;
}

/**
 * /console/connexion, a page of the shell (public): the operators' sign-in, then back to `?next=`
 * (the console page the guard sent them from). Someone already signed in to the console goes
 * there at once; once the steps have started they lead on themselves (the recovery codes are
 * shown after the session opened).
 */
export function OperatorSignInPage() {
  const session = useOperatorSession();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const next = consoleNext(searchParams.get('next'));
  // Set once the form has been shown: from then on, the steps navigate.
  const formShown = useRef(false);

  if (!formShown.current) {
    if (session.status === 'signed-in') return <Redirect to={next} replace />;
    if (session.status === 'loading') return <PageLoading />;
  }
  formShown.current = true;

  return (
    <AuthShell title={operatorSignInFr.title} titleId="console-sign-in-title">
      <p className={authStyles.lead}>{operatorSignInFr.lead}</p>
      <OperatorSignInSteps onSignedIn={() => navigate(next, { replace: true })} />
    </AuthShell>
  );
}
